// Lists and totals of a published layer by config (issue 23 item 2): a picker source
// `{layer, value, label, filter, sort, order}` loaded through the injected fetcher, a `totals`
// section's request and chart, and check:config's errors for both at file:line:column with a
// did-you-mean over the layer's catalog attributes (src/loader/crossrefLayerData.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { compileChart } from '../../../src/engine/charts/compile.ts';
import type { LayerDataQuery } from '../../../src/engine/layerData.ts';
import { loadOptions, type PickerValues, type SourceContext } from '../../../src/engine/options.ts';
import { resolvePickers } from '../../../src/engine/resolve.ts';
import { totalsChartSpec, totalsRequest } from '../../../src/ui/sections/totals/chartOfTotals.ts';
import { totalsDefinition, type TotalsSection } from '../../../src/sections/totals/definition.ts';
import { withDefaults } from '../../../src/engine/schemaDefaults.ts';
import { totalsQuery } from '../../../src/engine/layerData.ts';
import { refValues } from '../../../src/engine/options.ts';
import { cleanupTempConfigs, topicErrors, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

function context(values: PickerValues, rows: unknown[] = []): { ctx: SourceContext; asked: LayerDataQuery[] } {
  const asked: LayerDataQuery[] = [];
  const none = async () => [];
  return { asked, ctx: { values, router: none, asset: none, list: none, layerValues: async (q) => (asked.push(q), rows) } };
}

describe('picker source: distinct values of a published layer', () => {
  it('asks /values with the layer, columns, sort and one filter entry per chosen value, and reads {value, label} rows', async () => {
    const { ctx, asked } = context({ province: [{ code: '20', name: 'ชลบุรี' }, { code: '21', name: 'ระยอง' }] }, [{ value: 2001, label: 'เมืองชลบุรี' }, { value: '2101', label: null }]);
    const options = await loadOptions({ layer: 'coastallu_2558', value: 'amp_code', label: 'amp_name', filter: { prv_code: 'province' }, sort: 'value', order: 'desc' }, ctx);
    expect(asked).toEqual([[['layer', 'coastallu_2558'], ['filter.prv_code', '20'], ['filter.prv_code', '21'], ['value', 'amp_code'], ['label', 'amp_name'], ['sort', 'value'], ['order', 'desc']]]);
    expect(options).toEqual([{ value: '2001', label: 'เมืองชลบุรี', extra: {} }, { value: '2101', label: '2101', extra: {} }]);
  });

  it('a filter picker with nothing chosen narrows nothing; a {picker} in the layer name waits for it', async () => {
    const { ctx, asked } = context({}, [{ value: '20', label: 'ชลบุรี' }]);
    await loadOptions({ layer: 'coastallu_2558', value: 'prv_code', filter: { prv_code: 'province' } }, ctx);
    expect(asked).toEqual([[['layer', 'coastallu_2558'], ['value', 'prv_code']]]);
    expect(await loadOptions({ layer: 'coastallu_{year}', value: 'prv_code' }, ctx)).toEqual([]);
    expect(asked).toHaveLength(1);
    const withYear = context({ year: { code: '2553', name: '2553' } });
    await loadOptions({ layer: 'coastallu_{year}', value: 'prv_code' }, withYear.ctx);
    expect(withYear.asked[0]?.[0]).toEqual(['layer', 'coastallu_2553']);
  });

  it('the layer name variables gate the picker; filters only narrow it (as asset filters)', () => {
    const [picker] = resolvePickers([{ id: 'district', label: 'อำเภอ', kind: 'select', source: { layer: 'coastallu_{year}', value: 'amp_code', filter: { prv_code: 'province' } } }], []);
    expect(picker?.dependsOn).toEqual(['year']);
  });
});

describe('totals section: request and chart', () => {
  // as the loader gives it: the section schema's defaults filled in
  const section = (value: TotalsSection['value']): TotalsSection =>
    withDefaults<TotalsSection>(totalsDefinition.schema, {
      kind: 'totals', id: 't', title: 'ปริมาณขยะ', layer: 'beachwatch_{year}', filter: { prv_code: 'province' }, value,
      groupBy: [{ fields: ['prv_name', 'pv_tn'], label: 'จังหวัด' }],
    });
  const rows = [
    { prv_name: 'ชลบุรี', pv_tn: null, litter_kg: 10, count: 1 },
    { prv_name: null, pv_tn: 'ชลบุรี', litter_kg: 40, count: 3 },
    { prv_name: 'ระยอง', pv_tn: null, litter_kg: 5, count: 2 },
  ];
  const values = (s: TotalsSection) => compileChart(totalsChartSpec(s), { features: { features: rows.map((properties) => ({ properties })) } }, [])?.table?.rows.map((r) => [...r.names, r.values[0]]);

  it('asks /totals with the op, field, every groupBy field and the filters; nothing while {year} has no value', () => {
    const s = section({ field: 'litter_kg', unit: 'count', aggregate: 'mean' });
    expect(totalsRequest(s)).toEqual({ layer: 'beachwatch_{year}', filter: { prv_code: 'province' }, op: 'mean', field: 'litter_kg', groupBy: ['prv_name', 'pv_tn'] });
    const chosen = (v: PickerValues) => (ref: string) => refValues(v, ref);
    expect(totalsQuery(totalsRequest(s), chosen({}))).toBeNull();
    expect(totalsQuery(totalsRequest(s), chosen({ year: { code: '2567', name: '2567' }, province: { code: '20', name: 'ชลบุรี' } }))).toEqual([
      ['layer', 'beachwatch_2567'], ['filter.prv_code', '20'], ['op', 'mean'], ['field', 'litter_kg'], ['groupBy', 'prv_name,pv_tn'],
    ]);
  });

  it('charts the answer rows as the section says: sums summed, counts summed, means weighted by their counts', () => {
    expect(values(section({ field: 'litter_kg', unit: 'count', aggregate: 'sum' }))).toEqual([['ชลบุรี', '50'], ['ระยอง', '5']]);
    expect(values(section({ unit: 'count', aggregate: 'count' }))).toEqual([['ชลบุรี', '4'], ['ระยอง', '2']]);
    // (10 x 1 + 40 x 3) / 4 = 32.5, not the mean of the means (25)
    expect(values(section({ field: 'litter_kg', unit: 'count', aggregate: 'mean' }))?.[0]?.[1]).toMatch(/^3[23]/);
  });
});

describe('check:config: lists and totals name published layers and their attributes', () => {
  const topic = (body: string) => yaml`
    route: beachwatch
    title: { th: ขยะชายหาด, en: Beach Watch }
    menu: { order: 95, icon: landuse }
    variants:
      - path: ""
        pickers:
          - { id: year, label: ปี, source: { options: [2558] } }
${body}
  `;

  it('a picker source on an unpublished layer, an unknown value, label and filter attribute, an undeclared filter picker', async () => {
    const text = topic(`          - id: province
            label: จังหวัด
            source: { layer: coastallu_2559, value: prv_code }
          - id: district
            label: อำเภอ
            source: { layer: "coastallu_{year}", value: amp_cod, label: ampname, filter: { prv_cod: province, amp_code: provinc } }`);
    expect(await topicErrors('beachwatch', text)).toEqual([
      'topics/beachwatch.yaml:10:26 variants[0].pickers[1].source.layer: layer "coastallu_2559" is not published by the layer catalog (config/layers.yaml); did you mean "coastallu_2558"?',
      'topics/beachwatch.yaml:13:53 variants[0].pickers[2].source.value: value "amp_cod" is not an attribute of layer "coastallu_{year}" in the catalog; did you mean "amp_code"?',
      'topics/beachwatch.yaml:13:69 variants[0].pickers[2].source.label: label "ampname" is not an attribute of layer "coastallu_{year}" in the catalog; did you mean "amp_name"?',
      'topics/beachwatch.yaml:13:97 variants[0].pickers[2].source.filter.prv_cod: filter attribute "prv_cod" is not an attribute of layer "coastallu_{year}" in the catalog; did you mean "prv_code"?',
      'topics/beachwatch.yaml:13:117 variants[0].pickers[2].source.filter.amp_code: unknown picker "provinc" (did you mean "province"?)',
    ]);
  });

  it('a totals section: a layer that needs viewparams, a text field summed, a groupBy typo, a field unknown with no near name', async () => {
    const text = topic(`        sections:
          - kind: totals
            id: erosion
            title: พื้นที่กัดเซาะ
            layer: erosion_area
            value: { field: area, unit: sqm }
            groupBy: [{ fields: [prv_name], label: จังหวัด }]
          - kind: totals
            id: landuse
            title: การใช้ที่ดิน
            layer: "coastallu_{year}"
            value: { field: lul2_t, unit: rai }
            groupBy: [{ fields: [prv_nam, zzzzzzzz], label: จังหวัด }]
          - kind: totals
            id: count
            title: จำนวน
            layer: coastallu_2558
            value: { unit: count, aggregate: count }
            groupBy: [{ fields: [prv_name], label: จังหวัด }]`);
    const lines = await topicErrors('beachwatch', text);
    expect(lines).toEqual([
      'topics/beachwatch.yaml:12:16 variants[0].sections[0].layer: layer "erosion_area" needs viewparams (code, start, end); lists and totals read layers without required viewparams',
      'topics/beachwatch.yaml:19:25 variants[0].sections[1].value.field: value field "lul2_t" is string in the catalog; aggregate sum needs an int or double attribute',
      'topics/beachwatch.yaml:20:30 variants[0].sections[1].groupBy[0].fields[0]: groupBy field "prv_nam" is not an attribute of layer "coastallu_{year}" in the catalog; did you mean "prv_name"?',
      expect.stringMatching(/^topics\/beachwatch\.yaml:20:39 variants\[0\]\.sections\[1\]\.groupBy\[0\]\.fields\[1\]: groupBy field "zzzzzzzz" is not an attribute of layer "coastallu_\{year\}" in the catalog; its attributes: gid, lu_year, lul2_code, lul2_t, prv_code/),
    ]);
  });

  it('a totals section summing without a field, and a layer name variable that is no picker', async () => {
    const text = topic(`        sections:
          - kind: totals
            id: area
            title: พื้นที่
            layer: "coastallu_{yr}"
            value: { unit: rai }
            groupBy: [{ fields: [prv_name], label: จังหวัด }]`);
    expect(await topicErrors('beachwatch', text)).toEqual([
      'topics/beachwatch.yaml:12:16 variants[0].sections[0].layer: unknown picker "yr" (did you mean "year"?)',
      'topics/beachwatch.yaml:13:16 variants[0].sections[0].value: aggregate sum needs value.field (the attribute to measure)',
    ]);
  });
});
