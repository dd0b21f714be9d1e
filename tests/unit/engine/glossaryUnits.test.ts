// Units are config (issue 23 item 4, SPEC.md §9 Units): config/glossary.yaml `units` defines a
// unit's Thai label and decimals (an admin adds kg: { th: กก., en: kg, decimals: 1 }); the feature
// drawer, a chart's axis, tooltip and table use them; check:config refuses a chart unit the
// glossary does not define, with did-you-mean, at its line and column.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { compileChart } from '../../../src/engine/charts/compile.ts';
import { chartSpec } from '../../../src/engine/charts/spec.ts';
import type { Glossary } from '../../../src/engine/types.ts';
import { fieldDecimals, formatDecimals, formatThaiNumber, formatUnitValue } from '../../../src/engine/units.ts';
import { formatProperties } from '../../../src/ui/featureInfo/formatProperties.ts';
import { fieldReader } from '../../../src/ui/featureInfo/fieldLabels.ts';
import { CONFIG_DIR, cleanupTempConfigs, topicErrors, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

const glossary = parse(readFileSync(path.join(CONFIG_DIR, 'glossary.yaml'), 'utf8')) as Glossary;
/** The admin's beach-litter glossary: the shipped one with a field in kg and a whole-number one. */
const litter: Glossary = {
  ...glossary,
  fields: {
    ...glossary.fields,
    litter_kg: { th: 'น้ำหนักขยะ', en: 'Litter', unit: 'kg' },
    pieces: { th: 'จำนวนชิ้น', en: 'Pieces', decimals: 0 },
    depth_m: { th: 'ความลึก', en: 'Depth', unit: 'm', decimals: 2 },
  },
};

describe('numbers with a number of decimals, th-TH', () => {
  it('exactly that many decimals, thousands separated, no minus on a rounded zero', () => {
    expect(formatDecimals(11.6, 1)).toBe('11.6');
    expect(formatDecimals(11.6, 3)).toBe('11.600');
    expect(formatDecimals(1234.56, 1)).toBe('1,234.6');
    expect(formatDecimals(1234567.4, 0)).toBe('1,234,567');
    expect(formatDecimals(-0.04, 1)).toBe('0.0');
    expect(formatDecimals(-0.4, 0)).toBe('0');
    expect(formatDecimals(Number.NaN, 1)).toBe('-');
    // The SPEC.md §9 default stays 3 decimals.
    expect(formatThaiNumber(1234.5)).toBe('1,234.500');
  });

  it('kg is a glossary unit with 1 decimal; a unit without decimals takes 3', () => {
    expect(glossary.units.kg).toEqual({ th: 'กก.', en: 'kg', decimals: 1 });
    expect(formatUnitValue(11.6, glossary.units.kg!)).toBe('11.6 กก.');
    expect(formatUnitValue(1234.5, glossary.units.baht!)).toBe('1,234.500 บาท');
  });

  it("a field's decimals: its own, else its unit's, else none (the default way)", () => {
    expect(fieldDecimals(litter, 'litter_kg')).toBe(1);
    expect(fieldDecimals(litter, 'pieces')).toBe(0);
    expect(fieldDecimals(litter, 'depth_m')).toBe(2);
    expect(fieldDecimals(litter, 'epr')).toBe(3);
    expect(fieldDecimals(litter, 'prv_name')).toBeUndefined();
    expect(fieldDecimals(litter, 'toString')).toBeUndefined();
  });
});

describe('the feature drawer honours decimals', () => {
  const rows = (properties: Record<string, unknown>) =>
    formatProperties(properties, fieldReader(undefined, litter, [])).map((r) => [r.label, r.value]);

  it("11.6 kg with decimals 1 shows '11.6' under 'น้ำหนักขยะ (กก.)'; a whole-number field shows 1,234", () => {
    expect(rows({ litter_kg: 11.6, pieces: 1234, depth_m: '3.14159', year: 2567, prv_code: '90' })).toEqual([
      ['น้ำหนักขยะ (กก.)', '11.6'],
      ['จำนวนชิ้น', '1,234'],
      ['ความลึก (ม.)', '3.14'],
      // Fields without decimals as before: years and codes as they are.
      ['ปี พ.ศ.', '2567'],
      ['รหัสจังหวัด', '90'],
    ]);
  });

  it('without the glossary a non-integer still shows 3 decimals (11.600): the bug the admin met', () => {
    expect(formatProperties({ litter_kg: 11.6 })[0]?.value).toBe('11.600');
  });

  it('area and shape_leng keep their own SPEC.md §3/§9 forms', () => {
    expect(rows({ shape_leng: 1234.5 })).toEqual([['ความยาว (กม.)', '1.2345']]);
    expect(rows({ area: 2050 })[0]?.[1]).toBe('1 ไร่ 1 งาน 12.500 ตร.วา (2,050.000 ตร.ม.)');
  });
});

describe('a chart of a glossary unit (kg)', () => {
  const spec = chartSpec({
    id: 'litter', title: 'ขยะตามจังหวัด', from: 'litter', color: '#1565C0',
    value: { field: 'litter_kg', unit: 'kg' },
    groupBy: [{ fields: ['province'], label: 'จังหวัด', prefix: 'จ.' }],
  });
  const input = { features: { features: [{ province: 'สงขลา', litter_kg: 11.6 }, { province: 'สงขลา', litter_kg: 1000.04 }, { province: 'ตรัง', litter_kg: 2.25 }].map((properties) => ({ properties })) } };

  it("axis 'น้ำหนักขยะ (กก.)', table header 'กก.', values with 1 decimal; not 'จำนวน'", () => {
    const chart = compileChart(spec, input, [], litter)!;
    const x = (chart.vegaLite.encoding as { x: { title: string; axis: { format: string } } }).x;
    expect(x.title).toBe('น้ำหนักขยะ (กก.)');
    expect(x.axis.format).toBe(',.1~f');
    expect(chart.table?.valueColumns).toEqual(['กก.']);
    expect(chart.table?.rows).toEqual([
      { names: ['สงขลา'], values: ['1,011.6'] },
      { names: ['ตรัง'], values: ['2.3'] },
    ]);
    expect(chart.table?.total).toEqual({ label: 'รวม', values: ['1,013.9'] });
    expect(chart.totalText).toBe('รวม 1,013.9 กก.');
    const values = (chart.vegaLite.data as { values: Array<Record<string, unknown>> }).values;
    expect(values[0]).toMatchObject({ label: 'จ.สงขลา', value: 1011.64, valueText: '1,011.6 กก.' });
    expect(JSON.stringify(chart.vegaLite)).not.toContain('จำนวน');
  });

  it("a field the glossary does not name: the axis is the unit's label", () => {
    const chart = compileChart(chartSpec({ ...spec, value: { field: 'kg_total', unit: 'kg' } }), { features: { features: [{ properties: { province: 'ก', kg_total: 5 } }] } }, [], litter)!;
    expect((chart.vegaLite.encoding as { x: { title: string } }).x.title).toBe('กก.');
    expect(chart.table?.rows[0]?.values).toEqual(['5.0']);
  });

  it('the built-in units keep their forms (sqm: rai bars and the rai-ngan-wah table)', () => {
    const chart = compileChart(chartSpec({ ...spec, value: { field: 'area', unit: 'sqm' } }), { features: { features: [{ properties: { province: 'ก', area: 2050 } }] } }, [], litter)!;
    expect(chart.table?.valueColumns).toEqual(['ไร่', 'งาน', 'ตร.วา', 'ตร.กม.']);
    expect((chart.vegaLite.encoding as { x: { title: string } }).x.title).toBe('พื้นที่ (ไร่)');
  });
});

describe('check:config: a chart unit must be defined in the glossary', { timeout: 120_000 }, () => {
  const topic = (unit: string) => yaml`
    route: beachwatch
    title: { th: เฝ้าระวังชายหาด, en: Beach Watch }
    menu: { order: 91, icon: landuse }
    variants:
      - path: ""
        layers:
          - { id: lines, type: wfs, name: แนวชายฝั่ง, layers: "{product}:cmline_2567" }
        sections:
          - kind: rows
            rows:
              - { id: lines, label: แนวชายฝั่ง, layer: lines }
          - kind: chart
            id: chart
            from: lines
            title: ความยาว
            value: { field: length_km, unit: ${unit} }
            groupBy: [{ fields: [prv_name], label: จังหวัด }]
  `;

  it('kg (glossary), km (built-in) and m-per-year (glossary) pass', async () => {
    for (const unit of ['kg', 'km', 'm-per-year', 'count']) expect(await topicErrors('beachwatch', topic(unit)), unit).toEqual([]);
  });

  it("'kgs' is refused at its line and column with did-you-mean kg and the fix", async () => {
    expect(await topicErrors('beachwatch', topic('kgs'))).toEqual([
      'topics/beachwatch.yaml:16:42 variants[0].sections[1].value.unit: unknown unit "kgs" (did you mean "kg"? Or define it in config/glossary.yaml units, e.g. kgs: { th: ..., en: ..., decimals: 1 })',
    ]);
  });

  it('a totals section is held to the same rule', async () => {
    const totals = yaml`
      route: landtotals
      title: { th: พื้นที่ใช้ที่ดิน, en: Land totals }
      menu: { order: 91, icon: landuse }
      variants:
        - path: ""
          sections:
            - kind: totals
              id: area
              title: พื้นที่
              layer: coastallu_2558
              value: { field: area_rai, unit: rais, aggregate: sum }
              groupBy: [{ fields: [prv_name], label: จังหวัด }]
    `;
    expect(await topicErrors('landtotals', totals)).toEqual([
      'topics/landtotals.yaml:11:41 variants[0].sections[0].value.unit: unknown unit "rais" (did you mean "rai"? Or define it in config/glossary.yaml units, e.g. rais: { th: ..., en: ..., decimals: 1 })',
    ]);
  });

  it('a unit nothing is close to says only how to define it', async () => {
    const [line] = await topicErrors('beachwatch', topic('litres'));
    expect(line).toContain('unknown unit "litres" (define it in config/glossary.yaml units');
  });
});
