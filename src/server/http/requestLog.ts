import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';

export type LogSink = (entry: object) => void;

/** One JSON line per entry on stdout when LOG_REQUESTS=1; silent otherwise (tests, quiet runs). */
export function defaultLogSink(): LogSink {
  if (process.env.LOG_REQUESTS !== '1') return () => {};
  return (entry) => process.stdout.write(`${JSON.stringify(entry)}\n`);
}

/** Logs method, path, status and duration once the response is finished or aborted. */
export function logWhenDone(req: IncomingMessage, res: ServerResponse, log: LogSink): void {
  const started = performance.now();
  res.once('close', () => {
    log({
      method: req.method,
      path: (req.url ?? '').split('?')[0],
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
}
