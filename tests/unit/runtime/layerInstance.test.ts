import { describe, expect, it } from 'vitest';
import { buildCql, buildViewparams, cqlLiteral, instantiateLayer } from '../../../src/engine/layerInstance.ts';
import { loadOptions, optionsFromRows, refValue, type PickerValues } from '../../../src/engine/options.ts';
import type { AppConfig, LayerTemplate } from '../../../src/engine/types.ts';

const app = { product: 'tcs', backend: { router: '/{product}/v2/router', geoserver: '/geoserver/{product}_postgres' } } as AppConfig;
const location = [
  { field: 'prv_code', picker: 'province' },
  { field: 'amp_code', picker: 'district' },
  { field: 'tam_code', picker: 'subdistrict' },
];

describe('§3 CQL_FILTER from the chosen levels', () => {
  it('§3 uses only the chosen levels joined by " and "', () => {
    expect(buildCql(location, { province: { code: '90', name: 'สงขลา' } })).toBe("prv_code = '90'");
    expect(buildCql(location, { province: { code: '90', name: 'สงขลา' }, district: { code: '9001', name: 'เมืองสงขลา' } })).toBe("prv_code = '90' and amp_code = '9001'");
    expect(buildCql(location, {})).toBeUndefined();
  });

  it('escapes quotes so a value cannot break out of its literal', () => {
    expect(cqlLiteral("x' OR 1=1 --")).toBe("'x'' OR 1=1 --'");
    expect(buildCql([{ field: 'island', picker: 'island.name' }], { island: { code: '1', name: "เกาะ'ยอ" } })).toBe("island = 'เกาะ''ยอ'");
  });

  it('multiselects become IN lists', () => {
    const values: PickerValues = { islands: [{ code: '3', name: 'a' }, { code: '7', name: 'b' }] };
    expect(buildCql([{ field: 'gid', picker: 'islands', op: 'in' }], values)).toBe("gid IN ('3','7')");
  });
});

describe('§7 WFS viewparams', () => {
  it('§7 code is the deepest chosen level; pairs joined by ";"', () => {
    const values: PickerValues = { province: { code: '90', name: '' }, district: { code: '9001', name: '' }, start: { code: '2562', name: '' }, end: { code: '2567', name: '' } };
    expect(buildViewparams([{ key: 'code', deepest: ['province', 'district', 'subdistrict'] }, { key: 'start', picker: 'start' }, { key: 'end', picker: 'end' }], values)).toBe('code:9001;start:2562;end:2567');
  });

  it('escapes the separators inside values', () => {
    expect(buildViewparams([{ key: 'island', picker: 'i.name' }], { i: { code: '1', name: 'a;b:c,d' } })).toBe('island:a\\;b\\:c\\,d');
  });
});

describe('§3 layer instances', () => {
  it('§3 WMS options: image/png, transparent, version 1.1.0, CQL_FILTER; names from templates', () => {
    const t: LayerTemplate = { id: 'cmline', layerId: 'cmline-{year}', type: 'wms', name: 'แนวชายฝั่ง พ.ศ. {year}', service: 'wms', layers: '{product}:cmline_{year}', cql: location, legend: 'cmline-years' };
    const layer = instantiateLayer(t, app, { province: { code: '90', name: 'สงขลา' } }, { year: '2567' });
    expect(layer).toMatchObject({
      id: 'cmline-2567',
      name: 'แนวชายฝั่ง พ.ศ. 2567',
      url: '/geoserver/tcs_postgres/wms',
      options: { layers: 'tcs:cmline_2567', format: 'image/png', transparent: 'true', version: '1.1.0', CQL_FILTER: "prv_code = '90'" },
    });
  });
});

describe('§4 picker options from sources', () => {
  it('maps router rows and year pairs to options', () => {
    expect(optionsFromRows([{ code: '90', name: 'สงขลา' }])).toEqual([{ value: '90', label: 'สงขลา', extra: {} }]);
    expect(optionsFromRows([['cmline_2567', '2567']])).toEqual([{ value: 'cmline_2567', label: '2567', extra: {} }]);
    expect(optionsFromRows([{ code_b_m: 'T1', b_m_thai: 'หาดหลัก', bbox: [1, 2, 3, 4] }], { value: 'code_b_m', label: 'b_m_thai', extra: ['bbox'] })).toEqual([
      { value: 'T1', label: 'หาดหลัก', extra: { bbox: [1, 2, 3, 4] } },
    ]);
  });

  it('fills router params from other pickers and filters assets by them', async () => {
    const seen: Array<Record<string, string>> = [];
    const ctx = {
      values: { province: { code: '90', name: 'สงขลา' } } as PickerValues,
      router: async (q: Record<string, string>) => (seen.push(q), [{ code: '9001', name: 'เมืองสงขลา' }]),
      asset: async () => [{ gid: 1, island: 'เกาะหนู', prv_code: '90' }, { gid: 2, island: 'เกาะเต่า', prv_code: '84' }],
      list: async () => [],
    };
    await loadOptions({ router: { page: 'coastline', mode: 'list', list: 'amphur' }, params: { pv: 'province' } }, ctx);
    expect(seen[0]).toEqual({ page: 'coastline', mode: 'list', list: 'amphur', pv: '90' });
    const islands = await loadOptions({ asset: 'islands.json', fields: { value: 'gid', label: 'island' }, filter: { prv_code: 'province' } }, ctx);
    expect(islands.map((o) => o.label)).toEqual(['เกาะหนู']);
  });

  it('refValue reads code, name or an extra field', () => {
    const values: PickerValues = { islands: [{ code: '1', name: 'เกาะยอ', extra: { amp_name: 'สิงหนคร' } }] };
    expect(refValue(values, 'islands')).toBe('1');
    expect(refValue(values, 'islands.name')).toBe('เกาะยอ');
    expect(refValue(values, 'islands.amp_name')).toBe('สิงหนคร');
    expect(refValue(values, 'missing')).toBeUndefined();
  });
});
