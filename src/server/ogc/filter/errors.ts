// The one error type of the filter modules (DESIGN.md §6: "anything else a 400 with an OGC
// exception report"). `code` is the OGC exception code, `locator` the request parameter
// (CQL_FILTER, FILTER, BBOX, viewparams, ...), `position` the 1-based character position in
// that parameter where it is known. Messages are plain text, never HTML; the caller escapes
// them for the XML exception report.

export type OgcFilterExceptionCode = 'InvalidParameterValue';

export class FilterError extends Error {
  override readonly name = 'FilterError';
  readonly code: OgcFilterExceptionCode = 'InvalidParameterValue';
  readonly locator: string;
  /** The message without the locator prefix and position suffix. */
  readonly detail: string;
  readonly position: number | undefined;

  constructor(locator: string, detail: string, position?: number) {
    super(`${locator}: ${detail}${position === undefined ? '' : ` at position ${position}`}`);
    this.locator = locator;
    this.detail = detail;
    this.position = position;
  }
}

/** A short, printable rendering of user text for error messages (never the whole input). */
export function describeText(text: string, max = 40): string {
  const shown = [...text].slice(0, max).join('');
  const escaped = shown.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, (c) => codePointName(c));
  return shown.length < text.length ? `${escaped}...` : escaped;
}

/** "U+200B" style name of the first code point of `c`. */
export function codePointName(c: string): string {
  return `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * First position (0-based index) of a character that has no place in filter text: C0/C1
 * controls other than tab, CR and LF, and lone UTF-16 surrogates. -1 when the text is clean.
 */
export function findForbiddenChar(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) return i;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}
