// The feature-type registry: every layer name the client config uses resolves, every source runs
// on the sample database and returns exactly the declared attributes, legends exist and style by
// one of the attributes, viewparams are typed as SPEC.md §7 needs.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { listFeatureTypes, resolveFeatureType, type VectorFeatureType } from '../../../src/server/data/featureTypes.ts';
import { REPO_ROOT } from '../../../src/server/db/open.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import { ENGINE, openSampleDatabase, SLOW, type TestDatabase } from './testDatabase.ts';

const CONFIG = path.join(REPO_ROOT, 'config');

/** Every `layers: "{product}:..."` template of config/topics. */
function configLayerTemplates(): string[] {
  const out = new Set<string>();
  for (const file of readdirSync(path.join(CONFIG, 'topics'))) {
    const text = readFileSync(path.join(CONFIG, 'topics', file), 'utf8');
    for (const m of text.matchAll(/layers:\s*"\{product\}:([^"]+)"/g)) out.add(m[1]!);
  }
  return [...out].sort();
}

const EXPECTED = [
  ...[2562, 2563, 2564, 2565, 2566, 2567].flatMap((y) => [`cmline_${y}`, `cmline_island_${y}`]),
  'cmline_island_analysis', 'erosion_island', 'accretion_island', 'cmline_lake_land_2567', 'cmline_lake_island_2567',
  ...[2548, 2554, 2556, 2557, 2558, 2559].map((y) => `shoreline_${y}`),
  'changearea_analysis', 'erosion_area', 'accretion_area', 'cmline_change', 'island_polygon', 'cmline_island_change',
  'erosion_lake', 'accretion_lake', 'erosion_lake_island', 'accretion_lake_island', 'shoreline_erosion_area', 'shoreline_accretion_area',
  ...[2565, 2566, 2567].flatMap((y) => [`changerate_beach_${y}`, `changerate_land_${y}`, `changerate_island_${y}`]),
  'changerate_lake_2567', 'changerate_lake_island_2567', 'coastalstatus_2566', 'coastalstatus_2565',
  ...[2566, 2562, 2561, 2560].map((y) => `coastalconstruction_${y}`),
  ...[2558, 2553, 2549].map((y) => `coastallu_${y}`),
  'littoral_cell', 'littoral_subcell', 'littoral_beach',
  ...[1, 2, 3, 4].map((g) => `erosion_solution_${g}`),
  ...[1, 2, 3].flatMap((g) => ['high', 'medium', 'low'].map((s) => `potential_${g}_${s}`)),
  'radar_current', 'cvi_1_3_7', 'cvi_11',
  ...[2562, 2563, 2564, 2565, 2566, 2567].map((y) => `gistda_satellite_${y}`),
];

const SAMPLE_VALUES: Record<string, Record<string, string | number>> = {
  code: { code: '90', start: 2562, end: 2567 },
  island: { island: 'เกาะสมุย', ap_tn: 'เกาะสมุย', pv_tn: 'สุราษฎร์ธานี', start: 2562, end: 2567 },
  lake: { island: 'เกาะยอ', pv_tn: 'สงขลา', start: 2562, end: 2567 },
  shore: { code: '90', start: 2548, end: 2559 },
};

function valuesFor(ft: VectorFeatureType): Record<string, string | number> | undefined {
  if (!ft.viewParams) return undefined;
  if (ft.name.includes('lake_island')) return SAMPLE_VALUES.lake;
  if (ft.name.startsWith('shoreline_')) return SAMPLE_VALUES.shore;
  if ('island' in ft.viewParams) return SAMPLE_VALUES.island;
  if ('code' in ft.viewParams) return SAMPLE_VALUES.code;
  return {};
}

describe('feature-type registry', () => {
  it('publishes every layer name the client config uses', () => {
    for (const name of EXPECTED) expect(resolveFeatureType(name), name).toBeDefined();
    const names = listFeatureTypes().map((ft) => ft.name);
    for (const template of configLayerTemplates()) {
      const pattern = new RegExp(`^${template.replace(/\{[a-z]+\}/g, '[a-z0-9_]+')}$`);
      expect(names.some((n) => pattern.test(n)) || resolveFeatureType(template.replace('{values}', '1_2')) !== undefined, template).toBe(true);
    }
    expect(resolveFeatureType('tcs:cmline_2567')?.name).toBe('cmline_2567');
    expect(resolveFeatureType('cmline_2599')).toBeUndefined();
    expect(resolveFeatureType('cvi_1_1')).toBeUndefined();
    expect(resolveFeatureType('cvi_12')).toBeUndefined();
    expect(resolveFeatureType('cvi_7_3')?.kind).toBe('vector');
    expect(resolveFeatureType('__proto__')).toBeUndefined();
  });

  it('styles every layer with a legend of config/legends.yaml by one of its attributes', () => {
    const legends = (parse(readFileSync(path.join(CONFIG, 'legends.yaml'), 'utf8')) as { legends: { id: string; field?: string }[] }).legends;
    for (const ft of listFeatureTypes()) {
      if (ft.kind !== 'vector' || !ft.legend) continue;
      const legend = legends.find((l) => l.id === ft.legend);
      expect(legend, `${ft.name}: legend ${ft.legend}`).toBeDefined();
      if (legend?.field) expect(ft.attributes.map((a) => a.name), `${ft.name} styled by ${legend.field}`).toContain(legend.field);
    }
  });

  it('types the viewparams keys', () => {
    const erosion = resolveFeatureType('erosion_area') as VectorFeatureType;
    expect(erosion.viewParams).toEqual({
      code: { type: 'digits', minLength: 2, maxLength: 6, required: true },
      start: { type: 'year', min: 2400, max: 2700, required: true },
      end: { type: 'year', min: 2400, max: 2700, required: true },
    });
    const island = resolveFeatureType('erosion_island') as VectorFeatureType;
    expect(Object.keys(island.viewParams!)).toEqual(['island', 'ap_tn', 'pv_tn', 'start', 'end']);
    expect(island.viewParams!.island).toMatchObject({ type: 'text', maxLength: 100, required: true });
    expect(() => erosion.source({ start: 2562, end: 2567 })).toThrow(/code/);
    const { sql, params } = erosion.source({ code: "90' OR 1=1 --", start: 2562, end: 2567 });
    expect(sql).not.toContain('OR 1=1');
    expect(params).toEqual(["90' OR 1=1 --", 2562, 2567]);
  });

  it('marks the satellite layers as raster stand-ins', () => {
    const sat = resolveFeatureType('gistda_satellite_2565');
    expect(sat).toMatchObject({ kind: 'raster', landTable: 'land', title: 'ภาพถ่ายดาวเทียม พ.ศ. 2565 (ข้อมูลตัวอย่าง)' });
    expect(sat?.kind === 'raster' && sat.abstract).toMatch(/^ข้อมูลตัวอย่าง ไม่ใช่ภาพถ่ายดาวเทียม.* 2565 /);
  });
});

