// JSON answers: cacheable ones go through CachedBody (ETag/304, gzip); errors are never cached
// and never carry a stack trace.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CachedBody } from './cachedBody.ts';
import { sendCached } from './send.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON body ready to be served (and served again: ETag, gzip made once). */
export const jsonBody = (body: unknown, cacheControl = 'public, max-age=300'): CachedBody =>
  new CachedBody(Buffer.from(JSON.stringify(body)), JSON_TYPE, cacheControl);

export function sendJson(exchange: { req: IncomingMessage; res: ServerResponse }, body: unknown, cacheControl = 'public, max-age=300'): Promise<void> {
  return sendCached(exchange, jsonBody(body, cacheControl));
}

export function sendJsonError(res: ServerResponse, status: number, message: string, extra: Record<string, unknown> = {}): void {
  const payload = Buffer.from(JSON.stringify({ errors: message, data: [], ...extra }));
  res.writeHead(status, { 'Content-Type': JSON_TYPE, 'Content-Length': payload.length, 'Cache-Control': 'no-store' });
  res.end(payload);
}
