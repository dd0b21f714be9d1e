// Issue 23 item 3: a chart whose data lacks a configured field says 'ไม่พบฟิลด์ ... ในข้อมูล'
// instead of vanishing; a field present but blank in some features is no mistake.
import { describe, expect, it } from 'vitest';
import { chartSpec, type ChartSpecInput } from '../../../src/engine/charts/spec.ts';
import { missingChartFields, missingFieldsText } from '../../../src/ui/sections/chart/missingFields.ts';

const spec = (over: Partial<ChartSpecInput> = {}) =>
  chartSpec({
    id: 'c',
    title: 't',
    from: 'r',
    value: { field: 'litter_kg', unit: 'count' },
    groupBy: [{ fields: ['province', 'pv_tn'], label: 'จังหวัด' }],
    ...over,
  });
const input = (...properties: Array<Record<string, unknown>>) => ({ features: { features: properties.map((p) => ({ properties: p })) } });

describe('missing chart fields', () => {
  it('names the value field and a level none of whose alternatives any feature has', () => {
    expect(missingChartFields(spec(), input({ name: 'a', kg: 1 }, { name: 'b' }))).toEqual(['litter_kg', 'province หรือ pv_tn']);
    expect(missingFieldsText(spec(), input({ province: 'สงขลา' }))).toBe('ไม่พบฟิลด์ litter_kg ในข้อมูล โปรดแจ้งผู้ดูแลระบบให้ตรวจสอบการตั้งค่ากราฟ');
  });
  it('a field in some features (blank or null in others), an alternative, or count: nothing missing', () => {
    expect(missingChartFields(spec(), input({ litter_kg: null, pv_tn: 'x' }, { litter_kg: 3 }))).toEqual([]);
    expect(missingChartFields(spec({ value: { unit: 'count', aggregate: 'count' } }), input({ province: 'a' }))).toEqual([]);
  });
  it('no features: nothing to judge (the empty-data rules apply)', () => {
    expect(missingChartFields(spec(), input())).toEqual([]);
  });
  it('a level with `unknown` is never missing; stack, weight and share fields are checked', () => {
    const s = spec({
      groupBy: [{ fields: ['province'], label: 'จังหวัด', unknown: 'ไม่ทราบ' }],
      value: { field: 'litter_kg', unit: 'count', aggregate: 'mean', weight: 'n' },
      stack: { field: 'cls', legend: 'l' },
      shares: [{ label: 's', count: 'sig', of: 'rated' }],
    });
    expect(missingChartFields(s, input({ litter_kg: 1, rated: 2 }))).toEqual(['n', 'cls', 'sig']);
  });
});
