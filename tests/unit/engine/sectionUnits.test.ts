// check:config refuses a unit the product cannot show on every section whose value declares one
// (issue 23 item 4, SPEC.md §9 Units), not only on `chart`: a `totals` section (issue 23 item 2)
// with `value.unit: kgs` is refused at its line and column with did-you-mean and the fix, and the
// glossary's kg passes; the check reads the unit of any section's value, not a list of kinds, so
// a section kind added later is checked too. src/loader/crossrefUnits.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { formatConfigError } from '../../../src/engine/errors.ts';
import type { TopicDoc } from '../../../src/engine/types.ts';
import { checkChartUnits } from '../../../src/loader/crossrefUnits.ts';
import { Issues } from '../../../src/loader/issues.ts';
import { parseText } from '../../../src/loader/readDocument.ts';
import { cleanupTempConfigs, topicErrors, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

describe('check:config: a totals section unit must be built in or defined in the glossary', { timeout: 120_000 }, () => {
  const topic = (unit: string) => yaml`
    route: beachwatch
    title: { th: ขยะชายหาด, en: Beach Watch }
    menu: { order: 95, icon: landuse }
    variants:
      - path: ""
        sections:
          - kind: totals
            id: area
            title: พื้นที่การใช้ประโยชน์ที่ดิน
            layer: coastallu_2558
            value: { field: area_rai, unit: ${unit} }
            groupBy: [{ fields: [prv_name], label: จังหวัด }]
  `;

  it('kg (glossary) and rai (built-in) pass', async () => {
    for (const unit of ['kg', 'rai']) expect(await topicErrors('beachwatch', topic(unit)), unit).toEqual([]);
  });

  it("'kgs' is refused at its line and column with did-you-mean kg and how to define it", async () => {
    expect(await topicErrors('beachwatch', topic('kgs'))).toEqual([
      'topics/beachwatch.yaml:11:41 variants[0].sections[0].value.unit: unknown unit "kgs" (did you mean "kg"? Or define it in config/glossary.yaml units, e.g. kgs: { th: ..., en: ..., decimals: 1 })',
    ]);
  });
});

describe('the unit check reads any section whose value declares a unit', () => {
  it('a section kind the check does not name is checked by its value.unit; a value without a unit is not', () => {
    const text = yaml`
      route: beachwatch
      variants:
        - path: ""
          sections:
            - { kind: someLaterChart, id: a, value: { field: litter_kg, unit: kgs } }
            - { kind: someLaterChart, id: b, value: { field: litter_kg, unit: kg } }
            - { kind: note, value: 12 }
    `;
    const read = parseText(text, 'topics/beachwatch.yaml');
    if (!read.ok) throw new Error('fixture does not parse');
    const issues = new Issues();
    checkChartUnits(issues, { doc: read.doc, data: read.doc.data as TopicDoc }, { units: { kg: { th: 'กก.', en: 'kg', decimals: 1 } } });
    expect(issues.errors.map(formatConfigError)).toEqual([
      expect.stringMatching(/^topics\/beachwatch\.yaml:5:\d+ variants\[0\]\.sections\[0\]\.value\.unit: unknown unit "kgs" \(did you mean "kg"\?/),
    ]);
  });
});
