// featureList (SPEC.md §2 /cctv): what each item shows and where a click takes the map.
import { describe, expect, it } from 'vitest';
import type { Option } from '../../../src/engine/options.ts';
import { fitTarget, listItems, sourceFieldNames } from '../../../src/sections/featureList/items.ts';

const cctv = (code: string, site: string, point: unknown): Option => ({ value: code, label: code, extra: { SITE: site, point } });
const FIELDS = { value: 'CODE', label: 'CODE', extra: ['SITE', 'point'] };

describe('featureList items', () => {
  it('shows the label field (CODE) and the detail field (SITE); a click flies to the point at the fit zoom', () => {
    expect(listItems([cctv('CCTV01', 'หาดชะอำ', [99.9712, 12.8003])], { label: 'CODE', detail: 'SITE' }, FIELDS, 12)).toEqual([
      { key: 'CCTV01', label: 'CCTV01', detail: 'หาดชะอำ', target: { center: [99.9712, 12.8003], zoom: 12 } },
    ]);
  });

  it('reads the value field and extra fields by name; no detail when none is asked', () => {
    const option: Option = { value: '7', label: 'Site seven', extra: { CODE: 'R07', point: [100, 13] } };
    expect(listItems([option], { label: 'CODE' }, { value: 'id', label: 'SITE', extra: ['CODE', 'point'] }, 10)).toEqual([{ key: '7', label: 'R07', target: { center: [100, 13], zoom: 10 } }]);
    expect(listItems([option], { label: 'id' }, { value: 'id' }, 10)[0]?.label).toBe('7');
  });

  it('has no fit target without a valid [lon, lat]', () => {
    for (const point of [undefined, null, [100], ['100', '13'], [200, 13], [100, -91], { lon: 100, lat: 13 }]) expect(fitTarget({ point }, 12)).toBeNull();
    expect(fitTarget({ point: [-180, 90] }, 12)).toEqual({ center: [-180, 90], zoom: 12 });
  });

  it('knows the fields a router or asset source reads (code/name by default); none for fixed options and lists', () => {
    expect(sourceFieldNames({ asset: 'cctv.json', fields: FIELDS })).toEqual(['CODE', 'CODE', 'SITE', 'point']);
    expect(sourceFieldNames({ router: { page: 'x' } })).toEqual(['code', 'name']);
    expect(sourceFieldNames({ options: [2567] })).toBeUndefined();
    expect(sourceFieldNames({ list: 'years' })).toBeUndefined();
  });
});
