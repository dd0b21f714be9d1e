import { describe, expect, it } from 'vitest';
import {
  aggregateAdmin,
  aggregateIslands,
  areaOf,
  chartLevel,
  featureView,
  islandDistrictLabel,
  toChartRows,
  UNKNOWN_DISTRICT,
  UNKNOWN_PROVINCE,
} from '../../../src/engine/charts/aggregate.ts';
import type { ChartFeature, ChartTree } from '../../../src/engine/charts/aggregate.ts';

let fid = 0;
/** An erosion result feature of `view` with the given properties (ids as WFS gives them). */
const feature = (view: string, properties: Record<string, unknown>): ChartFeature => ({ id: `${view}.${++fid}`, properties });
const province = (properties: Record<string, unknown>) => feature('erosion_area_province', properties);
const tambon = (properties: Record<string, unknown>) => feature('erosion_area_tambon', properties);

const songkhla = { prv_name: 'สงขลา' };
const singhanakhon = { ...songkhla, amp_name: 'สิงหนคร' };
const muang = { ...songkhla, amp_name: 'เมืองสงขลา' };

describe('featureView: which id/property names the result view (SPEC.md §4 Charts)', () => {
  it('§4 reads the `layer` property first, else the feature id up to its last "."', () => {
    expect(featureView({ id: 'erosion_area_province.12', properties: {} })).toBe('erosion_area_province');
    expect(featureView({ id: 'erosion_area_tambon.3', properties: { layer: 'erosion_area_province' } })).toBe('erosion_area_province');
    expect(featureView({ id: 'accretion_area.v2.7' })).toBe('accretion_area.v2');
  });

  it('drops a workspace prefix and ignores a blank layer', () => {
    expect(featureView({ id: 'tcs:erosion_area_tambon.3', properties: { layer: '  ' } })).toBe('erosion_area_tambon');
    expect(featureView({ id: 'x', properties: { layer: 'tcs:accretion_area_province' } })).toBe('accretion_area_province');
  });

  it('is null when neither names a view', () => {
    expect(featureView({ id: 12, properties: {} })).toBeNull();
    expect(featureView({ id: 'no-dot' })).toBeNull();
    expect(featureView({ properties: null })).toBeNull();
    expect(featureView({ id: 'tcs:.4' })).toBeNull();
  });
});

describe('chartLevel (SPEC.md §4 "sub-district when the first feature\'s layer is not the province view")', () => {
  it('§4 no features: no chart', () => {
    expect(chartLevel([])).toBeNull();
  });

  it('§4 the province view charts province > district', () => {
    expect(chartLevel([province(singhanakhon)])).toBe('district');
    expect(chartLevel([{ id: 'accretion_area_province.1' }])).toBe('district');
    expect(chartLevel([{ properties: { layer: 'erosion_area_province' } }])).toBe('district');
  });

  it('§4 any other view charts province > district > sub-district', () => {
    expect(chartLevel([tambon(singhanakhon)])).toBe('subdistrict');
    expect(chartLevel([{ id: 'erosion_area_amphoe.1' }])).toBe('subdistrict');
    expect(chartLevel([{ id: 'erosion_area.1' }])).toBe('subdistrict');
    // A first feature that names no view is not the province view.
    expect(chartLevel([{ properties: singhanakhon }, province(singhanakhon)])).toBe('subdistrict');
  });

  it('§4 reads the first feature only', () => {
    expect(chartLevel([tambon(singhanakhon), province(singhanakhon)])).toBe('subdistrict');
    expect(chartLevel([province(singhanakhon), tambon(singhanakhon)])).toBe('district');
  });

  it('takes another province-view rule', () => {
    const isProvinceView = (view: string) => view === 'erosion_pv';
    expect(chartLevel([{ id: 'erosion_pv.1' }], { isProvinceView })).toBe('district');
    expect(chartLevel([province(singhanakhon)], { isProvinceView })).toBe('subdistrict');
  });
});

describe('areaOf', () => {
  it('accepts finite numbers and numeric strings only', () => {
    expect(areaOf({ properties: { area: 1234.5 } })).toBe(1234.5);
    expect(areaOf({ properties: { area: '1234.5' } })).toBe(1234.5);
    expect(areaOf({ properties: { area: 0 } })).toBe(0);
    for (const area of [undefined, null, '', ' ', 'abc', '12 ไร่', Number.NaN, Number.POSITIVE_INFINITY, true, {}]) {
      expect(areaOf({ properties: { area } }), String(area)).toBeNull();
    }
    expect(areaOf({})).toBeNull();
  });
});

