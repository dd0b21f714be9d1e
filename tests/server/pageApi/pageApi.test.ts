// Every row of the SPEC.md §7 router table against the generated sample database: the answer
// shapes ({errors: '', data} and bbox where stated) and real data checked against SQL. HTTP caching,
// bad parameters and the bundled data files are in pageApi-http.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { startBackend, type Backend } from './helpers.ts';

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, SLOW);
afterAll(() => backend?.close());

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await backend.db.query<T>(text, params)).rows;

/** A successful router answer: 200, JSON, errors '' and a data array. */
async function ok(query: string | Record<string, string>): Promise<any> {
  const answer = await backend.router(query);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = answer.json();
  expect(body.errors).toBe('');
  expect(Array.isArray(body.data)).toBe(true);
  return body;
}

/** [xmin, ymin, xmax, ymax] around Thai coasts. */
function isBBox(value: unknown): boolean {
  if (!Array.isArray(value) || value.length !== 4 || !value.every((n) => typeof n === 'number')) return false;
  const [x0, y0, x1, y1] = value as number[];
  return x0! <= x1! && y0! <= y1! && x0! > 97 && x1! < 106 && y0! > 5 && y1! < 14;
}

describe('§7 location lists: list=province / amphur / tambon (pv, ap)', () => {
  const pages = [
    ['coastline', 'cmline', ''],
    ['shoreline', 'shoreline', ''],
    ['changecoastline', 'change_area', "AND dataset = 'cmline'"],
    ['change', 'change_area', "AND dataset = 'shoreline'"],
    ['landuse', 'landuse', ''],
  ] as const;

  it.each(pages)('page=%s lists the areas that hold its data, as {code, name}', async (page, table, filter) => {
    const provinces = await ok({ page, mode: 'list', list: 'province' });
    const expected = await sql<{ prv_code: string }>(`SELECT DISTINCT prv_code FROM ${table} WHERE true ${filter} ORDER BY 1`);
    expect(provinces.data.map((r: any) => r.code)).toEqual(expected.map((r) => r.prv_code));
    for (const row of provinces.data) expect(Object.keys(row)).toEqual(['code', 'name']);
    expect(provinces.data).toContainEqual({ code: '90', name: 'สงขลา' });

    const districts = await ok({ page, mode: 'list', list: 'amphur', pv: '90' });
    const expectedDistricts = await sql<{ amp_code: string }>(`SELECT DISTINCT amp_code FROM ${table} WHERE prv_code = '90' ${filter} ORDER BY 1`);
    expect(districts.data.map((r: any) => r.code)).toEqual(expectedDistricts.map((r) => r.amp_code));
    expect(districts.data.length).toBeGreaterThan(0);

    const ap = districts.data[0].code as string;
    const tambons = await ok({ page, mode: 'list', list: 'tambon', pv: '90', ap });
    const expectedTambons = await sql<{ tam_code: string }>(`SELECT DISTINCT tam_code FROM ${table} WHERE amp_code = $1 AND tam_code IS NOT NULL ${filter} ORDER BY 1`, [ap]);
    expect(tambons.data.map((r: any) => r.code)).toEqual(expectedTambons.map((r) => r.tam_code));
    for (const row of tambons.data) expect(row.code.startsWith(ap)).toBe(true);
  });

  it('router.php answers like router (SPEC.md §7 names both)', async () => {
    const a = await backend.request('GET', '/tcs/v2/router.php?page=changecoastline&mode=list&list=province');
    const b = await backend.router('page=changecoastline&mode=list&list=province');
    expect(a.status).toBe(200);
    expect(a.text).toBe(b.text);
  });

  it('pv may list several provinces (the Songkhla Lake picker sends "90,93")', async () => {
    const both = await ok({ page: 'coastline', mode: 'list', list: 'amphur', pv: '90,93' });
    const codes = both.data.map((r: any) => r.code as string);
    expect(codes.some((c: string) => c.startsWith('90'))).toBe(true);
    expect(codes.some((c: string) => c.startsWith('93'))).toBe(true);
    expect(codes.every((c: string) => c.startsWith('90') || c.startsWith('93'))).toBe(true);
  });

  it('list=amphur-island: districts of the province that have islands', async () => {
    const { prv_code: pv } = (await sql<{ prv_code: string }>('SELECT prv_code FROM island GROUP BY 1 ORDER BY count(*) DESC LIMIT 1'))[0]!;
    const answer = await ok({ page: 'coastline', mode: 'list', list: 'amphur-island', pv: pv! });
    const expected = await sql<{ amp_code: string }>('SELECT DISTINCT amp_code FROM island WHERE prv_code = $1 ORDER BY 1', [pv]);
    expect(answer.data.map((r: any) => r.code)).toEqual(expected.map((r) => r.amp_code));
  });

  it('list=lake-island: the four Songkhla Lake islands with SPEC.md §3 fields', async () => {
    const answer = await ok({ page: 'coastline', mode: 'list', list: 'lake-island' });
    expect(answer.data).toHaveLength(4);
    expect(Object.keys(answer.data[0])).toEqual(['id', 'island', 'pv_idn', 'pv_tn', 'ap_idn', 'ap_tn', 'tb_idn', 'tb_tn']);
    expect(answer.data.map((r: any) => r.island)).toEqual(['เกาะยอ', 'เกาะนางคำ', 'เกาะหมาก', 'เกาะแก่ง']);
  });
});

