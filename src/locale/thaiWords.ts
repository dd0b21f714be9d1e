// Thai line breaking on screen (issue 16). Thai has no spaces between words: the browser breaks
// lines where its dictionary (ICU, the same one Intl.Segmenter uses) finds word boundaries, and it
// splits loanwords it does not know — 'ออฟไลน์' becomes 'ออฟ|ไลน์', so a 390 px toast wraps inside
// the word. For the words listed here, a WORD JOINER (U+2060, invisible, no width) goes exactly at
// the boundaries Intl.Segmenter reports inside the word, so the line can only break around it.

/** Words the line-break dictionary splits (checked by tests/unit/locale/thaiWords.test.ts). */
export const KEEP_WHOLE: readonly string[] = ['ออฟไลน์', 'แดชบอร์ด', 'สกรีนช็อต'];

export const WORD_JOINER = '\u2060';

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('th', { granularity: 'word' }) : null;

/** `word` with a word joiner at each break the dictionary would make inside it. */
function joined(word: string): string {
  if (!segmenter) return word;
  return [...segmenter.segment(word)].map((s) => s.segment).join(WORD_JOINER);
}

const replacements = KEEP_WHOLE.map((word) => [word, joined(word)] as const).filter(([word, glued]) => word !== glued);

/** `text` with every listed word kept whole across line breaks; other text unchanged. */
export function keepWordsWhole(text: string): string {
  return replacements.reduce((out, [word, glued]) => out.split(word).join(glued), text);
}