describe('aggregateAdmin (SPEC.md §4 Charts, §3 "Chart data: nested province > district (> sub-district) with area")', () => {
  it('§4 "erosion/accretion shown only when data non-empty": no features, no chart', () => {
    expect(aggregateAdmin([])).toBeNull();
  });

  it('§4 the province view nests province > district with summed areas, in first-seen order', () => {
    const tree = aggregateAdmin([
      province({ ...singhanakhon, area: 1000 }),
      province({ ...muang, area: 250.5 }),
      province({ ...singhanakhon, area: 500 }),
      // SPEC.md §3 aliases pv_tn / ap_tn.
      province({ pv_tn: 'ปัตตานี', ap_tn: 'หนองจิก', area: 40 }),
    ]);
    expect(tree).toEqual({
      kind: 'admin',
      level: 'district',
      area_sqm: 1790.5,
      counted: 4,
      skipped: 0,
      provinces: [
        {
          name: 'สงขลา',
          area_sqm: 1750.5,
          children: [
            { name: 'สิงหนคร', area_sqm: 1500, children: [] },
            { name: 'เมืองสงขลา', area_sqm: 250.5, children: [] },
          ],
        },
        { name: 'ปัตตานี', area_sqm: 40, children: [{ name: 'หนองจิก', area_sqm: 40, children: [] }] },
      ],
    });
  });

  it('§4 other views nest province > district > sub-district', () => {
    const tree = aggregateAdmin([
      tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: 100 }),
      tambon({ ...singhanakhon, tb_tn: 'สทิงหม้อ', area: 20 }),
      tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: 3 }),
      tambon({ ...muang, tam_name: 'บ่อยาง', area: 7 }),
    ]);
    expect(tree?.level).toBe('subdistrict');
    expect(tree?.area_sqm).toBe(130);
    expect(tree?.provinces).toEqual([
      {
        name: 'สงขลา',
        area_sqm: 130,
        children: [
          {
            name: 'สิงหนคร',
            area_sqm: 123,
            children: [
              { name: 'ชิงโค', area_sqm: 103, children: [] },
              { name: 'สทิงหม้อ', area_sqm: 20, children: [] },
            ],
          },
          { name: 'เมืองสงขลา', area_sqm: 7, children: [{ name: 'บ่อยาง', area_sqm: 7, children: [] }] },
        ],
      },
    ]);
  });

  it('§4 "sub-district aggregation skips features lacking any of the three names or with non-numeric area"', () => {
    const tree = aggregateAdmin([
      tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: 100 }),
      tambon({ ...singhanakhon, area: 1 }), // no sub-district
      tambon({ prv_name: 'สงขลา', tam_name: 'ชิงโค', area: 2 }), // no district
      tambon({ amp_name: 'สิงหนคร', tam_name: 'ชิงโค', area: 4 }), // no province
      tambon({ ...singhanakhon, tam_name: '  ', area: 8 }), // blank name
      tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: 'n/a' }), // non-numeric area
      tambon({ ...singhanakhon, tam_name: 'ชิงโค' }), // no area
      tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: null }),
      tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: '16' }), // a numeric string counts
      { id: 'erosion_area_tambon.99', properties: null },
    ]);
    expect(tree).toMatchObject({ level: 'subdistrict', area_sqm: 116, counted: 2, skipped: 8 });
    expect(toChartRows(tree).map(({ province: p, district, subdistrict, area_sqm }) => [p, district, subdistrict, area_sqm])).toEqual([
      ['สงขลา', 'สิงหนคร', 'ชิงโค', 116],
    ]);
  });

  it('§4 nothing left after skipping: no chart', () => {
    expect(aggregateAdmin([tambon({ ...singhanakhon, area: 5 }), tambon({ prv_name: 'สงขลา', area: 1 })])).toBeNull();
  });

  it('at district level a feature lacking the province or district name or a numeric area is skipped too', () => {
    const tree = aggregateAdmin([
      province({ ...singhanakhon, area: 10 }),
      province({ prv_name: 'สงขลา', area: 1 }),
      province({ amp_name: 'สิงหนคร', area: 2 }),
      province({ ...singhanakhon, area: 'x' }),
      province({ ...singhanakhon, tam_name: undefined, area: 5 }), // no sub-district needed here
    ]);
    expect(tree).toMatchObject({ level: 'district', area_sqm: 15, counted: 2, skipped: 3 });
  });

  it('trims names, so padded names add up with clean ones', () => {
    const tree = aggregateAdmin([province({ ...singhanakhon, area: 1 }), province({ prv_name: ' สงขลา ', amp_name: 'สิงหนคร\n', area: 2 })]);
    expect(toChartRows(tree)).toMatchObject([{ province: 'สงขลา', district: 'สิงหนคร', area_sqm: 3 }]);
  });

  it('takes a forced level', () => {
    const features = [tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: 10 })];
    expect(aggregateAdmin(features, { level: 'district' })?.level).toBe('district');
    expect(aggregateAdmin([province({ ...singhanakhon, tam_name: 'ชิงโค', area: 1 })], { level: 'subdistrict' })?.level).toBe('subdistrict');
  });
});

