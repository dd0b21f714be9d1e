// Thai line-break preparation (DESIGN.md §8) and the zero-width font.
import { describe, expect, it } from 'vitest';
import { cleanText, nestRuns, phraseRuns, thaiRuns, ZERO_WIDTH_FONT, ZWSP, type TextRun } from '../../../../src/pdf/thaiText.ts';
import { readFileSync } from 'node:fs';
import { ZERO_WIDTH_POSTSCRIPT_NAME } from '../../../../src/pdf/fonts.ts';
import { pdfUtf16Hex } from '../../../../src/pdf/pdfkitFixes.ts';
import { shorten } from '../../../../src/proposal/pdf/pageParts.ts';
import { PARAGRAPH, THAI_PROBE } from './support.ts';

interface FontkitFont {
  postscriptName: string;
  ascent: number;
  descent: number;
  glyphForCodePoint(cp: number): { id: number; advanceWidth: number };
  layout(text: string): { advanceWidth: number };
}

const isBreak = (r: TextRun) => typeof r !== 'string' && r.text === ZWSP && r.font === ZERO_WIDTH_FONT;
const joined = (runs: TextRun[]) => runs.map((r) => (typeof r === 'string' ? r : r.text)).join('');

describe('thaiRuns', () => {
  it('puts a zero-width break, drawn with the zero-width font, between Thai words only', () => {
    const runs = thaiRuns('กรมทรัพยากรทางทะเล');
    expect(runs.filter(isBreak).length).toBeGreaterThanOrEqual(2);
    // the text itself is untouched
    expect(runs.filter((r): r is string => typeof r === 'string').join('')).toBe('กรมทรัพยากรทางทะเล');
  });

  it('breaks exactly at Intl.Segmenter word boundaries, never inside a word', () => {
    const runs = thaiRuns(PARAGRAPH);
    const words = new Intl.Segmenter('th', { granularity: 'word' });
    const boundaries = new Set([...words.segment(PARAGRAPH)].map((s) => s.index));
    let at = 0;
    for (const r of runs) {
      if (isBreak(r)) expect(boundaries.has(at), `break at ${at}`).toBe(true);
      else at += (r as string).length;
    }
    expect(at).toBe(PARAGRAPH.length);
  });

  it('adds nothing around spaces, punctuation or Latin-only text', () => {
    // ICU splits 'ที่ตั้ง' into 'ที่' + 'ตั้ง'; no break is added next to the spaces
    const probe = thaiRuns(THAI_PROBE);
    expect(probe.filter(isBreak)).toHaveLength(1);
    expect(probe.filter((r): r is string => typeof r === 'string')).toEqual(['ผู้ใหญ่ น้ำ ที่', 'ตั้ง ปู่ ฝั่ง']);
    expect(thaiRuns('somchai@example.com 0812345678')).toEqual(['somchai@example.com 0812345678']);
    expect(thaiRuns('พ.ศ. 2569').some(isBreak)).toBe(false);
  });

  it('never starts a line with a repetition mark', () => {
    const runs = thaiRuns('ต่างๆนานา');
    const i = runs.findIndex((r) => typeof r === 'string' && r.startsWith('ๆ'));
    expect(i).toBe(-1);
  });

  it('normalises line ends and drops break characters the user pasted', () => {
    expect(cleanText('ก\r\nข\rค\u200Bง\uFEFF')).toBe('ก\nข\nคง');
    expect(joined(thaiRuns('ผู้ใหญ่\u200Bบ้าน'))).toBe(joined(thaiRuns('ผู้ใหญ่บ้าน')));
  });

  it('nests long run lists for pdfmake without changing their order', () => {
    const runs = thaiRuns(`${PARAGRAPH} `.repeat(20));
    const nested = nestRuns(runs, 16);
    const flat = (xs: unknown[]): TextRun[] => xs.flatMap((x) => (typeof x === 'object' && x && Array.isArray((x as { text: unknown }).text) ? flat((x as { text: unknown[] }).text) : [x as TextRun]));
    expect(flat(nested)).toEqual(runs);
    expect(nested.length).toBeLessThanOrEqual(16);
  });
});

describe('phraseRuns (titles)', () => {
  it('keeps each phrase and the era with its year together', () => {
    const runs = phraseRuns('แบบเสนอโครงการ ประจำปีงบประมาณ พ.ศ. 2569');
    expect(runs).toEqual([
      { text: 'แบบเสนอโครงการ ', noWrap: true },
      { text: 'ประจำปีงบประมาณ ', noWrap: true },
      { text: 'พ.ศ. 2569', noWrap: true },
    ]);
  });
});

describe('shorten', () => {
  it('cuts at a word boundary and says how much was cut', () => {
    const s = shorten(PARAGRAPH, 100);
    const kept = s.slice(0, s.indexOf(' …'));
    expect(kept.length).toBeLessThanOrEqual(100);
    expect(PARAGRAPH.startsWith(kept)).toBe(true);
    const boundaries = new Set([...new Intl.Segmenter('th', { granularity: 'word' }).segment(PARAGRAPH)].map((x) => x.index));
    expect(boundaries.has(kept.length)).toBe(true);
    expect(s).toContain(`${(PARAGRAPH.length - kept.length).toLocaleString('th-TH')} ตัวอักษร`);
    expect(shorten('สั้น', 100)).toBe('สั้น');
  });
});

describe('zero-width font', () => {
  it('is a valid TrueType font whose U+200B and space are empty and take no room', async () => {
    const bytes = readFileSync(new URL('../../../../src/pdf/PdfZeroWidth.ttf', import.meta.url));
    expect(bytes.length).toBeLessThan(1024);
    // fontkit (pdfkit's font engine) ships no types; the specifier as a string keeps tsc out of it.
    const fontkit = (await import('fontkit' as string)) as { create(b: Buffer): FontkitFont };
    const font = fontkit.create(Buffer.from(bytes));
    expect(font.postscriptName).toBe(ZERO_WIDTH_POSTSCRIPT_NAME);
    for (const cp of [0x200b, 0x20]) {
      const g = font.glyphForCodePoint(cp);
      expect(g.id, cp.toString(16)).toBe(1);
      expect(g.advanceWidth).toBe(0);
    }
    const run = font.layout(ZWSP);
    expect(run.advanceWidth).toBe(0);
    expect(font.ascent - font.descent).toBeLessThan(1300); // below Sarabun's line box
  });
});

describe('ActualText strings', () => {
  it('are UTF-16BE hex with a byte order mark', () => {
    expect(pdfUtf16Hex('น้ำ')).toBe('<FEFF0E190E490E33>');
    expect(pdfUtf16Hex('A')).toBe('<FEFF0041>');
  });
});