describe('§7 year pairs', () => {
  it('changecoastline&mode=year: monitoring years, newest first, as [code, label] pairs', async () => {
    const answer = await ok('page=changecoastline&mode=year');
    expect(answer.data).toEqual([2567, 2566, 2565, 2564, 2563, 2562].map((y) => [String(y), String(y)]));
  });

  it('changecoastline&mode=yearIsland: island years; area=lake: Songkhla Lake, oldest first (SPEC.md §4)', async () => {
    expect((await ok('page=changecoastline&mode=yearIsland')).data[0]).toEqual(['2567', '2567']);
    const lake = await ok('page=changecoastline&mode=year&area=lake');
    expect(lake.data.map((p: string[]) => p[0])).toEqual(['2562', '2563', '2564', '2565', '2566', '2567']);
    const lakeIslands = await ok('page=changecoastline&mode=yearIsland&area=lake');
    expect(lakeIslands.data.map((p: string[]) => p[0])).toEqual(['2562', '2563', '2564', '2565', '2566', '2567']);
  });

  it('change&mode=year: shoreline years (SPEC.md §9), newest first', async () => {
    const answer = await ok('page=change&mode=year');
    expect(answer.data.map((p: string[]) => p[0])).toEqual(['2559', '2558', '2557', '2556', '2554', '2548']);
  });
});

describe('§7 islands', () => {
  it('changebeach&mode=island: the change-rate island list', async () => {
    const answer = await ok('page=changebeach&mode=island');
    const { n } = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM changerate_island_list'))[0]!;
    expect(answer.data).toHaveLength(n!);
    expect(n).toBeGreaterThan(10);
    for (const row of answer.data) {
      expect(Object.keys(row)).toEqual(['layer', 'prv_code', 'amp_code', 'prv_name', 'amp_name']);
      expect(row.layer).toMatch(/^เกาะ.+_\d+$/);
    }
  });

  it('wfsisland (GET and form-encoded POST): the island polygon as a feature collection; first feature is the island', async () => {
    const [island] = await sql<{ island: string; amp_name: string; prv_name: string; gid: number }>('SELECT island, amp_name, prv_name, gid FROM island ORDER BY gid LIMIT 1');
    const query = { page: 'wfsisland', island: island!.island, ap_tn: island!.amp_name, pv_tn: island!.prv_name, typeNames: 'tcs:island_polygon' };
    const get = await backend.router(query);
    expect(get.status, get.text).toBe(200);
    const fc = get.json();
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.totalFeatures).toBe(1);
    expect(fc.numberMatched).toBe(1);
    expect(fc.numberReturned).toBe(1);
    expect(fc.crs.properties.name).toMatch(/4326/);
    expect(fc.features[0].properties.island).toBe(island!.island);
    expect(fc.features[0].properties.gid).toBe(island!.gid);
    expect(fc.features[0].geometry.type).toBe('MultiPolygon');

    const post = await backend.request('POST', '/tcs/v2/router', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(query).toString(),
    });
    expect(post.status, post.text).toBe(200);
    expect(post.text).toBe(get.text);

    // page in the query, the rest in the body, as a generic form loader may send it
    const { page, ...rest } = query;
    const mixed = await backend.request('POST', `/tcs/v2/router?page=${page}`, {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams(rest).toString(),
    });
    expect(mixed.text).toBe(get.text);
  });

  it('wfsisland on the island analysis layer; an unknown island is an empty collection', async () => {
    const [island] = await sql<{ island: string }>("SELECT island FROM analysis_area WHERE zone = 'island' ORDER BY gid LIMIT 1");
    const fc = (await backend.router({ page: 'wfsisland', island: island!.island, typeNames: 'tcs:cmline_island_analysis' })).json();
    expect(fc.features.length).toBeGreaterThan(0);
    expect(fc.features.every((f: any) => f.properties.island === island!.island)).toBe(true);
    const none = (await backend.router({ page: 'wfsisland', island: 'เกาะที่ไม่มีอยู่จริง', typeNames: 'tcs:island_polygon' })).json();
    expect(none.totalFeatures).toBe(0);
  });
});

