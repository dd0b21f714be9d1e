// One Thai term per concept (issue 24, SPEC.md §2-§9 text): config/glossary.yaml names each
// concept's Thai term and the synonyms it retired. Every source of visitor text — topics, legends,
// the layer catalog, the form (config/**), the locale files, the PDF and document words and every
// other built-in string (src/**) — is scanned line by line, and a retired synonym fails the test
// with its file and line. A retired word inside a current term is fine ('แนวตั้งฉาก' inside
// 'แนวตั้งฉากชายฝั่ง'), and so is one inside a string SPEC.md quotes ('ไม่มีเลเยอร์', §8).
// Number ranges are written one way, 'a ถึง b' ('-5 ถึง -1' reads well, '-5--1' does not), and the
// class limits of the rate classes and the coastal status codes agree with SPEC.md §9.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Glossary } from '../../../src/engine/types.ts';
import { REPO_ROOT } from '../engine/helpers.ts';

const glossary = parse(readFileSync(path.join(REPO_ROOT, 'config/glossary.yaml'), 'utf8')) as Glossary;
const concepts = Object.entries(glossary.terms);
const currentTerms = concepts.map(([, c]) => c.th);

interface Retired {
  word: string;
  concept: string;
  term: string;
  quoted: readonly string[];
}

const retired: Retired[] = concepts.flatMap(([concept, c]) => (c.retired ?? []).map((word) => ({ word, concept, term: c.th, quoted: c.quoted ?? [] })));

/** Start and end of every occurrence of `needle` in `text`. */
function spans(text: string, needle: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  for (let i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) found.push([i, i + needle.length]);
  return found;
}

/** The retired synonyms a line uses: those not inside a current term or a quoted string. */
function retiredIn(line: string): Retired[] {
  return retired.filter((r) => {
    const covers = [...currentTerms, ...r.quoted].flatMap((t) => spans(line, t));
    return spans(line, r.word).some(([s, e]) => !covers.some(([cs, ce]) => cs <= s && e <= ce));
  });
}

/** Ranges written with a hyphen ('1-5', '0.5 - 1'); years ('2562-2567', a period) and codes ('T1-01') are not ranges. */
function hyphenRanges(line: string): string[] {
  return [...line.matchAll(/(?<![\w.,:/-])\d{1,3}(?:\.\d+)?\s*-\s*\d{1,3}(?:\.\d+)?(?![\w.,:/])/g)].map((m) => m[0]);
}

const thai = /[\u0E00-\u0E7F]/;

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name), ext) : ext.test(d.name) ? [path.join(dir, d.name)] : []));
}

interface SourceLine {
  where: string;
  text: string;
}

