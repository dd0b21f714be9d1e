// OGC exception reports with the standard codes (WMS 1.1.1 ServiceExceptionReport, WFS 1.0
// ServiceExceptionReport, OWS 1.1 ExceptionReport for WFS 2.0), as proper 4xx answers.
import type { ServerResponse } from 'node:http';
import { xmlEscape } from './xml.ts';

export type OgcCode =
  | 'LayerNotDefined' | 'InvalidSRS' | 'InvalidCRS' | 'InvalidFormat' | 'InvalidParameterValue'
  | 'MissingParameterValue' | 'OperationNotSupported' | 'InvalidDimensionValue' | 'LayerNotQueryable'
  | 'VersionNegotiationFailed' | 'NoApplicableCode' | 'InvalidPoint' | 'StyleNotDefined';

export class OgcError extends Error {
  constructor(
    readonly code: OgcCode,
    message: string,
    readonly locator?: string,
    readonly status = code === 'NoApplicableCode' ? 500 : code === 'OperationNotSupported' ? 501 : 400,
  ) {
    super(message);
  }
}

export function exceptionReport(error: OgcError, service: 'WMS' | 'WFS', version: string): { body: string; contentType: string } {
  const locator = error.locator ? ` locator="${xmlEscape(error.locator)}"` : '';
  if (service === 'WFS' && version.startsWith('2')) {
    return {
      contentType: 'application/xml; charset=utf-8',
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<ows:ExceptionReport xmlns:ows="http://www.opengis.net/ows/1.1" version="2.0.0"><ows:Exception exceptionCode="${error.code}"${locator}><ows:ExceptionText>${xmlEscape(error.message)}</ows:ExceptionText></ows:Exception></ows:ExceptionReport>\n`,
    };
  }
  const type = service === 'WMS' ? 'application/vnd.ogc.se_xml; charset=utf-8' : 'application/xml; charset=utf-8';
  return {
    contentType: type,
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<ServiceExceptionReport version="${service === 'WMS' ? '1.1.1' : '1.2.0'}"><ServiceException code="${error.code}"${locator}>${xmlEscape(error.message)}</ServiceException></ServiceExceptionReport>\n`,
  };
}

export function sendException(res: ServerResponse, error: OgcError, service: 'WMS' | 'WFS', version: string): void {
  const { body, contentType } = exceptionReport(error, service, version);
  const payload = Buffer.from(body);
  res.writeHead(error.status, { 'Content-Type': contentType, 'Content-Length': payload.length, 'Cache-Control': 'no-store' });
  res.end(payload);
}
