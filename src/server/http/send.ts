import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CachedBody } from './cachedBody.ts';
import { addVary } from './vary.ts';
import { acceptsGzip, etagMatches } from './negotiate.ts';

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
}

/** Serves a cached body with ETag/304 and gzip negotiation. HEAD bodies are dropped by node:http. */
export async function sendCached({ req, res }: Exchange, body: CachedBody): Promise<void> {
  const gzipped = acceptsGzip(req.headers['accept-encoding']) ? await body.gzipped() : null;
  res.setHeader('ETag', gzipped ? body.gzipEtag : body.etag);
  res.setHeader('Cache-Control', body.cacheControl);
  if (body.compressible) addVary(res, 'Accept-Encoding');

  // Both variants carry the same content, so either tag validates the cached copy.
  if (etagMatches(req.headers['if-none-match'], [body.etag, body.gzipEtag])) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const payload = gzipped ?? body.raw;
  res.statusCode = 200;
  res.setHeader('Content-Type', body.contentType);
  res.setHeader('Content-Length', payload.length);
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.end(payload);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  const payload = Buffer.from(`${text}\n`);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': payload.length,
    'Cache-Control': 'no-store',
  });
  res.end(payload);
}

export function redirect(res: ServerResponse, location: string): void {
  sendText(res, 302, `Found: ${location}`, { Location: location });
}
