// Picker options and picker references (src/engine/options.ts). The CQL, viewparams and WMS
// instance cases that lived here moved with src/engine/layerInstance.ts to
// tests/unit/layers/request.test.ts and tests/unit/layers/wms.test.ts (issue 9).
import { describe, expect, it } from 'vitest';
import { loadOptions, optionsFromRows, refValue, refValues, type PickerValues } from '../../../src/engine/options.ts';

describe('§4 picker options from sources', () => {
  it('maps router rows and year pairs to options', () => {
    expect(optionsFromRows([{ code: '90', name: 'สงขลา' }])).toEqual([{ value: '90', label: 'สงขลา', extra: {} }]);
    expect(optionsFromRows([['cmline_2567', '2567']])).toEqual([{ value: 'cmline_2567', label: '2567', extra: {} }]);
    expect(optionsFromRows([{ code_b_m: 'T1', b_m_thai: 'หาดหลัก', bbox: [1, 2, 3, 4] }], { value: 'code_b_m', label: 'b_m_thai', extra: ['bbox'] })).toEqual([
      { value: 'T1', label: 'หาดหลัก', extra: { bbox: [1, 2, 3, 4] } },
    ]);
  });

  it("SPEC §3: labelBefore '_' shows the island of a layer name; the value stays the whole layer name", () => {
    const rows = [{ layer: 'เกาะล้าน_22' }, { layer: 'เกาะช้าง_23_1' }, { layer: 'เกาะไม่มีขีด' }, { layer: '_นำหน้า' }];
    expect(optionsFromRows(rows, { value: 'layer', label: 'layer', labelBefore: '_' })).toEqual([
      { value: 'เกาะล้าน_22', label: 'เกาะล้าน', extra: {} },
      { value: 'เกาะช้าง_23_1', label: 'เกาะช้าง', extra: {} },
      { value: 'เกาะไม่มีขีด', label: 'เกาะไม่มีขีด', extra: {} },
      { value: '_นำหน้า', label: '_นำหน้า', extra: {} },
    ]);
  });

  it('fills router params from other pickers and filters assets by them', async () => {
    const seen: Array<Record<string, string>> = [];
    const ctx = {
      values: { province: { code: '90', name: 'สงขลา' } } as PickerValues,
      router: async (q: Record<string, string>) => (seen.push(q), [{ code: '9001', name: 'เมืองสงขลา' }]),
      asset: async () => [{ gid: 1, island: 'เกาะหนู', prv_code: '90' }, { gid: 2, island: 'เกาะเต่า', prv_code: '84' }],
      list: async () => [],
      layerValues: async () => [],
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

  it('refValues keeps a multi-select as an array, one value per item (a comma inside a name stays inside it)', () => {
    const values: PickerValues = { islands: [{ code: '1', name: 'เกาะหนู, เกาะแมว' }, { code: '2', name: 'เกาะยอ' }], none: null };
    expect(refValues(values, 'islands.name')).toEqual(['เกาะหนู, เกาะแมว', 'เกาะยอ']);
    expect(refValues(values, 'islands')).toEqual(['1', '2']);
    expect(refValues(values, 'none')).toEqual([]);
    // One query parameter for the provider router's lists (pv=90,93) still joins.
    expect(refValue({ province: [{ code: '90', name: '' }, { code: '93', name: '' }] }, 'province')).toBe('90,93');
  });
});
