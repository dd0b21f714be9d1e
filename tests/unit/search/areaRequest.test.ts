// The place search fills the area pickers (issue 24 item 8): codes nest, each picker takes its code
// once its parents hold theirs and its list has it, once; other pages and old requests are ignored.
import { describe, expect, it } from 'vitest';
import type { ResolvedPicker } from '../../../src/engine/types.ts';
import type { Option } from '../../../src/engine/options.ts';
import { areaCodes, requestArea, requestedArea } from '../../../src/ui/topic/areaRequest.ts';

const picker = (id: string, dependsOn: string[] = [], kind = 'select') => ({ id, label: id, kind, dependsOn }) as unknown as ResolvedPicker;
const option = (value: string, label = value): Option => ({ value, label, extra: {} });
const province = picker('province');
const district = picker('district', ['province']);

describe('areaCodes', () => {
  it('names every level down to the place', () => {
    expect(areaCodes('province', '20')).toEqual({ province: '20' });
    expect(areaCodes('district', '9001')).toEqual({ province: '90', district: '9001' });
    expect(areaCodes('subdistrict', '900101')).toEqual({ province: '90', district: '9001', subdistrict: '900101' });
    expect(areaCodes('cctv', 'BSN1')).toEqual({});
    expect(areaCodes('district', '90')).toEqual({});
  });
});

describe('requestedArea', () => {
  it('chooses the province, then the district once the province holds its code, each once', () => {
    requestArea('cmline-changearea/', areaCodes('district', '9001'), 0);
    const districts = [option('9001', 'เมืองสงขลา')];
    // the district waits for its province
    expect(requestedArea('cmline-changearea/', district, { province: { code: '20', name: 'ชลบุรี' } }, districts, 1)).toBeUndefined();
    expect(requestedArea('cmline-changearea/', province, {}, [option('20'), option('90', 'สงขลา')], 1)).toEqual({ code: '90', name: 'สงขลา', extra: {} });
    expect(requestedArea('cmline-changearea/', province, {}, [option('90')], 1)).toBeUndefined();
    const values = { province: { code: '90', name: 'สงขลา' } };
    // a list not yet reloaded for the new province does not use the code up
    expect(requestedArea('cmline-changearea/', district, values, [option('2001')], 1)).toBeUndefined();
    expect(requestedArea('cmline-changearea/', district, values, districts, 1)).toEqual({ code: '9001', name: 'เมืองสงขลา', extra: {} });
    expect(requestedArea('cmline-changearea/', district, values, districts, 1)).toBeUndefined();
  });

  it('keeps a choice already made, takes a one-item list for a multi-select, ignores other pages and old requests', () => {
    requestArea('a/', { province: '90' }, 0);
    expect(requestedArea('a/', province, { province: { code: '90', name: 'สงขลา' } }, [option('90')], 1)).toBeUndefined();
    requestArea('a/', { province: '90' }, 0);
    expect(requestedArea('a/', picker('province', [], 'multiselect'), {}, [option('90')], 1)).toEqual([{ code: '90', name: '90', extra: {} }]);
    requestArea('a/', { province: '90' }, 0);
    expect(requestedArea('b/', province, {}, [option('90')], 1)).toBeUndefined();
    expect(requestedArea('a/', province, {}, [option('90')], 60_000)).toBeUndefined();
  });
});
