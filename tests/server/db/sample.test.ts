// Invariants of the generated sample dataset (SPEC.md §3, §9): codes nest, all coastal provinces,
// the fixed counts, the published T1-T8 lengths, areas and rates consistent with the yearly lines
// they were computed from. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import { ENGINE, openSampleDatabase, SLOW, type TestDatabase } from './testDatabase.ts';

const GULF = ['23', '22', '21', '20', '24', '11', '10', '74', '75', '76', '77', '86', '84', '80', '90', '94', '96'];
const ANDAMAN = ['85', '82', '83', '81', '92', '91'];
const T_LENGTHS = { T1: 400241, T2: 130879, T3: 211904, T4: 110448, T5: 622178, T6: 563946, T7: 466203, T8: 788014 };

/** SPEC.md §9 rate classes, written out again independently of the SQL function. */
function specClass(epr: number): string {
  if (epr < -5) return 'severe_erosion';
  if (epr >= -5 && epr < -1) return 'moderate_erosion';
  if (epr >= -1 && epr < 0) return 'low_erosion';
  if (epr === 0) return 'none';
  if (epr > 0 && epr < 1) return 'low_accretion';
  if (epr >= 1 && epr < 5) return 'moderate_accretion';
  return 'severe_accretion';
}

describe(`sample dataset (${ENGINE})`, { timeout: SLOW }, () => {
  let t: TestDatabase;
  let db: ManagedDatabase;
  const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0]!;
  const all = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;

  beforeAll(async () => {
    t = await openSampleDatabase();
    db = t.db;
  }, SLOW);
  afterAll(() => t?.close());

  it('is marked as sample data', async () => {
    expect(await all('SELECT name, sample FROM dataset_info')).toEqual([{ name: 'sample', sample: true }]);
  });

  it('nests every code: sub-district in district in province', async () => {
    const bad = await one<{ n: number }>(`
      SELECT (SELECT count(*) FROM district WHERE left(amp_code, 2) <> prv_code)
           + (SELECT count(*) FROM subdistrict WHERE left(tam_code, 4) <> amp_code OR left(amp_code, 2) <> prv_code)
           + (SELECT count(*) FROM subdistrict s LEFT JOIN district d USING (amp_code) WHERE d.gid IS NULL)
           + (SELECT count(*) FROM cmline WHERE left(amp_code, 2) <> prv_code OR left(tam_code, 4) <> amp_code)
           + (SELECT count(*) FROM change_area WHERE left(amp_code, 2) <> prv_code OR left(tam_code, 4) <> amp_code)
           + (SELECT count(*) FROM change_rate WHERE left(amp_code, 2) <> prv_code OR left(tam_code, 4) <> amp_code)
           + (SELECT count(*) FROM coast_segment s LEFT JOIN subdistrict d USING (tam_code) WHERE s.tam_code IS NOT NULL AND d.gid IS NULL)
           + (SELECT count(*) FROM lake_island WHERE left(ap_idn, 2) <> pv_idn OR left(tb_idn, 4) <> ap_idn) AS n`);
    expect(bad.n).toBe(0);
    const codes = await one<{ p: number; d: number; s: number }>(`
      SELECT (SELECT count(*) FROM province WHERE prv_code !~ '^[0-9]{2}$') AS p,
             (SELECT count(*) FROM district WHERE amp_code !~ '^[0-9]{4}$') AS d,
             (SELECT count(*) FROM subdistrict WHERE tam_code !~ '^[0-9]{6}$') AS s`);
    expect(codes).toEqual({ p: 0, d: 0, s: 0 });
  });

  it('covers every coastal province of the Gulf and the Andaman Sea, and Phatthalung on the lake', async () => {
    const mainland = await all<{ prv_code: string }>("SELECT DISTINCT prv_code FROM cmline WHERE zone = 'mainland' ORDER BY 1");
    expect(mainland.map((r) => r.prv_code)).toEqual([...GULF, ...ANDAMAN].sort());
    const lake = await all<{ prv_code: string }>("SELECT DISTINCT prv_code FROM cmline WHERE zone = 'lake_land' ORDER BY 1");
    expect(lake.map((r) => r.prv_code)).toEqual(['90', '93']);
    const names = await all<{ prv_code: string; prv_name: string; coast: string }>("SELECT prv_code, prv_name, coast FROM province WHERE prv_code IN ('90', '83', '93') ORDER BY 1");
    expect(names).toEqual([
      { prv_code: '83', prv_name: 'ภูเก็ต', coast: 'andaman' },
      { prv_code: '90', prv_name: 'สงขลา', coast: 'gulf' },
      { prv_code: '93', prv_name: 'พัทลุง', coast: 'lake' },
    ]);
    const districts = await one<{ n: number }>("SELECT count(DISTINCT amp_code)::int AS n FROM cmline WHERE zone = 'mainland'");
    expect(districts.n).toBeGreaterThan(80);
  });

  it('has the fixed lists: 4 lake islands, 21 radar stations in 6 zones, 22 CCTV', async () => {
    expect(await all('SELECT id, island, pv_idn, pv_tn, ap_idn, ap_tn FROM lake_island ORDER BY id')).toEqual([
      { id: 1, island: 'เกาะยอ', pv_idn: '90', pv_tn: 'สงขลา', ap_idn: '9001', ap_tn: 'เมืองสงขลา' },
      { id: 2, island: 'เกาะนางคำ', pv_idn: '93', pv_tn: 'พัทลุง', ap_idn: '9306', ap_tn: 'ปากพะยูน' },
      { id: 3, island: 'เกาะหมาก', pv_idn: '93', pv_tn: 'พัทลุง', ap_idn: '9306', ap_tn: 'ปากพะยูน' },
      { id: 4, island: 'เกาะแก่ง', pv_idn: '90', pv_tn: 'สงขลา', ap_idn: '9015', ap_tn: 'สิงหนคร' },
    ]);
    expect(await one("SELECT count(*)::int AS n, count(DISTINCT zone_no)::int AS z, count(DISTINCT code)::int AS c, min(band) AS b FROM radar_station")).toEqual({
      n: 21, z: 6, c: 21, b: 'HF Radar',
    });
    expect(await one('SELECT count(*)::int AS n, count(DISTINCT code)::int AS c FROM cctv')).toEqual({ n: 22, c: 22 });
    const currents = await one<{ n: number; vmin: number; vmax: number }>('SELECT count(*)::int AS n, min(velocity) AS vmin, max(velocity) AS vmax FROM radar_current');
    expect(currents.n).toBeGreaterThan(200);
    expect(currents.vmin).toBeGreaterThanOrEqual(0);
    expect(currents.vmax).toBeLessThan(100);
    // current vectors start at sea
    expect(await one("SELECT count(*)::int AS n FROM radar_current c JOIN land l ON ST_Intersects(l.geom, ST_StartPoint(c.geom))")).toEqual({ n: 0 });
  });

  it('lists islands with real names, the change-rate island list and its layer names', async () => {
    const islands = await all<{ island: string }>('SELECT island FROM coastline_island_list');
    const names = islands.map((i) => i.island);
    for (const name of ['เกาะสมุย', 'เกาะพะงัน', 'เกาะเต่า', 'เกาะช้าง', 'เกาะกูด', 'เกาะลันตาใหญ่', 'เกาะเสม็ด', 'เกาะยาวใหญ่', 'เกาะตะรุเตา']) {
      expect(names).toContain(name);
    }
    const list = await all<{ layer: string; prv_code: string; amp_code: string }>('SELECT * FROM changerate_island_list');
    expect(list.length).toBe(islands.length);
    for (const row of list) {
      expect(names).toContain(row.layer.slice(0, row.layer.indexOf('_')));
      expect(row.amp_code.startsWith(row.prv_code)).toBe(true);
    }
  });

  it('gives T1-T8 the published lengths and nests beach codes', async () => {
    const rows = await all<{ code_b_m: string; length_m: number }>('SELECT code_b_m, length_m FROM beach_main ORDER BY code_b_m');
    expect(Object.fromEntries(rows.map((r) => [r.code_b_m, r.length_m]))).toEqual(T_LENGTHS);
    const bad = await one<{ n: number }>(`
      SELECT (SELECT count(*) FROM beach_sub WHERE left(code_b_c, 2) <> code_b_m)
           + (SELECT count(*) FROM beach_system WHERE left(code_b_s, length(code_b_c)) <> code_b_c OR code_b_m <> left(code_b_c, 2))
           + (SELECT count(*) FROM coast_segment WHERE zone = 'mainland' AND code_b_s IS NULL)::int AS n`);
    expect(bad.n).toBe(0);
    const boxes = await all<{ xmin: number; ymin: number; xmax: number; ymax: number }>('SELECT xmin, ymin, xmax, ymax FROM beach_system_list');
    expect(boxes.length).toBeGreaterThan(50);
    for (const b of boxes) expect(b.xmin < b.xmax && b.ymin < b.ymax && b.xmin > 97 && b.xmax < 103.5).toBe(true);
    const kinds = await all<{ layer_kind: string; n: number }>('SELECT layer_kind, count(*)::int AS n FROM littoral GROUP BY 1 ORDER BY 1');
    expect(kinds.map((k) => k.layer_kind)).toEqual(['beach', 'cell', 'sub']);
  });

  it('has every monitoring year, shoreline year and pair of years', async () => {
    const years = await all<{ zone: string; y: number[] }>('SELECT zone, array_agg(DISTINCT line_year ORDER BY line_year) AS y FROM cmline GROUP BY zone ORDER BY zone');
    for (const row of years) expect(row.y).toEqual([2562, 2563, 2564, 2565, 2566, 2567]);
    expect(years.map((r) => r.zone)).toEqual(['island', 'lake_island', 'lake_land', 'mainland']);
    expect((await one<{ y: number[] }>('SELECT array_agg(DISTINCT line_year ORDER BY line_year) AS y FROM shoreline')).y).toEqual([2548, 2554, 2556, 2557, 2558, 2559]);
    const pairs = await all<{ dataset: string; n: number }>(
      "SELECT dataset, count(DISTINCT (start_year, end_year))::int AS n FROM change_area WHERE zone = 'mainland' GROUP BY 1 ORDER BY 1",
    );
    expect(pairs).toEqual([{ dataset: 'cmline', n: 15 }, { dataset: 'shoreline', n: 15 }]);
    const kinds = await all<{ kind: string }>('SELECT DISTINCT kind FROM change_area ORDER BY 1');
    expect(kinds.map((k) => k.kind)).toEqual(['accretion', 'erosion']);
  });

  it('stores each change polygon with its own area, valid and without overlaps', async () => {
    const check = await one<{ worst: number; invalid: number }>(
      'SELECT max(abs(area - ST_Area(geom::geography)) / greatest(area, 1)) AS worst, count(*) FILTER (WHERE NOT ST_IsValid(geom))::int AS invalid FROM change_area',
    );
    expect(check.worst).toBeLessThan(1e-9);
    expect(check.invalid).toBe(0);
    const overlap = await one<{ summed: number; unioned: number }>(`
      SELECT sum(area) AS summed, ST_Area(ST_Union(geom, 1e-7)::geography) AS unioned
      FROM change_area WHERE dataset = 'cmline' AND zone = 'mainland' AND prv_code = '76' AND start_year = 2562 AND end_year = 2567`);
    expect(overlap.unioned / overlap.summed).toBeCloseTo(1, 6);
  });

  it('erosion between 2562 and 2567 equals the sum of its rows (recomputed from the whole province line)', async () => {
    for (const prv of ['76', '20']) {
      const r = await one<{ rows_total: number; direct: number; n: number }>(
        `WITH l AS (
           SELECT line_year, ST_LineMerge(ST_Collect(ST_GeometryN(geom, 1) ORDER BY seg_gid)) AS g
           FROM cmline WHERE zone = 'mainland' AND prv_code = $1 AND line_year IN (2562, 2567) GROUP BY line_year
         )
         SELECT (SELECT sum(area) FROM change_area WHERE dataset = 'cmline' AND zone = 'mainland' AND kind = 'erosion'
                   AND prv_code = $1 AND start_year = 2562 AND end_year = 2567) AS rows_total,
                (SELECT sum(ST_Area(f.geom::geography)) FROM l a, l b, coast_change_faces(a.g, b.g) f
                   WHERE a.line_year = 2562 AND b.line_year = 2567 AND f.kind = 'erosion') AS direct,
                (SELECT count(*)::int FROM l WHERE ST_GeometryType(g) = 'ST_LineString') AS n`,
        [prv],
      );
      expect(r.n, `province ${prv} lines merge into one`).toBe(2);
      expect(r.rows_total).toBeGreaterThan(1000);
      expect(r.direct / r.rows_total, `province ${prv}`).toBeCloseTo(1, 6);
    }
  });

  it('classes every rate as SPEC.md §9 says', async () => {
    const rows = await all<{ epr: number; rate_class: string }>('SELECT epr, rate_class FROM change_rate');
    expect(rows.length).toBeGreaterThan(10000);
    const wrong = rows.filter((r) => specClass(r.epr) !== r.rate_class);
    expect(wrong).toEqual([]);
    const seen = new Set(rows.map((r) => r.rate_class));
    for (const c of ['severe_erosion', 'moderate_erosion', 'low_erosion', 'low_accretion', 'moderate_accretion', 'severe_accretion']) expect(seen).toContain(c);
    const edges = [-5.01, -5, -1.01, -1, -0.01, 0, 0.01, 0.99, 1, 4.99, 5, 5.01];
    const db_ = await all<{ epr: number; c: string }>('SELECT e AS epr, change_rate_class(e) AS c FROM unnest($1::float8[]) AS e', [edges]);
    expect(db_.map((r) => r.c)).toEqual(edges.map(specClass));
  });

  it('computes rates that agree with the computed areas (same lines)', async () => {
    const rows = await all<{ epr: number; net: number }>(`
      SELECT r.epr, coalesce(sum(CASE WHEN a.kind = 'accretion' THEN a.area ELSE -a.area END), 0) AS net
      FROM change_rate r JOIN change_area a ON a.seg_gid = r.seg_gid AND a.dataset = 'cmline' AND a.start_year = 2562 AND a.end_year = 2567
      WHERE r.level = 'segment' AND r.rate_year = 2567 AND r.zone = 'mainland' AND abs(r.epr) > 1
      GROUP BY r.gid, r.epr`);
    const agree = rows.filter((r) => Math.sign(r.epr) === Math.sign(r.net)).length;
    expect(rows.length).toBeGreaterThan(100);
    expect(agree / rows.length).toBeGreaterThan(0.95);
  });

  it('keeps topic codes within their lists', async () => {
    const status = await all<{ c: string }>('SELECT DISTINCT coastal_s AS c FROM coastal_status ORDER BY 1');
    expect(status.length).toBeGreaterThanOrEqual(12);
    expect((await all<{ y: number }>('SELECT DISTINCT status_year AS y FROM coastal_status ORDER BY 1')).map((r) => r.y)).toEqual([2565, 2566]);
    expect((await all<{ y: number }>('SELECT DISTINCT year AS y FROM coastal_structure ORDER BY 1')).map((r) => r.y)).toEqual([2560, 2561, 2562, 2566]);
    expect((await all<{ y: number }>('SELECT DISTINCT lu_year AS y FROM landuse ORDER BY 1')).map((r) => r.y)).toEqual([2549, 2553, 2558]);
    const lu = await all<{ c: string }>('SELECT DISTINCT lul2_code AS c FROM landuse');
    for (const { c } of lu) expect(c).toMatch(/^(A[1-9]|F[1-7]|M[1-6]|U[1-7]|W[1-2])$/);
    expect((await all<{ g: number }>('SELECT DISTINCT measuregrp AS g FROM erosion_solution ORDER BY 1')).map((r) => r.g)).toEqual([1, 2, 3, 4]);
    const potential = await all<{ grp: number; suitability: string }>('SELECT DISTINCT grp, suitability FROM potential_area ORDER BY 1, 2');
    expect(potential.length).toBe(9);
    const cvi = await one<{ n: number; wrong: number }>(`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE c.v3 <> CASE WHEN r.epr < -5 THEN 5 WHEN r.epr < -1 THEN 4 WHEN r.epr < 0 THEN 3 WHEN r.epr < 1 THEN 2 ELSE 1 END)::int AS wrong
      FROM cvi c JOIN change_rate r ON r.seg_gid = c.seg_gid AND r.level = 'segment' AND r.rate_year = 2567`);
    expect(cvi.n).toBeGreaterThan(250);
    expect(cvi.wrong).toBe(0);
  });

  it('words its codes as config/glossary.yaml and the radar page do (issue 16: one term per concept)', async () => {
    const glossary = parse(readFileSync(new URL('../../../config/glossary.yaml', import.meta.url), 'utf8')) as {
      codes: Record<string, { items: Record<string, { th: string }> }>;
    };
    const status = await all<{ code: string; text: string }>('SELECT DISTINCT coastal_s AS code, coastal_t AS text FROM coastal_status ORDER BY 1');
    expect(status.length).toBeGreaterThanOrEqual(12);
    for (const { code, text } of status) expect(text, code).toBe(glossary.codes['coastal-status']!.items[code]!.th);
    const classes = await all<{ code: string; name: string }>('SELECT lul2_code AS code, lul2_t AS name FROM landuse_class ORDER BY 1');
    expect(classes.length).toBe(31);
    for (const { code, name } of classes) expect(name, code).toBe(glossary.codes['landuse']!.items[code]!.th);
    expect(classes.find((c) => c.code === 'F7')?.name).toBe('ป่ารอการฟื้นฟู');
    const radarPage = readFileSync(new URL('../../../config/topics/radar.yaml', import.meta.url), 'utf8');
    const zones = await all<{ name: string }>('SELECT DISTINCT zone_name AS name FROM radar_station ORDER BY 1');
    expect(zones.length).toBe(6);
    for (const { name } of zones) expect(radarPage, name).toContain(`label: ${name},`);
    expect(zones.map((z) => z.name)).toContain('ทะเลอันดามันตอนบน');
  });

  it('has administrative areas on land around their coast', async () => {
    const r = await one<{ missing: number; invalid: number }>(`
      SELECT (SELECT count(*) FROM subdistrict WHERE geom IS NULL OR ST_IsEmpty(geom))
           + (SELECT count(*) FROM province WHERE geom IS NULL)::int AS missing,
             (SELECT count(*) FROM province WHERE NOT ST_IsValid(geom))::int AS invalid`);
    expect(r).toEqual({ missing: 0, invalid: 0 });
    const phuket = await one<{ inside: boolean }>("SELECT ST_Intersects(geom, ST_SetSRID(ST_MakePoint(98.30, 7.89), 4326)) AS inside FROM province WHERE prv_code = '83'");
    expect(phuket.inside).toBe(true);
  });
});
