// Every failed request of the page (issue 23 item 3), for the admin's ?debug=1 panel: method,
// URL, HTTP status and the server's reason. The API client records its failures here; the map
// records its tile failures. Newest last, at most MAX_FAILURES kept. A plain listener list (api/
// imports nothing of state/), read with useSyncExternalStore.
import type { ApiErrorKind } from './errors.ts';

interface FailedRequest {
  id: number;
  method: string;
  url: string;
  /** The form body of a POST. */
  body?: string;
  kind: ApiErrorKind | 'tile';
  status?: number;
  /** The server's reason, else what the client saw (a timeout, a network error). */
  reason: string;
}

const MAX_FAILURES = 50;
let failures: readonly FailedRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

export const failureLog = {
  get: (): readonly FailedRequest[] => failures,
  record(entry: Omit<FailedRequest, 'id'>): void {
    failures = [...failures, { id: nextId++, ...entry }].slice(-MAX_FAILURES);
    listeners.forEach((l) => l());
  },
  clear(): void {
    failures = [];
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
