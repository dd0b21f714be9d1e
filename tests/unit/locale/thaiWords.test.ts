// Thai words kept whole on screen (issue 16): each listed word is one the dictionary splits, the
// word joiners go exactly at those splits, and nothing else in a text changes.
import { describe, expect, it } from 'vitest';
import { KEEP_WHOLE, keepWordsWhole, WORD_JOINER } from '../../../src/locale/thaiWords.ts';
import { th } from '../../../src/locale/th.ts';

const segments = (text: string) => [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)].map((s) => s.segment);

describe('keepWordsWhole', () => {
  it('lists only words the line-break dictionary splits (ออฟ|ไลน์), and joins them where it splits', () => {
    for (const word of KEEP_WHOLE) {
      expect(segments(word).length, word).toBeGreaterThan(1);
      expect(keepWordsWhole(word)).toBe(segments(word).join(WORD_JOINER));
    }
    expect(keepWordsWhole('ออฟไลน์')).toBe(`ออฟ${WORD_JOINER}ไลน์`);
  });

  it('the offline-map toast: only the word changes, and removing the joiners gives the text back', () => {
    const shown = keepWordsWhole(th.basemapFallback);
    expect(shown).toBe('ไม่สามารถโหลดแผนที่ฐานได้ จึงแสดงแผนที่ออฟ\u2060ไลน์แทน');
    expect(shown.replaceAll(WORD_JOINER, '')).toBe(th.basemapFallback);
  });

  it('text without a listed word is unchanged', () => {
    for (const text of ['กรอกแบบฟอร์มออนไลน์', 'ดาวน์โหลดเสร็จสมบูรณ์', 'Toggle GPS', '']) expect(keepWordsWhole(text)).toBe(text);
  });
});