describe('§7 beach systems: data and bbox', () => {
  it('beachm: the main groups T1-T8 with the SPEC.md §3 lengths and their bounding boxes', async () => {
    const answer = await ok('page=beachsystem&mode=beachm');
    expect(answer.data.map((r: any) => r.code_b_m)).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8']);
    expect(answer.data.map((r: any) => Math.round(r.length_m))).toEqual([400241, 130879, 211904, 110448, 622178, 563946, 466203, 788014]);
    for (const row of answer.data) {
      expect(Object.keys(row)).toEqual(['code_b_m', 'b_m_thai', 'length_m', 'bbox']);
      expect(isBBox(row.bbox), JSON.stringify(row.bbox)).toBe(true);
      expect(row.b_m_thai).toMatch(/^ชายฝั่งทะเล/);
    }
    expect(isBBox(answer.bbox)).toBe(true);
    expect(answer.bbox[0]).toBe(Math.min(...answer.data.map((r: any) => r.bbox[0])));
    expect(answer.bbox[3]).toBe(Math.max(...answer.data.map((r: any) => r.bbox[3])));
  });

  it('beachc by code_b_m, beachs by code_b_c, each with bbox', async () => {
    const subs = await ok('page=beachsystem&mode=beachc&code_b_m=T1');
    const expected = await sql<{ code_b_c: string }>("SELECT code_b_c FROM beach_sub WHERE code_b_m = 'T1' ORDER BY 1");
    expect(subs.data.map((r: any) => r.code_b_c)).toEqual(expected.map((r) => r.code_b_c));
    expect(subs.data.every((r: any) => r.code_b_m === 'T1' && isBBox(r.bbox) && typeof r.b_c_thai === 'string')).toBe(true);
    expect(isBBox(subs.bbox)).toBe(true);

    const c = subs.data[0].code_b_c;
    const systems = await ok({ page: 'beachsystem', mode: 'beachs', code_b_c: c });
    const expectedSystems = await sql<{ code_b_s: string }>('SELECT code_b_s FROM beach_system WHERE code_b_c = $1 ORDER BY 1', [c]);
    expect(systems.data.map((r: any) => r.code_b_s)).toEqual(expectedSystems.map((r) => r.code_b_s));
    expect(systems.data.every((r: any) => r.code_b_c === c && isBBox(r.bbox) && typeof r.b_s_thai === 'string')).toBe(true);
  });

  it('pv_code / ap_code / tb_code keep the groups along that area', async () => {
    const [seg] = await sql<{ prv_code: string; amp_code: string; tam_code: string; code_b_m: string; code_b_s: string }>(
      'SELECT prv_code, amp_code, tam_code, code_b_m, code_b_s FROM coast_segment WHERE code_b_s IS NOT NULL AND tam_code IS NOT NULL ORDER BY gid LIMIT 1',
    );
    const byProvince = await ok({ page: 'beachsystem', mode: 'beachm', pv_code: seg!.prv_code });
    const expected = await sql<{ code_b_m: string }>('SELECT DISTINCT code_b_m FROM coast_segment WHERE prv_code = $1 AND code_b_m IS NOT NULL ORDER BY 1', [seg!.prv_code]);
    expect(byProvince.data.map((r: any) => r.code_b_m)).toEqual(expected.map((r) => r.code_b_m));
    const byTambon = await ok({ page: 'beachsystem', mode: 'beachs', tb_code: seg!.tam_code });
    expect(byTambon.data.map((r: any) => r.code_b_s)).toContain(seg!.code_b_s);
    const nowhere = await ok({ page: 'beachsystem', mode: 'beachm', pv_code: '57' });
    expect(nowhere.data).toEqual([]);
    expect(nowhere.bbox).toBeNull();
  });

  it('getBBox: the bounds of the deepest code given', async () => {
    const [sys] = await sql<{ code_b_m: string; code_b_c: string; code_b_s: string; b_s_thai: string }>('SELECT code_b_m, code_b_c, code_b_s, b_s_thai FROM beach_system ORDER BY code_b_s LIMIT 1');
    const deepest = await ok({ page: 'beachsystem', mode: 'getBBox', code_b_m: sys!.code_b_m, code_b_c: sys!.code_b_c, code_b_s: sys!.code_b_s });
    expect(deepest.data).toEqual([{ code: sys!.code_b_s, name: sys!.b_s_thai, bbox: deepest.bbox }]);
    expect(isBBox(deepest.bbox)).toBe(true);
    const main = await ok({ page: 'beachsystem', mode: 'getBBox', code_b_m: sys!.code_b_m });
    // the main group's box holds its beach system's box
    expect(main.bbox[0]).toBeLessThanOrEqual(deepest.bbox[0]);
    expect(main.bbox[2]).toBeGreaterThanOrEqual(deepest.bbox[2]);
  });

  it('location: {id, code, name} areas along beach systems', async () => {
    const answer = await ok('page=beachsystem&mode=location&list=province');
    const expected = await sql<{ prv_code: string }>('SELECT DISTINCT prv_code FROM coast_segment WHERE code_b_s IS NOT NULL ORDER BY 1');
    expect(answer.data.map((r: any) => r.code)).toEqual(expected.map((r) => r.prv_code));
    expect(Object.keys(answer.data[0])).toEqual(['id', 'code', 'name']);
    expect(typeof answer.data[0].id).toBe('number');
    const districts = await ok('page=beachsystem&mode=location&list=amphur&pv=23&code_b_m=T1');
    expect(districts.data.length).toBeGreaterThan(0);
    expect(districts.data.every((r: any) => r.code.startsWith('23'))).toBe(true);
  });
});