/** The lines a visitor can read: comments left out; the glossary's own retired/quoted lists too. */
function sourceLines(): SourceLine[] {
  const files = [...filesUnder(path.join(REPO_ROOT, 'config'), /\.ya?ml$/), ...filesUnder(path.join(REPO_ROOT, 'src'), /\.(ts|tsx)$/)];
  return files.flatMap((file) => {
    const rel = path.relative(REPO_ROOT, file);
    const yaml = /\.ya?ml$/.test(file);
    return readFileSync(file, 'utf8')
      .split('\n')
      .map((text, i) => ({ where: `${rel}:${i + 1}`, text: yaml ? text.replace(/\b(retired|quoted): \[[^\]]*\]/g, '') : text }))
      .filter(({ text }) => thai.test(text) && !(yaml ? /^\s*#/ : /^\s*(\/\/|\/\*|\*)/).test(text));
  });
}

describe('config/glossary.yaml: one Thai term per concept (issue 24)', () => {
  it('names the concepts the native review found worded two or three ways, each with its retired synonyms', () => {
    for (const id of ['coastline-change', 'historic-shoreline', 'erosion-area', 'accretion-area', 'epr', 'lrr', 'm-per-year', 'transect', 'beach-system', 'littoral-cell', 'layer', 'radar-station', 'coastal-structure', 'measure-natural-balance', 'measure-stability', 'lake-island', 'length', 'year']) {
      expect(glossary.terms[id]?.retired?.length, id).toBeGreaterThan(0);
    }
  });

  it('a retired synonym is no current term, and every quoted string keeps a retired word of its concept', () => {
    for (const r of retired) expect(currentTerms, `${r.concept}: "${r.word}"`).not.toContain(r.word);
    for (const [id, c] of concepts) for (const q of c.quoted ?? []) expect((c.retired ?? []).some((w) => q.includes(w)), `${id}: ${q}`).toBe(true);
  });

  it('the scan finds a retired synonym, and lets one inside a current term or a quoted string be', () => {
    expect(retiredIn('ชั้นข้อมูลเลเยอร์').map((r) => r.word)).toEqual(['เลเยอร์']);
    expect(retiredIn('ไม่มีเลเยอร์')).toEqual([]);
    expect(retiredIn('อัตราการเปลี่ยนแปลงตามแนวตั้งฉาก').map((r) => r.term)).toEqual(['แนวตั้งฉากชายฝั่ง']);
    expect(retiredIn('อัตราการเปลี่ยนแปลงตามแนวตั้งฉากชายฝั่ง')).toEqual([]);
    expect(retiredIn('กลุ่มหาดหลัก/กลุ่มหาดย่อย/ระบบหาด')).toEqual([]);
    expect(retiredIn('เลือกกลุ่มหาด')).toEqual([]);
    expect(retiredIn('กลุ่มหาด').map((r) => r.term)).toEqual(['ระบบหาด']);
    expect(retiredIn('ความยาวเส้นทาง')).toEqual([]);
  });

  it('no config file, locale file, form, document or built-in string uses a retired synonym', () => {
    const found = sourceLines().flatMap(({ where, text }) => retiredIn(text).map((r) => `${where}: "${r.word}" is retired, use "${r.term}" (glossary ${r.concept})`));
    expect(found).toEqual([]);
  });
});

describe("number ranges are written 'a ถึง b' (issue 24)", () => {
  it('the scan finds a hyphen range but not a period of years, a code or a negative bound', () => {
    expect(hyphenRanges('กัดเซาะปานกลาง (1-5 ม./ปี)')).toEqual(['1-5']);
    expect(hyphenRanges('ระยะ 0.5 - 1 กม.')).toEqual(['0.5 - 1']);
    expect(hyphenRanges('พ.ศ. 2562-2567, T1-01, -5 ถึง -1, หน้า 1/3, 1:4,000')).toEqual([]);
  });

  it('no Thai line of config/ or src/ writes a range with a hyphen', () => {
    const found = sourceLines().flatMap(({ where, text }) => hyphenRanges(text).map((r) => `${where}: "${r}" (write 'a ถึง b')`));
    expect(found).toEqual([]);
  });
});

describe('class limits agree with SPEC.md §9 (erosion thresholds 1 and 5 m/yr)', () => {
  const status = glossary.codes['coastal-status']!.items;
  const rate = glossary.codes['rate-class']!.items;
  it('a class named the same says the same limits in both code sets: ทับถมน้อย is below 1, not below 5', () => {
    expect(rate['low-accretion']?.th).toBe('ทับถมน้อย (0 ถึง 1)');
    expect(status.LA?.th).toBe('ทับถมน้อย (น้อยกว่า 1 ม./ปี)');
    expect(rate['moderate-accretion']?.th).toBe('ทับถมปานกลาง (1 ถึง 5)');
    expect(status.MA?.th).toBe('ทับถมปานกลาง (1 ถึง 5 ม./ปี)');
    expect(status.HA?.th).toBe('ทับถมมาก (มากกว่า 5 ม./ปี)');
    expect(status.LE?.th).toBe('กัดเซาะน้อย (น้อยกว่า 1 ม./ปี)');
    expect(status.ME?.th).toBe('กัดเซาะปานกลาง (1 ถึง 5 ม./ปี)');
    expect(status.SV?.th).toBe('กัดเซาะรุนแรง (มากกว่า 5 ม./ปี)');
  });
});
