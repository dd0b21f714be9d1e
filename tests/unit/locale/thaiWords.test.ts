// Thai words kept whole on screen (issue 16): each listed word is one the line-break dictionary
// splits; the text is cut into those words and the rest, and nothing is added or lost.
import { describe, expect, it } from 'vitest';
import { KEEP_WHOLE, splitKeepWhole } from '../../../src/locale/thaiWords.ts';
import { th } from '../../../src/locale/th.ts';

const segments = (text: string) => [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((s) => s.segment);

describe('splitKeepWhole', () => {
  it('lists only words the line-break dictionary splits (ออฟ|ไลน์)', () => {
    for (const word of KEEP_WHOLE) expect(segments(word).length, word).toBeGreaterThan(1);
  });

  it('the offline-map toast: the word alone is whole, and the pieces give the text back', () => {
    const pieces = splitKeepWhole(th.basemapFallback);
    expect(pieces).toEqual([
      { text: 'ไม่สามารถโหลดแผนที่ฐานได้ จึงแสดงแผนที่', whole: false },
      { text: 'ออฟไลน์', whole: true },
      { text: 'แทน', whole: false },
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(th.basemapFallback);
  });

  it('finds every occurrence; text without a listed word is one piece; empty text none', () => {
    expect(splitKeepWhole('แดชบอร์ดและแดชบอร์ด').map((p) => p.whole)).toEqual([true, false, true]);
    for (const text of ['กรอกแบบฟอร์มออนไลน์', 'Toggle GPS']) expect(splitKeepWhole(text)).toEqual([{ text, whole: false }]);
    expect(splitKeepWhole('')).toEqual([]);
  });
});
