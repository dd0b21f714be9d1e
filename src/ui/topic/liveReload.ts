// The debounce of a shown layer's reload (issue 14; every toggle row since issue 23): pickers,
// the period or the map view may change several times in a row (a user stepping through years,
// a map being dragged); the layer is asked for again once, `delayMs` after the last change. A
// reload the row cannot take yet (a load still running) is tried again after another delay, so
// the last change always lands.
interface LiveReload {
  /** The request changed: (re)starts the wait. */
  changed(): void;
  /** Forgets a pending reload (the row went away). */
  cancel(): void;
}

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** `reload` returns false when it cannot reload now (then it is tried again `delayMs` later). */
export function liveReload(delayMs: number, reload: () => boolean, timers: Timers = globalTimers): LiveReload {
  let pending: unknown = null;
  const cancel = () => {
    if (pending !== null) timers.clearTimeout(pending);
    pending = null;
  };
  const changed = () => {
    cancel();
    pending = timers.setTimeout(() => {
      pending = null;
      if (!reload()) changed();
    }, delayMs);
  };
  return { changed, cancel };
}
