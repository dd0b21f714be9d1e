// The server's reason for a failed answer, in its own words, for the admin's ?debug=1 panel: the
// text of an OGC exception report (WFS/WMS ExceptionText or ServiceException, with its code and
// locator), the message of a JSON error body, else the body's text (tags removed). Bounded.
const MAX_REASON = 500;

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();
const bounded = (text: string) => (text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text);
const unescapeXml = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/** code="X" or exceptionCode="X" and locator="Y" of an exception element: 'X (Y): '. */
function codePrefix(attributes: string): string {
  const code = /(?:exceptionCode|code)="([^"]*)"/.exec(attributes)?.[1];
  const locator = /locator="([^"]*)"/.exec(attributes)?.[1];
  if (!code) return '';
  return `${code}${locator ? ` (${unescapeXml(locator)})` : ''}: `;
}

function fromXml(body: string): string | null {
  const reasons: string[] = [];
  const exception = /<(?:\w+:)?(Exception|ServiceException)\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?\1>/g;
  for (const m of body.matchAll(exception)) {
    const inner = m[3] ?? '';
    const texts = [...inner.matchAll(/<(?:\w+:)?ExceptionText>([\s\S]*?)<\/(?:\w+:)?ExceptionText>/g)].map((t) => t[1] ?? '');
    const text = texts.length ? texts.join(' ') : inner.replace(/<[^>]*>/g, ' ');
    reasons.push(`${codePrefix(m[2] ?? '')}${squeeze(unescapeXml(text))}`);
  }
  return reasons.length ? reasons.join('; ') : null;
}

function fromJson(body: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  for (const key of ['error', 'errors', 'message', 'detail', 'reason']) {
    const v = record[key];
    if (typeof v === 'string' && v.trim()) return v;
    if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') return (v as { message: string }).message;
  }
  return JSON.stringify(value);
}

/** The reason a failed answer's body gives ('' for an empty body). */
export function serverReason(body: string): string {
  const text = body.trim();
  if (!text) return '';
  const reason = text.startsWith('<') ? fromXml(text) : fromJson(text);
  return bounded(squeeze(reason ?? text.replace(/<[^>]*>/g, ' ')));
}
