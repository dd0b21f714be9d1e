// Grouping and summing by a declared chart (SPEC.md §4 Charts, §3 "Chart data: nested province >
// district (> sub-district) with area"): the rules of the change-area and island charts, now
// options of the spec (fixtures/specs.ts holds the two as config declares them).
import { describe, expect, it } from 'vitest';
import { aggregate, levelsFor, numberOf, textOf, type ChartFeature, type ChartInput } from '../../../src/engine/charts/group.ts';
import { adminChart, islandChart } from './fixtures/specs.ts';

const admin = adminChart('erosion', 'พื้นที่การกัดเซาะ');
const island = islandChart('erosion', 'พื้นที่การกัดเซาะรายเกาะ');
const PROVINCE_QUERY = { code: '90', start: '2562', end: '2567' };
const DISTRICT_QUERY = { code: '9001', start: '2562', end: '2567' };

const feature = (properties: Record<string, unknown> | null): ChartFeature => ({ properties });
const input = (features: ChartFeature[], viewparams?: Record<string, string>): ChartInput => ({ features: { features }, ...(viewparams ? { viewparams } : {}) });
const parts = (...sets: Array<[string | undefined, ChartFeature[]]>): ChartInput => ({
  features: { features: sets.flatMap(([, features]) => features) },
  parts: sets.map(([label, features]) => ({ ...(label === undefined ? {} : { label }), features: { features } })),
});
/** [names..., value] per row. */
const rowsOf = (result: ReturnType<typeof aggregate>) => result?.rows.map((r) => [...r.names, r.value]);

const songkhla = { prv_name: 'สงขลา' };
const singhanakhon = { ...songkhla, amp_name: 'สิงหนคร' };
const muang = { ...songkhla, amp_name: 'เมืองสงขลา' };

describe('§4 chart level from the query (`when: {viewparam: code, notMatching: ^\\d{2}$}`)', () => {
  const labels = (viewparams?: Record<string, string>) => levelsFor(admin.groupBy, viewparams).map((l) => l.label);

  it('§4 a province code charts province > district; district and sub-district codes go down to sub-districts', () => {
    expect(labels(PROVINCE_QUERY)).toEqual(['จังหวัด', 'อำเภอ']);
    expect(labels(DISTRICT_QUERY)).toEqual(['จังหวัด', 'อำเภอ', 'ตำบล']);
    expect(labels({ code: '900106' })).toEqual(['จังหวัด', 'อำเภอ', 'ตำบล']);
  });

  it('no viewparams, or no code: the viewparam is blank, which is not a province code', () => {
    expect(labels(undefined)).toEqual(['จังหวัด', 'อำเภอ', 'ตำบล']);
    expect(labels({ start: '2562' })).toEqual(['จังหวัด', 'อำเภอ', 'ตำบล']);
  });
});

describe('textOf / numberOf', () => {
  it('a name is a non-blank string, trimmed, or a finite number', () => {
    expect(textOf({ a: ' สงขลา\n' }, 'a')).toBe('สงขลา');
    expect(textOf({ a: 2567 }, 'a')).toBe('2567');
    for (const a of [undefined, null, '', '  ', Number.NaN, true, {}]) expect(textOf({ a }, 'a'), String(a)).toBeNull();
  });

  it('a value is a finite number or a numeric string only', () => {
    expect(numberOf(1234.5)).toBe(1234.5);
    expect(numberOf('1234.5')).toBe(1234.5);
    expect(numberOf(0)).toBe(0);
    for (const area of [undefined, null, '', ' ', 'abc', '12 ไร่', Number.NaN, Number.POSITIVE_INFINITY, true, {}]) {
      expect(numberOf(area), String(area)).toBeNull();
    }
  });
});

