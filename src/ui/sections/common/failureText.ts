// What a visitor reads when a layer, its map images, a chart or a list fails to load (issue 23
// item 3): what failed, why in a few words (the server's status, a time-out, no connection, an
// unreadable answer) and what to do: try again when that can help (a 5xx, 408/429, a time-out,
// the network), else tell the admin (a 4xx is a request the config made wrong). Texts: th.failures.
import { isApiError } from '../../../api/errors.ts';
import { th } from '../../../locale/th.ts';

type FailureSubject = 'layer' | 'tiles' | 'chart' | 'list';

export interface FailureText {
  text: string;
  /** Whether trying again can help: the row or panel offers 'ลองใหม่'. */
  retry: boolean;
}

const t = th.failures;

/** A status a later attempt may not get: the server's own trouble, a time-out, too many requests. */
function retryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

function compose(subject: FailureSubject, cause: string | null, hint: string, retry: boolean): FailureText {
  return { text: `${t[subject]}${cause ? ` (${cause})` : ''} ${hint}`, retry };
}

/** The Thai message for an HTTP failure (a map tile's, which is no ApiError). */
export function statusFailureText(subject: FailureSubject, status: number): FailureText {
  const retry = retryableStatus(status);
  return compose(subject, t.status(status), retry ? t.tryAgain : t.tellAdmin, retry);
}

/** The Thai message for any load failure: an ApiError by its kind, anything else for the admin. */
export function failureText(subject: FailureSubject, error: unknown): FailureText {
  if (!isApiError(error)) return compose(subject, null, t.tellAdmin, false);
  switch (error.kind) {
    case 'http':
      return statusFailureText(subject, error.status ?? 0);
    case 'timeout':
      return compose(subject, t.timeout(Math.round((error.detail.timeoutMs ?? 0) / 1000)), t.tryAgain, true);
    case 'network':
      return compose(subject, t.network, t.checkNetwork, true);
    case 'parse':
      return compose(subject, t.parse, t.tellAdmin, false);
    case 'backend':
      return compose(subject, t.backend, t.tellAdmin, false);
    case 'aborted':
      return compose(subject, null, t.tryAgain, true);
  }
}
