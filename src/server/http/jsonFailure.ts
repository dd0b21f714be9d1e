// The JSON answer to a request that failed, shared by the router, the values/totals endpoints and
// the bundled data files: the status its cause gives (503 with Retry-After for a database that
// is away or too slow), else 500; server faults and outages get a (rate-limited) log line.
import { RETRY_AFTER_SECONDS } from '../db/errors.ts';
import { sendJsonError } from './json.ts';
import type { RequestContext } from './routeTable.ts';

interface KnownFailure {
  status: number;
  message: string;
}

export function sendJsonFailure(ctx: RequestContext, error: unknown, known: KnownFailure | null, log: (entry: object) => void, where: string): void {
  const { res } = ctx;
  if (res.headersSent) return void res.destroy();
  if (!known || known.status === 503) log({ level: 'error', where, path: ctx.pathname, error: String(error) });
  if (known?.status === 503) res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
  sendJsonError(res, known?.status ?? 500, known?.message ?? 'internal error');
}
