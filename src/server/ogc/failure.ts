// What a failure becomes for an OGC client: an OgcError that is safe to show (no internals, no
// stack) and its report, in the version's XML or, for GetMap with EXCEPTIONS=inimage/blank, an
// image in the requested FORMAT.
import type { ServerResponse } from 'node:http';
import { databaseTrouble, isDataException } from '../db/errors.ts';
import { BodyTooLargeError } from '../http/body.ts';
import { OgcError, sendException } from './exception.ts';
import { exceptionImage, exceptionsMode } from './exceptionImage.ts';
import { FilterError } from './filter/index.ts';
import type { Kvp } from './kvp.ts';
import { RenderParamError } from './render/index.ts';
import { requestName, type ServiceName } from './versions.ts';

/** Any failure as an OgcError that is safe to show (no internals, no stack). */
export function toOgcError(error: unknown): { error: OgcError; unexpected: boolean } {
  if (error instanceof OgcError) return { error, unexpected: false };
  if (error instanceof FilterError) return { error: new OgcError('InvalidParameterValue', error.message, error.locator), unexpected: false };
  if (error instanceof RenderParamError) {
    return { error: new OgcError(error.code, error.message, error.param.toUpperCase()), unexpected: false };
  }
  if (error instanceof BodyTooLargeError) {
    return { error: new OgcError('InvalidParameterValue', `request body larger than ${error.limit} bytes`, undefined, 413), unexpected: false };
  }
  if (isDataException(error)) {
    return { error: new OgcError('InvalidParameterValue', 'a value in the request is out of range for its attribute'), unexpected: false };
  }
  const trouble = databaseTrouble(error);
  if (trouble === 'timeout') {
    return {
      error: new OgcError('NoApplicableCode', 'the request took too long; ask for a smaller area, a filter or fewer features', undefined, 503),
      unexpected: false,
    };
  }
  if (trouble === 'unavailable') return { error: new OgcError('NoApplicableCode', 'the database is not available, try again shortly', undefined, 503), unexpected: true };
  return { error: new OgcError('NoApplicableCode', 'internal error', undefined, 500), unexpected: true };
}

/** Sends the report of `error` as the request asked (XML, or an image for WMS GetMap). */
export async function sendFailure(res: ServerResponse, error: OgcError, service: ServiceName, version: string, kvp: Kvp | undefined): Promise<void> {
  const mode = service === 'WMS' && kvp && requestName(kvp, 'wms') === 'getmap' ? exceptionsMode(kvp.get('EXCEPTIONS')) : 'xml';
  const image = mode !== 'xml' && kvp ? await exceptionImage(kvp, mode, `${error.code}: ${error.message}`) : undefined;
  if (!image || res.headersSent) return sendException(res, error, service, version);
  res.writeHead(200, { 'Content-Type': image.type, 'Content-Length': image.body.length, 'Cache-Control': 'no-store' });
  res.end(image.body);
}
