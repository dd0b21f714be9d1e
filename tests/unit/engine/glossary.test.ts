// The Thai glossary, config/glossary.yaml (issue 16): every legend code, form enum and field label
// the config uses resolves to it, the code's units agree with it, and check:config refuses a
// legend label or a form option that contradicts it, at its file:line:column.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { codeLabel, fieldLabel, itemKey, type LegendSource } from '../../../src/engine/glossary.ts';
import { loadConfigDir } from '../../../src/loader/loadConfig.ts';
import type { Glossary } from '../../../src/engine/types.ts';
import { unitLabels } from '../../../src/engine/units.ts';
import { CONFIG_DIR, cleanupTempConfigs, loadEdited } from './helpers.ts';

afterAll(cleanupTempConfigs);

const read = (name: string): string => readFileSync(path.join(CONFIG_DIR, name), 'utf8');
const glossary = parse(read('glossary.yaml')) as Glossary;
const legends = (parse(read('legends.yaml')) as { legends: LegendSource[] }).legends;
/** 1-based line of the first line of `text` that contains `needle`. */
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;
/** 'line:column' of the glossary entry `key:` (the column of its value, where the loader points). */
const glossaryAt = (key: string) => {
  const text = read('glossary.yaml');
  const line = lineOf(text, `      ${key}: {`);
  return `${line}:${(text.split('\n')[line - 1] ?? '').indexOf('{') + 1}`;
};
/** The glossary place inside a message names the temp copy; keep its file name. */
const shortGlossaryPath = (line: string) => line.replace(/\([^()]*[\\/]glossary\.yaml:/, '(glossary.yaml:');

describe('the real config resolves to the glossary', () => {
  it('every item of a legend that names a code set has a glossary term, and the bundle labels it so', async () => {
    const result = await loadConfigDir(CONFIG_DIR);
    if (!result.ok) throw new Error('config did not load');
    const linked = legends.filter((l) => l.terms);
    expect(linked.map((l) => l.id)).toEqual(['erosion-accretion', 'change-rate', 'coastal-status', 'landuse', 'transect-rate']);
    for (const source of linked) {
      const set = glossary.codes[source.terms ?? ''];
      if (!set) throw new Error(`no code set ${source.terms}`);
      const bundled = result.bundle.legends.find((l) => l.id === source.id);
      source.items.forEach((item, i) => {
        const key = itemKey(item) ?? '';
        expect(set.items[key], `${source.id} ${key}`).toBeDefined();
        expect(bundled?.items[i]?.label).toBe(codeLabel(set, key));
      });
    }
    expect(result.bundle.glossary.codes['coastal-status']?.items.LA?.th).toBe('ทับถมน้อย (น้อยกว่า 1 ม./ปี)');
  });

  it('every option of the proposal form item 2.1 is a coastal-status code with its glossary term', () => {
    const form = parse(read('forms/proposal.yaml')) as { schema: { properties: { coastalErosionCode: { enum: string[] } } } };
    const set = glossary.codes['coastal-status'];
    if (!set) throw new Error('no coastal-status set');
    const options = form.schema.properties.coastalErosionCode.enum;
    expect(options).toHaveLength(15);
    for (const option of options) expect(option).toBe(codeLabel(set, option.split(' ')[0] ?? ''));
    expect(options).toContain('DS-LE พื้นที่ที่ได้รับการแก้ไขแล้ว กัดเซาะน้อย (น้อยกว่า 1 ม./ปี)');
  });

  it('one term per concept: accretion is การทับถม wherever a legend or the form names it', () => {
    const labels = Object.values(glossary.codes).flatMap((s) => Object.values(s.items).map((t) => t.th));
    expect(labels.filter((l) => /สะสมตัว|สะสมตะกอน/.test(l))).toEqual([]);
    expect(glossary.terms.accretion).toEqual({ th: 'การทับถม', en: 'Accretion' });
  });

  it('field labels carry their units; every unit a field names exists', () => {
    expect(fieldLabel(glossary, 'velocity')).toBe('ความเร็ว (ซม./วินาที)');
    expect(fieldLabel(glossary, 'epr')).toBe('อัตราจุดปลาย (EPR) (ม./ปี)');
    expect(fieldLabel(glossary, 'shape_leng')).toBe('ความยาว (กม.)');
    expect(fieldLabel(glossary, 'lul2_t')).toBe('การใช้ประโยชน์ที่ดิน');
    expect(fieldLabel(glossary, 'no_such_field')).toBeUndefined();
    for (const [name, field] of Object.entries(glossary.fields)) if (field.unit) expect(glossary.units[field.unit], name).toBeDefined();
  });

  it('the formatters write the glossary units: rai and ngan whole, square wah with 3 decimals', () => {
    for (const [id, label] of Object.entries(unitLabels)) expect(glossary.units[id]?.th, id).toBe(label);
    expect([glossary.units.rai?.decimals, glossary.units.ngan?.decimals, glossary.units.wah?.decimals]).toEqual([0, 0, 3]);
  });
});

describe('check:config refuses what contradicts the glossary', () => {
  it('a legend label that says something else for the same code, with the glossary place', async () => {
    const text = read('legends.yaml').replace('      - { code: LA, color: "#B2DF8A" }', '      - { label: "LA สะสมตัวต่ำ (น้อยกว่า 5 ม./ปี)", code: LA, color: "#B2DF8A" }');
    const line = lineOf(text, 'code: LA,');
    const { lines } = await loadEdited({ file: 'legends.yaml', text });
    expect(lines.map(shortGlossaryPath)).toEqual([
      `legends.yaml:${line}:18 legends[4].items[7].label: "LA สะสมตัวต่ำ (น้อยกว่า 5 ม./ปี)" contradicts the glossary: coastal-status "LA" is "LA ทับถมน้อย (น้อยกว่า 1 ม./ปี)" (glossary.yaml:${glossaryAt('LA')})`,
    ]);
  });

  it('a form option that contradicts it (the SPEC.md §3 DS-LE mislabel), an unknown code, an unknown code set', async () => {
    const form = read('forms/proposal.yaml')
      .replace('        - DS-LE พื้นที่ที่ได้รับการแก้ไขแล้ว กัดเซาะน้อย (น้อยกว่า 1 ม./ปี)', '        - DS-LE พื้นที่ที่ได้รับการแก้ไขแล้ว กัดเซาะปานกลาง')
      .replace('        - RA พื้นที่เสี่ยงต่อการกัดเซาะ', '        - RX พื้นที่เสี่ยงต่อการกัดเซาะ');
    const legendsText = read('legends.yaml').replace('    terms: landuse\n', '    terms: land-use\n');
    const { lines } = await loadEdited({ file: 'forms/proposal.yaml', text: form }, { file: 'legends.yaml', text: legendsText });
    expect(lines.map(shortGlossaryPath)).toEqual([
      `forms/proposal.yaml:${lineOf(form, '- DS-LE')}:11 schema.properties.coastalErosionCode.enum[2]: "DS-LE พื้นที่ที่ได้รับการแก้ไขแล้ว กัดเซาะปานกลาง" contradicts the glossary: coastal-status "DS-LE" is "DS-LE พื้นที่ที่ได้รับการแก้ไขแล้ว กัดเซาะน้อย (น้อยกว่า 1 ม./ปี)" (glossary.yaml:${glossaryAt('DS-LE')})`,
      `forms/proposal.yaml:${lineOf(form, '- RX')}:11 schema.properties.coastalErosionCode.enum[11]: unknown code of glossary set "coastal-status" "RX" (did you mean "RA"?)`,
      `legends.yaml:${lineOf(legendsText, 'terms: land-use')}:12 legends[6].terms: unknown glossary code set "land-use" (did you mean "landuse"?)`,
    ]);
  });

  it('a field unit the glossary does not define', async () => {
    const text = read('glossary.yaml').replace('velocity: { th: ความเร็ว, en: Velocity, unit: cm-per-s }', 'velocity: { th: ความเร็ว, en: Velocity, unit: cm-per-sec }');
    const { lines } = await loadEdited({ file: 'glossary.yaml', text });
    expect(lines).toEqual([`glossary.yaml:${lineOf(text, 'velocity:')}:49 fields.velocity.unit: unknown unit "cm-per-sec" (did you mean "cm-per-s"?)`]);
  });
});