describe('aggregateIslands (SPEC.md §4 "Island charts merge several result sets and always use province level")', () => {
  it('§4 appends the island name to the district in brackets, e.g. "สิงหนคร (เกาะยอ)"', () => {
    expect(islandDistrictLabel('สิงหนคร', 'เกาะยอ')).toBe('สิงหนคร (เกาะยอ)');
    expect(islandDistrictLabel('สิงหนคร', null)).toBe('สิงหนคร');
    const tree = aggregateIslands([{ island: 'เกาะยอ', features: [{ id: 'erosion_island.1', properties: { ...singhanakhon, area: 10 } }] }]);
    expect(toChartRows(tree).map(({ province: p, district }) => [p, district])).toEqual([['สงขลา', 'สิงหนคร (เกาะยอ)']]);
  });

  it('§4 merges one result set per island at province > district, even for features with sub-district names', () => {
    const tree = aggregateIslands([
      {
        island: 'เกาะยอ',
        features: [
          { properties: { ...singhanakhon, tam_name: 'เกาะยอ', area: 100 } },
          { properties: { ...singhanakhon, tam_name: 'เกาะยอ', area: 50 } },
        ],
      },
      { island: 'เกาะหนู', features: [{ properties: { ...muang, area: 5 } }] },
      { island: 'เกาะหมาก', features: [{ properties: { pv_tn: 'พัทลุง', ap_tn: 'ปากพะยูน', area: 1 } }] },
      { island: 'เกาะแมว', features: [] },
    ]);
    expect(tree).toEqual({
      kind: 'island',
      level: 'district',
      area_sqm: 156,
      counted: 4,
      skipped: 0,
      provinces: [
        {
          name: 'สงขลา',
          area_sqm: 155,
          children: [
            { name: 'สิงหนคร (เกาะยอ)', area_sqm: 150, children: [] },
            { name: 'เมืองสงขลา (เกาะหนู)', area_sqm: 5, children: [] },
          ],
        },
        { name: 'พัทลุง', area_sqm: 1, children: [{ name: 'ปากพะยูน (เกาะหมาก)', area_sqm: 1, children: [] }] },
      ],
    });
  });

  it('§4 "treats missing area as 0, missing names as ไม่ทราบจังหวัด/ไม่ทราบอำเภอ"', () => {
    expect(UNKNOWN_PROVINCE).toBe('ไม่ทราบจังหวัด');
    expect(UNKNOWN_DISTRICT).toBe('ไม่ทราบอำเภอ');
    const tree = aggregateIslands([
      {
        island: 'เกาะยอ',
        features: [
          { properties: { ...singhanakhon } }, // no area: 0, still charted
          { properties: { ...singhanakhon, area: 'n/a' } }, // non-numeric: 0
          { properties: { prv_name: 'สงขลา', area: 7 } }, // no district
          { properties: { area: 3 } }, // no names at all
          { properties: null },
        ],
      },
    ]);
    expect(tree).toMatchObject({ area_sqm: 10, counted: 5, skipped: 0 });
    expect(toChartRows(tree).map(({ province: p, district, area_sqm }) => [p, district, area_sqm])).toEqual([
      ['สงขลา', 'สิงหนคร (เกาะยอ)', 0],
      ['สงขลา', 'ไม่ทราบอำเภอ (เกาะยอ)', 7],
      ['ไม่ทราบจังหวัด', 'ไม่ทราบอำเภอ (เกาะยอ)', 3],
    ]);
  });

  it('§4 the same district of two islands stays two bars; the same island twice adds up', () => {
    const rows = toChartRows(
      aggregateIslands([
        { island: 'เกาะยอ', features: [{ properties: { ...singhanakhon, area: 1 } }] },
        { island: 'เกาะหนู', features: [{ properties: { ...singhanakhon, area: 2 } }] },
        { island: 'เกาะยอ', features: [{ properties: { ...singhanakhon, area: 4 } }] },
      ]),
    );
    expect(rows.map(({ district, area_sqm }) => [district, area_sqm])).toEqual([
      ['สิงหนคร (เกาะยอ)', 5],
      ['สิงหนคร (เกาะหนู)', 2],
    ]);
  });

  it("uses the feature's island property when the set names no island, and the bare district when neither does", () => {
    const rows = toChartRows(
      aggregateIslands([
        { features: [{ properties: { ...singhanakhon, island: 'เกาะยอ', area: 1 } }] },
        { island: ' ', features: [{ properties: { ...muang, area: 2 } }] },
        { island: 'เกาะหนู', features: [{ properties: { ...muang, island: 'เกาะยอ', area: 4 } }] }, // the set wins
      ]),
    );
    expect(rows.map(({ district }) => district)).toEqual(['สิงหนคร (เกาะยอ)', 'เมืองสงขลา', 'เมืองสงขลา (เกาะหนู)']);
  });

  it('§4 no result sets or only empty ones: no chart', () => {
    expect(aggregateIslands([])).toBeNull();
    expect(aggregateIslands([{ island: 'เกาะยอ', features: [] }])).toBeNull();
  });
});

