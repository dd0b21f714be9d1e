// Thai line breaking on screen (issue 16). Thai has no spaces between words: the browser breaks
// lines where its dictionary (ICU, the same one Intl.Segmenter uses) finds word boundaries, and it
// splits loanwords it does not know — 'ออฟไลน์' becomes 'ออฟ|ไลน์', so a 390 px toast wraps inside
// the word. The words listed here are shown in a no-wrap span (src/components/KeepWhole.tsx):
// the line can break around them, not inside, and the text itself (copy, search, screen readers)
// stays exactly as written.

/** Words the line-break dictionary splits (checked by tests/unit/locale/thaiWords.test.ts). */
export const KEEP_WHOLE: readonly string[] = ['ออฟไลน์', 'แดชบอร์ด', 'สกรีนช็อต'];

interface TextPiece {
  text: string;
  /** A listed word: must not be broken across lines. */
  whole: boolean;
}

const pattern = new RegExp(`(${KEEP_WHOLE.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`);

/** `text` cut into the listed words and the text between them, in order; '' gives []. */
export function splitKeepWhole(text: string): TextPiece[] {
  return text
    .split(pattern)
    .filter((piece) => piece !== '')
    .map((piece) => ({ text: piece, whole: KEEP_WHOLE.includes(piece) }));
}