describe('the administrative chart (SPEC.md §4)', () => {
  it('§4 "erosion/accretion shown only when data non-empty": no features, no chart', () => {
    expect(aggregate(admin, input([], PROVINCE_QUERY))).toBeNull();
  });

  it('§4 a province query nests province > district with summed areas, in first-seen order', () => {
    const result = aggregate(
      admin,
      input(
        [
          feature({ ...singhanakhon, area: 1000 }),
          feature({ pv_tn: 'ปัตตานี', ap_tn: 'หนองจิก', area: 40 }), // SPEC.md §3 aliases pv_tn / ap_tn
          feature({ ...muang, area: 250.5 }),
          feature({ ...singhanakhon, area: 500 }),
        ],
        PROVINCE_QUERY,
      ),
    );
    expect(result?.total).toBe(1790.5);
    // Grouped by province first: Pattani's district comes after every Songkhla district.
    expect(rowsOf(result)).toEqual([
      ['สงขลา', 'สิงหนคร', 1500],
      ['สงขลา', 'เมืองสงขลา', 250.5],
      ['ปัตตานี', 'หนองจิก', 40],
    ]);
  });

  it('§4 other queries nest province > district > sub-district', () => {
    const result = aggregate(
      admin,
      input(
        [
          feature({ ...singhanakhon, tam_name: 'ชิงโค', area: 100 }),
          feature({ ...singhanakhon, tb_tn: 'สทิงหม้อ', area: 20 }),
          feature({ ...muang, tam_name: 'บ่อยาง', area: 7 }),
          feature({ ...singhanakhon, tam_name: 'ชิงโค', area: 3 }),
        ],
        DISTRICT_QUERY,
      ),
    );
    expect(result?.total).toBe(130);
    expect(rowsOf(result)).toEqual([
      ['สงขลา', 'สิงหนคร', 'ชิงโค', 103],
      ['สงขลา', 'สิงหนคร', 'สทิงหม้อ', 20],
      ['สงขลา', 'เมืองสงขลา', 'บ่อยาง', 7],
    ]);
  });

  it('§4 "sub-district aggregation skips features lacking any of the three names or with non-numeric area"', () => {
    const result = aggregate(
      admin,
      input(
        [
          feature({ ...singhanakhon, tam_name: 'ชิงโค', area: 100 }),
          feature({ ...singhanakhon, area: 1 }), // no sub-district
          feature({ prv_name: 'สงขลา', tam_name: 'ชิงโค', area: 2 }), // no district
          feature({ amp_name: 'สิงหนคร', tam_name: 'ชิงโค', area: 4 }), // no province
          feature({ ...singhanakhon, tam_name: '  ', area: 8 }), // blank name
          feature({ ...singhanakhon, tam_name: 'ชิงโค', area: 'n/a' }), // non-numeric area
          feature({ ...singhanakhon, tam_name: 'ชิงโค' }), // no area
          feature({ ...singhanakhon, tam_name: 'ชิงโค', area: null }),
          feature({ ...singhanakhon, tam_name: 'ชิงโค', area: '16' }), // a numeric string counts
          feature(null),
        ],
        DISTRICT_QUERY,
      ),
    );
    expect(result?.total).toBe(116);
    expect(rowsOf(result)).toEqual([['สงขลา', 'สิงหนคร', 'ชิงโค', 116]]);
  });

  it('§4 nothing left after skipping: no chart', () => {
    expect(aggregate(admin, input([feature({ ...singhanakhon, area: 5 }), feature({ prv_name: 'สงขลา', area: 1 })], DISTRICT_QUERY))).toBeNull();
  });

  it('at district level a feature lacking the province or district name or a numeric area is skipped too; no sub-district is needed', () => {
    const result = aggregate(
      admin,
      input(
        [
          feature({ ...singhanakhon, area: 10 }),
          feature({ prv_name: 'สงขลา', area: 1 }),
          feature({ amp_name: 'สิงหนคร', area: 2 }),
          feature({ ...singhanakhon, area: 'x' }),
          feature({ ...singhanakhon, tam_name: undefined, area: 5 }),
        ],
        PROVINCE_QUERY,
      ),
    );
    expect(rowsOf(result)).toEqual([['สงขลา', 'สิงหนคร', 15]]);
  });

  it('trims names, so padded names add up with clean ones', () => {
    const result = aggregate(admin, input([feature({ ...singhanakhon, area: 1 }), feature({ prv_name: ' สงขลา ', amp_name: 'สิงหนคร\n', area: 2 })], PROVINCE_QUERY));
    expect(rowsOf(result)).toEqual([['สงขลา', 'สิงหนคร', 3]]);
  });

  it('row values add up to the total', () => {
    const result = aggregate(
      admin,
      input([feature({ ...singhanakhon, tam_name: 'ชิงโค', area: 0.1 }), feature({ ...singhanakhon, tam_name: 'สทิงหม้อ', area: 0.2 }), feature({ ...muang, tam_name: 'บ่อยาง', area: 0.3 })]),
    );
    const sum = result!.rows.reduce((total, { value }) => total + value, 0);
    expect(sum).toBeCloseTo(result!.total, 12);
  });
});

