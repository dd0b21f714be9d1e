import { describe, expect, it } from 'vitest';
import { chartTreeFor, isProvinceQuery } from '../../../src/ui/charts/chartData.ts';

const feature = (tam: string, amp: string, prv: string, area: number) => ({ id: 'erosion_area.1', properties: { tam_name: tam, amp_name: amp, prv_name: prv, area } });

describe('§4 chart level from the query', () => {
  it('a province code is the province view; district and sub-district codes are not', () => {
    expect(isProvinceQuery('code:90;start:2562;end:2567')).toBe(true);
    expect(isProvinceQuery('start:2562;code:9001;end:2567')).toBe(false);
    expect(isProvinceQuery('code:900106')).toBe(false);
    expect(isProvinceQuery(undefined)).toBe(false);
  });

  it('§4 a province query charts province > district; a district query goes down to sub-districts', () => {
    const features = { features: [feature('บ่อยาง', 'เมืองสงขลา', 'สงขลา', 1600), feature('เกาะแต้ว', 'เมืองสงขลา', 'สงขลา', 3200)] };
    const byProvince = chartTreeFor({}, { features, viewparams: 'code:90;start:2562;end:2567' });
    const byDistrict = chartTreeFor({}, { features, viewparams: 'code:9001;start:2562;end:2567' });
    expect(byProvince?.level).toBe('district');
    expect(byDistrict?.level).toBe('subdistrict');
  });
});
