// Typed failures of provider calls, so a page can pick the Thai message of SPEC.md §8 (and say
// what went wrong on the row, issue 23 item 3), and an admin's ?debug=1 panel the server's reason.
export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'backend' | 'parse' | 'aborted';

/** What is known of a failed request besides its kind and URL. */
interface ApiErrorDetail {
  method?: string;
  /** The form body of a POST (a WFS GetFeature's typeNames and CQL_FILTER). */
  body?: string;
  /** The server's own words: an OGC exception's text, a JSON error body, a router `errors`. */
  reason?: string;
  /** The timeout that ran out (kind 'timeout'). */
  timeoutMs?: number;
}

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly url: string,
    message: string,
    readonly status?: number,
    readonly detail: ApiErrorDetail = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