describe('§7 bounds for fitting the map', () => {
  it('locations&mode=pv-center: a province, district or sub-district with its bbox and a point inside', async () => {
    const province = await ok({ page: 'locations', mode: 'pv-center', 'pv-code': '90' });
    expect(province.data).toHaveLength(1);
    expect(province.data[0]).toMatchObject({ code: '90', name: 'สงขลา', level: 'province' });
    expect(isBBox(province.bbox)).toBe(true);
    const [lon, lat] = province.data[0].center;
    expect(lon).toBeGreaterThanOrEqual(province.bbox[0]);
    expect(lat).toBeLessThanOrEqual(province.bbox[3]);
    const tambon = await ok({ page: 'locations', mode: 'pv-center', 'pv-code': '90', 'ap-code': '9001', 'tb-code': '900106' });
    expect(tambon.data[0]).toMatchObject({ code: '900106', level: 'tambon' });
    expect(tambon.bbox[0]).toBeGreaterThanOrEqual(province.bbox[0]);
  });

  it('mode=outline (issue 24): the chosen province or beach system as a simplified line inside its bbox', async () => {
    const province = await ok({ page: 'locations', mode: 'outline', 'pv-code': '90' });
    expect(province.data).toHaveLength(1);
    expect(province.data[0]).toMatchObject({ code: '90', name: 'สงขลา', level: 'province' });
    expect(province.data[0].geometry.type).toMatch(/LineString$/);
    const points = (province.data[0].geometry.coordinates as unknown[]).flat(2) as number[];
    const [x0, y0, x1, y1] = province.bbox as number[];
    for (let i = 0; i < points.length; i += 2) {
      expect(points[i]).toBeGreaterThanOrEqual(x0! - 1e-5);
      expect(points[i]).toBeLessThanOrEqual(x1! + 1e-5);
      expect(points[i + 1]).toBeGreaterThanOrEqual(y0! - 1e-5);
      expect(points[i + 1]).toBeLessThanOrEqual(y1! + 1e-5);
    }
    const [sys] = await sql<{ code_b_m: string; code_b_s: string }>('SELECT code_b_m, code_b_s FROM beach_system ORDER BY code_b_s LIMIT 1');
    const beach = await ok({ page: 'beachsystem', mode: 'outline', code_b_m: sys!.code_b_m, code_b_s: sys!.code_b_s });
    expect(beach.data[0]).toMatchObject({ code: sys!.code_b_s, level: 'beach_system' });
    expect(beach.data[0].geometry.type).toMatch(/LineString$/);
    const main = await ok({ page: 'beachsystem', mode: 'outline', code_b_m: sys!.code_b_m });
    expect(main.data[0].code).toBe(sys!.code_b_m);
    expect((await backend.router('page=locations&mode=outline')).status).toBe(400);
  });

  it('wfs&mode=getbound: layer + cql_filter (prv_code and amp_code joined by "and") -> count, bbox and envelope', async () => {
    const cql = "prv_code='90' and amp_code='9001'";
    const answer = await ok({ page: 'wfs', mode: 'getbound', layer: 'tcs:littoral_cell', cql_filter: cql });
    const [expected] = await sql<{ n: number; xmin: number; xmax: number }>(
      "SELECT count(*)::int AS n, ST_XMin(ST_Extent(geom)) AS xmin, ST_XMax(ST_Extent(geom)) AS xmax FROM littoral WHERE layer_kind = 'cell' AND prv_code = '90' AND amp_code = '9001'",
    );
    expect(expected!.n).toBeGreaterThan(0);
    expect(answer.data[0]).toMatchObject({ layer: 'littoral_cell', count: expected!.n });
    expect(answer.bbox[0]).toBeCloseTo(expected!.xmin, 6);
    expect(answer.bbox[2]).toBeCloseTo(expected!.xmax, 6);
    expect(answer.data[0].geometry.type).toBe('Polygon');
  });

  it('wfs&mode=getbound on a viewparams layer and on a filter that matches nothing', async () => {
    const answer = await ok({ page: 'wfs', mode: 'getbound', layer: 'tcs:erosion_area', viewparams: 'code:90;start:2562;end:2567' });
    const { n } = (await sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM change_area WHERE dataset = 'cmline' AND zone = 'mainland' AND kind = 'erosion' AND prv_code = '90' AND start_year = 2562 AND end_year = 2567",
    ))[0]!;
    expect(answer.data[0].count).toBe(n);
    const none = await ok({ page: 'wfs', mode: 'getbound', layer: 'tcs:littoral_cell', cql_filter: "prv_code='57'" });
    expect(none).toEqual({ errors: '', data: [], bbox: null });
  });
});