describe(`feature-type sources on the sample database (${ENGINE})`, { timeout: SLOW }, () => {
  let t: TestDatabase;
  let db: ManagedDatabase;
  beforeAll(async () => {
    t = await openSampleDatabase();
    db = t.db;
  }, SLOW);
  afterAll(() => t?.close());

  it('returns exactly the declared attributes plus geom, with rows, for every layer', async () => {
    const types = [...listFeatureTypes(), resolveFeatureType('cvi_2_5_9')!].filter((ft): ft is VectorFeatureType => ft.kind === 'vector');
    for (const ft of types) {
      const src = ft.source(valuesFor(ft));
      const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM (${src.sql}) AS f ORDER BY ${ft.idColumn} LIMIT 2`, src.params);
      expect(rows.length, `${ft.name} has rows`).toBeGreaterThan(0);
      expect(Object.keys(rows[0]!), ft.name).toEqual([...ft.attributes.map((a) => a.name), 'geom']);
      const kinds = await db.query<{ t: string }>(`SELECT DISTINCT ST_GeometryType(geom) AS t FROM (${src.sql}) AS f`, src.params);
      const expected = { point: ['ST_Point'], line: ['ST_LineString', 'ST_MultiLineString'], polygon: ['ST_Polygon', 'ST_MultiPolygon'] }[ft.geometryKind];
      for (const { t: type } of kinds.rows) expect(expected, `${ft.name} geometry`).toContain(type);
      const unique = await db.query<{ n: number; d: number }>(`SELECT count(*)::int AS n, count(DISTINCT ${ft.idColumn})::int AS d FROM (${src.sql}) AS f`, src.params);
      expect(unique.rows[0]!.d, `${ft.name} ids unique`).toBe(unique.rows[0]!.n);
    }
  });

  it('filters by what the name and the viewparams say', async () => {
    const q = async (name: string, values?: Record<string, string | number>) => {
      const ft = resolveFeatureType(name) as VectorFeatureType;
      const src = ft.source(values);
      return (await db.query<Record<string, unknown>>(`SELECT * FROM (${src.sql}) AS f`, src.params)).rows;
    };
    const erosion = await q('erosion_area', { code: '9001', start: 2562, end: 2567 });
    expect(erosion.length).toBeGreaterThan(0);
    for (const row of erosion) expect(row).toMatchObject({ kind: 'erosion', amp_code: '9001', start_year: 2562, end_year: 2567 });
    const island = await q('accretion_island', { island: 'เกาะเต่า', start: 2563, end: 2566 });
    expect(island.length).toBe(1);
    expect(island[0]).toMatchObject({ island: 'เกาะเต่า', pv_tn: 'สุราษฎร์ธานี', ap_tn: 'เกาะพะงัน', kind: 'accretion' });
    expect(await q('erosion_island', { island: 'เกาะเต่า', pv_tn: 'ภูเก็ต', start: 2562, end: 2567 })).toEqual([]);
    const lake = await q('cmline_lake_island_2567');
    expect(lake.map((r) => r.id).sort()).toEqual([1, 2, 3, 4]);
    const rates = await q('changerate_land_2567');
    for (const row of rates) expect(row.rate_year).toBe(2567);
    const cvi = await q('cvi_1_3');
    for (const row of cvi) {
      expect(row.cvi_value).toBeCloseTo(((row.v1 as number) + (row.v3 as number)) / 2, 2);
      expect(row.cvi_level).toBe(Math.min(5, Math.max(1, Math.round(((row.v1 as number) + (row.v3 as number)) / 2))));
    }
    const stations = await q('radar_station');
    expect(stations.length).toBe(21);
    expect(Object.keys(stations[0]!)).toEqual(expect.arrayContaining(['id', 'CODE', 'SITE', 'BAND']));
  });
});
