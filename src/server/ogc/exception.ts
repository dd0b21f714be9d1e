// OGC exception reports with the standard codes, in the form each version defines, as proper
// 4xx/5xx answers: WMS 1.1.1 ServiceExceptionReport (application/vnd.ogc.se_xml), WMS 1.3.0
// ServiceExceptionReport in the ogc namespace (text/xml), WFS 1.0.0 ServiceExceptionReport 1.2.0,
// WFS 1.1.0 ows:ExceptionReport (OWS 1.0), WFS 2.0 ows:ExceptionReport (OWS 1.1).
import type { ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS } from '../db/errors.ts';
import { xmlEscape } from './xml.ts';

type OgcCode =
  | 'LayerNotDefined' | 'InvalidSRS' | 'InvalidCRS' | 'InvalidFormat' | 'InvalidParameterValue'
  | 'MissingParameterValue' | 'OperationNotSupported' | 'InvalidDimensionValue' | 'LayerNotQueryable'
  | 'VersionNegotiationFailed' | 'NoApplicableCode' | 'InvalidPoint' | 'StyleNotDefined' | 'NotFound';

function defaultStatus(code: OgcCode): number {
  if (code === 'NoApplicableCode') return 500;
  if (code === 'OperationNotSupported') return 501;
  return code === 'NotFound' ? 404 : 400;
}

export class OgcError extends Error {
  constructor(
    readonly code: OgcCode,
    message: string,
    readonly locator?: string,
    readonly status = defaultStatus(code),
  ) {
    super(message);
  }
}

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XSI = 'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

function owsReport(error: OgcError, ows: '1.0.0' | '1.1.0', version: string): string {
  const ns = ows === '1.1.0' ? 'http://www.opengis.net/ows/1.1' : 'http://www.opengis.net/ows';
  const xsd = ows === '1.1.0' ? 'http://schemas.opengis.net/ows/1.1.0/owsExceptionReport.xsd' : 'http://schemas.opengis.net/ows/1.0.0/owsExceptionReport.xsd';
  const locator = error.locator ? ` locator="${xmlEscape(error.locator)}"` : '';
  return (
    `${HEAD}<ows:ExceptionReport xmlns:ows="${ns}" ${XSI} version="${version}" xsi:schemaLocation="${ns} ${xsd}">` +
    `<ows:Exception exceptionCode="${error.code}"${locator}><ows:ExceptionText>${xmlEscape(error.message)}</ows:ExceptionText></ows:Exception></ows:ExceptionReport>\n`
  );
}

/** WMS 1.1.1's DTD (exception_1_1_1.dtd) has no locator attribute; the 1.3.0 and OGC 1.2.0 schemas do. */
function serviceExceptionReport(error: OgcError, version: string, namespace?: { uri: string; xsd: string }): string {
  const locator = error.locator && namespace ? ` locator="${xmlEscape(error.locator)}"` : '';
  const ns = namespace ? ` xmlns="${namespace.uri}" ${XSI} xsi:schemaLocation="${namespace.uri} ${namespace.xsd}"` : '';
  return `${HEAD}<ServiceExceptionReport version="${version}"${ns}><ServiceException code="${error.code}"${locator}>${xmlEscape(error.message)}</ServiceException></ServiceExceptionReport>\n`;
}

function exceptionReport(error: OgcError, service: 'WMS' | 'WFS', version: string): { body: string; contentType: string } {
  const xml = 'application/xml; charset=utf-8';
  if (service === 'WFS') {
    if (version.startsWith('2')) return { contentType: xml, body: owsReport(error, '1.1.0', '2.0.0') };
    if (version === '1.1.0') return { contentType: xml, body: owsReport(error, '1.0.0', '1.0.0') };
    return { contentType: xml, body: serviceExceptionReport(error, '1.2.0', { uri: 'http://www.opengis.net/ogc', xsd: 'http://schemas.opengis.net/wfs/1.0.0/OGC-exception.xsd' }) };
  }
  if (version === '1.3.0') {
    return {
      contentType: 'text/xml; charset=utf-8',
      body: serviceExceptionReport(error, '1.3.0', { uri: 'http://www.opengis.net/ogc', xsd: 'http://schemas.opengis.net/wms/1.3.0/exceptions_1_3_0.xsd' }),
    };
  }
  return { contentType: 'application/vnd.ogc.se_xml; charset=utf-8', body: serviceExceptionReport(error, '1.1.1') };
}

export function sendException(res: ServerResponse, error: OgcError, service: 'WMS' | 'WFS', version: string): void {
  const { body, contentType } = exceptionReport(error, service, version);
  const payload = Buffer.from(body);
  res.writeHead(error.status, {
    'Content-Type': contentType,
    'Content-Length': payload.length,
    'Cache-Control': 'no-store',
    ...(error.status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {}),
  });
  res.end(payload);
}