describe('the island chart (SPEC.md §4 "Island charts merge several result sets and always use province level")', () => {
  it('§4 appends the island name to the district in brackets, e.g. "สิงหนคร (เกาะยอ)"', () => {
    expect(rowsOf(aggregate(island, parts(['เกาะยอ', [feature({ ...singhanakhon, area: 10 })]])))).toEqual([['สงขลา', 'สิงหนคร (เกาะยอ)', 10]]);
  });

  it('§4 merges one part per island at province > district, even for features with sub-district names or a district query', () => {
    const result = aggregate(island, {
      ...parts(
        ['เกาะยอ', [feature({ ...singhanakhon, tam_name: 'เกาะยอ', area: 100 }), feature({ ...singhanakhon, tam_name: 'เกาะยอ', area: 50 })]],
        ['เกาะหนู', [feature({ ...muang, area: 5 })]],
        ['เกาะหมาก', [feature({ pv_tn: 'พัทลุง', ap_tn: 'ปากพะยูน', area: 1 })]],
        ['เกาะแมว', []],
      ),
      viewparams: DISTRICT_QUERY,
    });
    expect(result?.total).toBe(156);
    expect(rowsOf(result)).toEqual([
      ['สงขลา', 'สิงหนคร (เกาะยอ)', 150],
      ['สงขลา', 'เมืองสงขลา (เกาะหนู)', 5],
      ['พัทลุง', 'ปากพะยูน (เกาะหมาก)', 1],
    ]);
  });

  it('§4 "treats missing area as 0, missing names as ไม่ทราบจังหวัด/ไม่ทราบอำเภอ"', () => {
    const result = aggregate(
      island,
      parts([
        'เกาะยอ',
        [
          feature({ ...singhanakhon }), // no area: 0, still charted
          feature({ ...singhanakhon, area: 'n/a' }), // non-numeric: 0
          feature({ prv_name: 'สงขลา', area: 7 }), // no district
          feature({ area: 3 }), // no names at all
          feature(null),
        ],
      ]),
    );
    expect(result?.total).toBe(10);
    expect(rowsOf(result)).toEqual([
      ['สงขลา', 'สิงหนคร (เกาะยอ)', 0],
      ['สงขลา', 'ไม่ทราบอำเภอ (เกาะยอ)', 7],
      ['ไม่ทราบจังหวัด', 'ไม่ทราบอำเภอ (เกาะยอ)', 3],
    ]);
  });

  it('§4 the same district of two islands stays two bars; the same island twice adds up', () => {
    const result = aggregate(
      island,
      parts(['เกาะยอ', [feature({ ...singhanakhon, area: 1 })]], ['เกาะหนู', [feature({ ...singhanakhon, area: 2 })]], ['เกาะยอ', [feature({ ...singhanakhon, area: 4 })]]),
    );
    expect(rowsOf(result)).toEqual([
      ['สงขลา', 'สิงหนคร (เกาะยอ)', 5],
      ['สงขลา', 'สิงหนคร (เกาะหนู)', 2],
    ]);
  });

  it("uses the feature's island property when the part names no island, and the bare district when neither does", () => {
    const result = aggregate(
      island,
      parts(
        [undefined, [feature({ ...singhanakhon, island: 'เกาะยอ', area: 1 })]],
        [' ', [feature({ ...muang, area: 2 })]],
        ['เกาะหนู', [feature({ ...muang, island: 'เกาะยอ', area: 4 })]], // the part wins
      ),
    );
    expect(rowsOf(result)?.map((r) => r[1])).toEqual(['สิงหนคร (เกาะยอ)', 'เมืองสงขลา', 'เมืองสงขลา (เกาะหนู)']);
  });

  it('reads `features` when there are no parts', () => {
    expect(rowsOf(aggregate(island, input([feature({ ...singhanakhon, island: 'เกาะยอ', area: 1 })])))).toEqual([['สงขลา', 'สิงหนคร (เกาะยอ)', 1]]);
  });

  it('§4 no parts or only empty ones: no chart', () => {
    expect(aggregate(island, input([]))).toBeNull();
    expect(aggregate(island, parts(['เกาะยอ', []]))).toBeNull();
  });
});
