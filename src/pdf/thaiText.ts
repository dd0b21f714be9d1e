/**
 * Thai text for pdfmake (DESIGN.md §8). Thai writes no spaces between words, and pdfmake's line
 * breaker (UAX #14, the `linebreak` package) finds no break opportunity inside a Thai run, so a
 * long answer would be cut wherever the line ends, even between a consonant and its vowel.
 * Here each boundary between two words that `Intl.Segmenter('th', {granularity: 'word'})` finds
 * gets a U+200B ZERO WIDTH SPACE, as a separate inline drawn with the zero-width font: pdfmake
 * may break the line after it, and nothing is drawn or advanced for it.
 */
export const ZERO_WIDTH_FONT = 'PdfZeroWidth';
export const ZWSP = '\u200B';

const THAI = /[\u0E00-\u0E7F]/;
/** Characters that must not start a line: Thai repetition/abbreviation marks, combining marks. */
const NO_BREAK_BEFORE = /^[\u0E2F\u0E46\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/;

export type TextRun = string | { text: string; font: string };

let segmenter: Intl.Segmenter | null | undefined;
function thaiSegmenter(): Intl.Segmenter | null {
  if (segmenter === undefined) {
    segmenter = typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('th', { granularity: 'word' }) : null;
  }
  return segmenter;
}

/** Normalises user text: CRLF to LF, drops invisible break/format characters we add ourselves. */
export function cleanText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[\u200B\u2060\uFEFF]/g, '');
}

/**
 * Splits `text` into pdfmake inlines with a zero-width break opportunity between Thai words.
 * Without Intl.Segmenter (very old browsers) the text is returned whole: pdfmake then breaks
 * long Thai runs by width.
 */
export function thaiRuns(text: string): TextRun[] {
  const clean = cleanText(text);
  const seg = thaiSegmenter();
  if (!seg || !THAI.test(clean)) return [clean];
  const out: TextRun[] = [];
  let buf = '';
  let prev: Intl.SegmentData | undefined;
  for (const s of seg.segment(clean)) {
    if (
      prev?.isWordLike &&
      s.isWordLike &&
      (THAI.test(prev.segment) || THAI.test(s.segment)) &&
      !NO_BREAK_BEFORE.test(s.segment)
    ) {
      out.push(buf, { text: ZWSP, font: ZERO_WIDTH_FONT });
      buf = '';
    }
    buf += s.segment;
    prev = s;
  }
  if (buf) out.push(buf);
  return out;
}

/**
 * A title or heading: breaks preferably at its spaces. Each space-separated phrase is kept on one
 * line (an era abbreviation stays with its year: 'พ.ศ. 2569'); a phrase too long for a line
 * (more than `maxPhrase` characters) still breaks between words.
 */
export function phraseRuns(text: string, maxPhrase = 36): Array<TextRun | { text: TextRun[] | string; noWrap: true }> {
  const words = cleanText(text).trim().split(/ +/);
  const phrases: string[] = [];
  for (const w of words) {
    const prev = phrases[phrases.length - 1];
    if (prev !== undefined && /(?:^|\s)(?:พ\.ศ\.|ค\.ศ\.|จ\.ศ\.|ร\.ศ\.)$/.test(prev) && /^\d/.test(w)) phrases[phrases.length - 1] = `${prev} ${w}`;
    else phrases.push(w);
  }
  const out: Array<TextRun | { text: TextRun[] | string; noWrap: true }> = [];
  phrases.forEach((p, i) => {
    const last = i === phrases.length - 1;
    if (p.replace(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g, '').length > maxPhrase) out.push(...thaiRuns(p), ...(last ? [] : [' ']));
    else out.push({ text: last ? p : `${p} `, noWrap: true });
  });
  return out;
}

/**
 * Groups runs into nested `{ text: [...] }` inlines of `size` runs. pdfmake flattens a text
 * array with repeated `concat` (quadratic in the number of runs); a long answer has thousands of
 * runs (two per word), and nesting keeps the flattening cheap. The wrappers carry no style.
 */
export function nestRuns(runs: TextRun[], size = 64): Array<TextRun | { text: TextRun[] }> {
  if (runs.length <= size) return runs;
  const out: Array<{ text: TextRun[] }> = [];
  for (let i = 0; i < runs.length; i += size) out.push({ text: runs.slice(i, i + size) });
  return out.length > size ? (nestRuns(out as unknown as TextRun[], size) as Array<{ text: TextRun[] }>) : out;
}
