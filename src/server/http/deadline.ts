// No request waits forever (issue 27 item 1): a request whose answer has not started within the
// deadline gets a 503 with Retry-After (readable from any origin) and a log line. The database's
// own bounds (a pooled connection in DATABASE_CONNECT_TIMEOUT_MS, an answer in
// DATABASE_QUERY_TIMEOUT_MS) come first; this catches whatever else waits.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RETRY_AFTER_SECONDS } from '../db/errors.ts';

/** REQUEST_TIMEOUT_MS by default: longer than the database bounds and a whole-coast download. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 60_000;

/** REQUEST_TIMEOUT_MS: whole milliseconds, at least 1 000. */
export function parseRequestTimeout(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_REQUEST_TIMEOUT_MS;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1000) throw new Error(`REQUEST_TIMEOUT_MS must be a whole number of milliseconds, at least 1000, got "${raw}"`);
  return ms;
}

/**
 * Starts the deadline of one request; `onLate` runs when it answers in the handler's place.
 * Returns whether it did, so that the handler's late writes are not reported as its faults.
 */
export function startDeadline(req: IncomingMessage, res: ServerResponse, ms: number, onLate: () => void): () => boolean {
  let answered = false;
  const timer = setTimeout(() => {
    if (res.headersSent || res.writableEnded) return; // a stream under way ends on its own
    answered = true;
    onLate();
    res.on('error', () => undefined); // the handler's writes after this answer
    const body = `Service Unavailable: no answer within ${Math.round(ms / 1000)} s; try again shortly\n`;
    res.writeHead(503, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Retry-After': String(RETRY_AFTER_SECONDS),
      'Cache-Control': 'no-store',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'Retry-After',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }, ms);
  timer.unref();
  res.once('close', () => clearTimeout(timer));
  return () => answered;
}
