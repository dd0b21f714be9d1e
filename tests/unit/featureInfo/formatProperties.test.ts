// Feature properties in the drawer (SPEC.md §2 "Empty property values are hidden", §3 Feature
// properties "shape_leng (times 0.001 to km; shown to 4 decimals in feature info)", §9 Units).
import { describe, expect, it } from 'vitest';
import type { Legend } from '../../../src/engine/types.ts';
import {
  featureColor,
  formatAreaValue,
  formatProperties,
  formatShapeLengKm,
  formatValue,
  isEmptyValue,
} from '../../../src/ui/featureInfo/formatProperties.ts';

describe('empty values are hidden', () => {
  it('null, undefined, blank strings and NaN are empty; 0, false and "0" are not', () => {
    for (const v of [null, undefined, '', '   ', Number.NaN]) expect(isEmptyValue(v), String(v)).toBe(true);
    for (const v of [0, false, '0', 'x']) expect(isEmptyValue(v), String(v)).toBe(false);
  });

  it('formatProperties leaves them out and keeps the order of the rest', () => {
    const rows = formatProperties({ prv_name: 'สงขลา', amp_name: '', tam_name: null, island: undefined, gid: 0, note: '  ' });
    expect(rows.map((r) => r.key)).toEqual(['prv_name', 'gid']);
    expect(rows[0]).toEqual({ key: 'prv_name', label: 'prv_name', value: 'สงขลา' });
    expect(rows[1]).toEqual({ key: 'gid', label: 'gid', value: '0' });
  });

  it('no properties, no rows', () => {
    expect(formatProperties(null)).toEqual([]);
    expect(formatProperties({})).toEqual([]);
  });
});

describe('shape_leng x 0.001 shown in km with 4 decimals', () => {
  it('converts metres to km with exactly 4 decimals, Thai grouping', () => {
    expect(formatShapeLengKm(1234.5)).toBe('1.2345');
    expect(formatShapeLengKm(1000)).toBe('1.0000');
    expect(formatShapeLengKm(12345678.9)).toBe('12,345.6789');
    expect(formatShapeLengKm(0.04)).toBe('0.0000');
    expect(formatShapeLengKm(-0.01)).toBe('0.0000');
  });

  it('is shown in km, also when the value arrives as a numeric string (its label comes from the glossary)', () => {
    const [row] = formatProperties({ shape_leng: '2500.25' }, { label: () => 'ความยาวเส้น (กม.)' });
    expect(row).toEqual({ key: 'shape_leng', label: 'ความยาวเส้น (กม.)', value: '2.5003' });
  });

  it('a non-numeric shape_leng is shown as it is', () => {
    expect(formatValue('shape_leng', 'n/a')).toBe('n/a');
  });
});

describe('numbers in the Thai locale', () => {
  it('area (sq m) as rai, ngan and square wah with the sq m, 3 decimals', () => {
    expect(formatAreaValue(2050)).toBe('1 ไร่ 1 งาน 12.500 ตร.วา (2,050.000 ตร.ม.)');
    expect(formatValue('area', 1600)).toBe('1 ไร่ 0 งาน 0.000 ตร.วา (1,600.000 ตร.ม.)');
    expect(formatValue('area', '16000000')).toBe('10,000 ไร่ 0 งาน 0.000 ตร.วา (16,000,000.000 ตร.ม.)');
  });

  it('area_rai (rai) as whole rai and ngan with square wah to 3 decimals, never "276.000 ไร่" (issue 16)', () => {
    expect(formatValue('area_rai', 276)).toBe('276 ไร่ 0 งาน 0.000 ตร.วา');
    expect(formatValue('area_rai', '1.28125')).toBe('1 ไร่ 1 งาน 12.500 ตร.วา');
  });

  it('other decimals with exactly 3 decimals; whole numbers (years, ids) as they are', () => {
    expect(formatValue('epr', -2.71828)).toBe('-2.718');
    expect(formatValue('length_km', 1234.5)).toBe('1,234.500');
    expect(formatValue('line_year', 2567)).toBe('2567');
    expect(formatValue('gid', 1234567)).toBe('1234567');
  });

  it('codes held as strings stay strings (leading zeros kept)', () => {
    expect(formatValue('prv_code', '09')).toBe('09');
  });

  it('booleans in Thai', () => {
    expect(formatValue('flag', true)).toBe('ใช่');
    expect(formatValue('flag', false)).toBe('ไม่ใช่');
  });
});

describe('values are text, never markup', () => {
  it('an HTML attribute value comes back as the same characters (React renders it as a text node)', () => {
    const xss = '<img src=x onerror=alert(1)>';
    const [row] = formatProperties({ tam_name: xss });
    expect(row!.value).toBe(xss);
    expect(typeof row!.value).toBe('string');
  });
  it('objects are shown as JSON text', () => {
    expect(formatValue('extra', { a: '<b>' })).toBe('{"a":"<b>"}');
  });
});

describe('featureColor: the colour next to the layer name', () => {
  const years: Legend = {
    id: 'cmline-years',
    title: 'ปี',
    type: 'line',
    field: 'line_year',
    items: [
      { label: '2567', code: 2567, color: '#E6194B' },
      { label: '2566', code: 2566, color: '#F58231' },
    ],
  };
  const rates: Legend = { id: 'rate', title: 'rate', type: 'line', field: 'epr', items: [{ label: 'ero', max: -1, color: '#B2182B' }, { label: 'acc', min: 1, color: '#2166AC' }] };

  it('the layer colour first', () => {
    expect(featureColor('#FF0000', years, { line_year: 2566 })).toBe('#FF0000');
  });
  it('else the legend item of the feature value, by code or by range', () => {
    expect(featureColor(undefined, years, { line_year: 2566 })).toBe('#F58231');
    expect(featureColor(undefined, years, { line_year: '2567' })).toBe('#E6194B');
    expect(featureColor(undefined, rates, { epr: -3 })).toBe('#B2182B');
    expect(featureColor(undefined, rates, { epr: 4 })).toBe('#2166AC');
  });
  it('else the legend first colour, else none', () => {
    expect(featureColor(undefined, years, { line_year: 1999 })).toBe('#E6194B');
    expect(featureColor(undefined, undefined, {})).toBeUndefined();
  });
});
