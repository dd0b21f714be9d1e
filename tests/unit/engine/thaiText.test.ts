// Thai UI text (issue 16): no Thai string of the UI (src/locale/th.ts, the PDFs' and documents'
// own words, every config file) carries an ASCII word outside an allow-list — product names,
// codes, units and the spec's English labels — and the page format is the glossary's everywhere.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { th } from '../../../src/locale/th.ts';
import { PDF_TEXT } from '../../../src/proposal/pdf/labels.ts';
import { DOC_TEXT } from '../../../src/proposal/docs/text.ts';
import type { Glossary } from '../../../src/engine/types.ts';
import { CONFIG_DIR } from './helpers.ts';

/** Product and agency names, file types, and the spec's own English ('(lat,lng)' in SPEC.md §5). */
const ALLOWED = new Set(['GISTDA', 'CCTV', 'CVI', 'HF', 'PDF', 'EIA', 'UTM', 'docx', 'pdf', 'lat', 'lng']);
/** A code: 'AS', 'DS-LE', 'A1', 'T7', a hemisphere letter. */
const CODE = /^[A-Z]{1,3}\d?(-[A-Z]{2})?$/;

function* strings(value: unknown, where: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [where, value];
  else if (typeof value === 'function') yield* strings((value as (...a: unknown[]) => unknown)(1, 2, 'ก'), where);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yield* strings(v, `${where}.${k}`);
}

/** ASCII words of a Thai string that are not allowed: {variables} and a trailing English gloss
 *  ('กำแพงกันคลื่น (Seawall)') are fine. */
function strayWords(text: string): string[] {
  const bare = text.replace(/\{[a-z][a-z0-9_.-]*\}/g, '').replace(/ \([A-Za-z ]+\)$/, '');
  return (bare.match(/[A-Za-z]+(?:-[A-Z]+)?\d*/g) ?? []).filter((w) => !ALLOWED.has(w) && !CODE.test(w));
}

function configFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? configFiles(path.join(dir, d.name)) : /\.ya?ml$/.test(d.name) ? [path.join(dir, d.name)] : []));
}

const thai = /[\u0E00-\u0E7F]/;

describe('no stray ASCII words in Thai UI strings', () => {
  it('th.ts, the PDF and document words, every config file (the glossary English is not UI text)', () => {
    const sources: Array<[string, unknown]> = [
      ['th', th],
      ['PDF_TEXT', PDF_TEXT],
      ['DOC_TEXT', DOC_TEXT],
      ...configFiles(CONFIG_DIR).map((f): [string, unknown] => [path.relative(CONFIG_DIR, f), parse(readFileSync(f, 'utf8'))]),
    ];
    const stray = sources.flatMap(([name, value]) =>
      [...strings(value, name)].filter(([where, text]) => thai.test(text) && !where.endsWith('.en')).flatMap(([where, text]) => strayWords(text).map((w) => `${where}: "${w}" in "${text}"`)),
    );
    expect(stray).toEqual([]);
  });

  it('the allow-list is not a blanket: English words in Thai text are found', () => {
    expect(strayWords('พื้นที่ศักยภาพกลุ่มที่ 1 ความเหมาะสม high')).toEqual(['high']);
    expect(strayWords('ดัชนีความเปราะบางชายฝั่ง (1_2)')).toEqual([]);
    expect(strayWords('เวอร์ชัน 2024 version')).toEqual(['version']);
    expect(strayWords('SV กัดเซาะรุนแรง, สถานีเรดาร์ HF, กำแพงกันคลื่น (Seawall)')).toEqual([]);
  });
});

describe('formats are the glossary’s', () => {
  const glossary = parse(readFileSync(path.join(CONFIG_DIR, 'glossary.yaml'), 'utf8')) as Glossary;
  const page = (n: number, total: number) => glossary.formats.page?.th.replace('{n}', String(n)).replace('{total}', String(total));

  it("page numbers read 'หน้า n/total' on screen, in the report PDF and in the proposal PDF", () => {
    expect(th.report.page(1, 5)).toBe(page(1, 5));
    expect(PDF_TEXT.page(1, 3)).toBe(page(1, 3));
  });

  it('document names on /project are the glossary’s', () => {
    const project = readFileSync(path.join(CONFIG_DIR, 'topics/project.yaml'), 'utf8');
    for (const id of ['proposal-form', 'proposal-instructions']) expect(project).toContain(`title: ${glossary.documents[id]?.th}`);
    expect(DOC_TEXT.instructionsTitle).toBe(glossary.documents['proposal-instructions']?.th);
  });
});