describe('§7 topic lists', () => {
  it('coastalconstruction&mode=list: the structure types', async () => {
    const answer = await ok('page=coastalconstruction&mode=list');
    const types = await sql<{ code_stru: string }>('SELECT code_stru FROM structure_type ORDER BY gid');
    expect(answer.data.map((r: any) => r.code_stru)).toEqual(types.map((t) => t.code_stru));
    expect(answer.data[0]).toEqual({ code_stru: 'SW', name_t: 'กำแพงกันคลื่น', name_e: 'Seawall', layout: 'along', count: expect.any(Number) });
  });

  it('coastalstatus&mode=list: the sub littoral cells of a province', async () => {
    const answer = await ok('page=coastalstatus&mode=list&pv=90');
    const expected = await sql<{ sub_cell: string }>("SELECT DISTINCT sub_cell FROM coastal_status WHERE prv_code = '90' ORDER BY 1");
    expect(answer.data.map((r: any) => r.sub_cell)).toEqual(expected.map((r) => r.sub_cell));
  });

  it('landuse&mode=lul2: the land-use classes, optionally those of an area', async () => {
    const all = await ok('page=landuse&mode=lul2');
    const classes = await sql<{ lul2_code: string; lul2_t: string }>('SELECT lul2_code, lul2_t FROM landuse_class ORDER BY lul2_code');
    expect(all.data).toEqual(classes);
    const { amp_code } = (await sql<{ amp_code: string }>('SELECT amp_code FROM landuse ORDER BY gid LIMIT 1'))[0]!;
    const local = await ok({ page: 'landuse', mode: 'lul2', ap: amp_code! });
    const expected = await sql<{ lul2_code: string }>('SELECT DISTINCT lul2_code FROM landuse WHERE amp_code = $1 ORDER BY 1', [amp_code]);
    expect(local.data.map((r: any) => r.lul2_code)).toEqual(expected.map((r) => r.lul2_code));
  });
});
