// Error logs that a failing world cannot flood: one line per kind of error per interval. The
// first error of a kind is written at once; repeats within the interval are counted, and when the
// interval is over one line says how many there were (`repeated`). A kind is where it happened
// plus the message with its numbers blanked, so "connect ECONNREFUSED 10.0.0.5:5432" from
// thousands of requests is one kind.
import type { LogSink } from './requestLog.ts';

interface LimitedLogOptions {
  /** Default 10 s. */
  intervalMs?: number;
  /** Distinct kinds tracked at once; beyond this, new kinds share one (default 200). */
  maxKinds?: number;
  now?: () => number;
}

interface Window {
  since: number;
  repeated: number;
  sample: Record<string, unknown>;
}

function kindOf(entry: Record<string, unknown>): string {
  const message = String(entry.error ?? entry.message ?? '').replace(/\d+/g, '#').slice(0, 160);
  return `${String(entry.where ?? '')}|${message}`;
}

export function rateLimitedLog(sink: LogSink, options: LimitedLogOptions = {}): LogSink {
  const intervalMs = options.intervalMs ?? 10_000;
  const maxKinds = options.maxKinds ?? 200;
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();
  let timer: ReturnType<typeof setInterval> | undefined;

  /** Writes the count of every finished window and forgets it; stops the timer when nothing is pending. */
  const flush = () => {
    const t = now();
    for (const [kind, w] of windows) {
      if (t - w.since < intervalMs) continue;
      if (w.repeated > 0) sink({ ...w.sample, repeated: w.repeated, intervalSeconds: intervalMs / 1000 });
      windows.delete(kind);
    }
    if (windows.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return (entry) => {
    flush();
    const record = entry as Record<string, unknown>;
    let kind = kindOf(record);
    if (!windows.has(kind) && windows.size >= maxKinds) kind = '|other';
    const w = windows.get(kind);
    if (w) {
      w.repeated++;
      w.sample = record;
      return;
    }
    windows.set(kind, { since: now(), repeated: 0, sample: record });
    sink(entry);
    timer ??= setInterval(flush, intervalMs);
    timer.unref();
  };
}