describe('toChartRows (SPEC.md §4 Charts, §9 units)', () => {
  it('§9 one row per district with the area as sq m, rai/ngan/wah and sq km', () => {
    // 2,050 sq m = 1 rai 1 ngan 12.5 wah = 0.00205 sq km; 1,600,000 sq m = 1,000 rai = 1.6 sq km.
    const rows = toChartRows(aggregateAdmin([province({ ...singhanakhon, area: 2050 }), province({ ...muang, area: 1_600_000 })]));
    expect(rows).toEqual([
      { province: 'สงขลา', district: 'สิงหนคร', area_sqm: 2050, rai: 1, ngan: 1, wah: 12.5, sqkm: 0.00205 },
      { province: 'สงขลา', district: 'เมืองสงขลา', area_sqm: 1_600_000, rai: 1000, ngan: 0, wah: 0, sqkm: 1.6 },
    ]);
    expect(rows.every((row) => !('subdistrict' in row))).toBe(true);
  });

  it('§4 at sub-district level one row per sub-district, in tree order', () => {
    const rows = toChartRows(
      aggregateAdmin([
        tambon({ ...muang, tam_name: 'บ่อยาง', area: 400 }),
        tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: 4 }),
        tambon({ ...muang, tam_name: 'เขารูปช้าง', area: 1600 }),
      ]),
    );
    expect(rows).toEqual([
      { province: 'สงขลา', district: 'เมืองสงขลา', subdistrict: 'บ่อยาง', area_sqm: 400, rai: 0, ngan: 1, wah: 0, sqkm: 0.0004 },
      { province: 'สงขลา', district: 'เมืองสงขลา', subdistrict: 'เขารูปช้าง', area_sqm: 1600, rai: 1, ngan: 0, wah: 0, sqkm: 0.0016 },
      { province: 'สงขลา', district: 'สิงหนคร', subdistrict: 'ชิงโค', area_sqm: 4, rai: 0, ngan: 0, wah: 1, sqkm: 0.000004 },
    ]);
  });

  it('§4 no chart, no rows', () => {
    expect(toChartRows(null)).toEqual([]);
  });

  it('row areas add up to the tree total', () => {
    const tree = aggregateAdmin([
      tambon({ ...singhanakhon, tam_name: 'ชิงโค', area: 0.1 }),
      tambon({ ...singhanakhon, tam_name: 'สทิงหม้อ', area: 0.2 }),
      tambon({ ...muang, tam_name: 'บ่อยาง', area: 0.3 }),
    ]) as ChartTree;
    const sum = toChartRows(tree).reduce((total, { area_sqm }) => total + area_sqm, 0);
    expect(sum).toBeCloseTo(tree.area_sqm, 12);
    expect(tree.provinces[0]?.area_sqm).toBeCloseTo(0.6, 12);
  });
});
