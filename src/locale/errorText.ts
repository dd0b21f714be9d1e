// A thrown error in words a Thai visitor can act on (issue 24): the browser's own English
// ('Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed', 'The
// operation was aborted.', 'Unexpected token < in JSON') never reaches the screen. Each text says
// what went wrong and what to do next; a message already in Thai (ours) is kept as it is.
import { th } from './th.ts';

const t = th.failures;
const THAI = /[\u0E00-\u0E7F]/;

/** Raw browser messages (Chromium, Firefox, Safari) and their Thai text. */
const BROWSER_MESSAGES: ReadonlyArray<[RegExp, string]> = [
  [/failed to fetch|networkerror|load failed|network request failed|net::err_|err_connection/i, `${t.network} ${t.checkNetwork}`],
  [/timed? ?out/i, `${t.network} ${t.tryAgain}`],
  [/abort/i, `${t.aborted} ${t.tryAgain}`],
  [/quota/i, `${t.storageFull} ${t.tellAdmin}`],
  [/json|unexpected token|syntaxerror/i, `${t.parse} ${t.tellAdmin}`],
];

/** The message of an Error, a `{ message }` or a string; '' for anything else. */
function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return '';
}

/** The Thai text of a failure; null when the error says nothing (the caller's own fallback then). */
export function errorText(error: unknown): string | null {
  const message = messageOf(error).trim();
  if (!message) return null;
  if (THAI.test(message)) return message;
  const known = BROWSER_MESSAGES.find(([pattern]) => pattern.test(message));
  return known ? known[1] : `${t.unexpected} ${t.tryAgain}`;
}
