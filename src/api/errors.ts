// Typed failures of provider calls, so a page can pick the Thai message of SPEC.md §8.
export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'backend' | 'parse' | 'aborted';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly url: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
