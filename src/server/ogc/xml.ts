// Text in XML answers (capabilities, schemas, GML, exception reports). XML 1.0 forbids some
// characters outright, even as character references: C0 controls other than tab, LF and CR,
// U+FFFE, U+FFFF and unpaired UTF-16 surrogates. One of them in an attribute value makes the
// whole page unreadable to GDAL or lxml, so they are replaced by U+FFFD (visibly "lost").

const ILLEGAL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with every XML 1.0-illegal character replaced by U+FFFD. */
export function xmlSafe(text: string): string {
  ILLEGAL.lastIndex = 0;
  return ILLEGAL.test(text) ? text.replace(ILLEGAL, '\uFFFD') : text;
}

/** Element text or attribute value: markup characters escaped, illegal characters replaced. */
export function xmlEscape(text: string): string {
  return xmlSafe(text).replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}
