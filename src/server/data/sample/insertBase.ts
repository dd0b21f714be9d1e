// Writes the generated base data: land, administrative areas, islands, beach systems, coastline
// segments and the yearly lines. Everything derived from them is computed afterwards in SQL.

import type { Queryable, ScriptRunner } from '../../db/types.ts';
import type { BeachModel } from './beach.ts';
import { BEACH_MAIN } from './beach.ts';
import { bulkInsert, lineString, polygon } from './bulkInsert.ts';
import { ANDAMAN_PROVINCES, GULF_PROVINCES } from './coastPlan.ts';
import type { LonLat } from './geo.ts';
import { loadLandPolygons } from './naturalEarth.ts';
import type { CoastModel, Segment } from './segments.ts';
import type { Province } from './thaiAdmin.ts';
import type { YearLines } from './yearLines.ts';
import { sampleYears } from './years.ts';

/** Region kept in the land table (lon/lat box around Thailand's coasts). */
const LAND_BOX: [number, number, number, number] = [96, 4.5, 106.5, 15];

export async function insertLand(tx: Queryable): Promise<void> {
  const polygons = loadLandPolygons(LAND_BOX);
  await tx.query('CREATE TEMP TABLE sample_land_raw (geom geometry) ON COMMIT DROP');
  await bulkInsert(tx, 'sample_land_raw', [{ name: 'geom', type: 'geom' }], polygons.map((p) => [{ type: 'Polygon', coordinates: p }]));
  await tx.query(`
    INSERT INTO land (source, geom)
    SELECT 'natural_earth_10m', d.geom
    FROM sample_land_raw r
    CROSS JOIN LATERAL ST_Subdivide(
      ST_CollectionExtract(ST_MakeValid(ST_ClipByBox2D(r.geom, ST_MakeEnvelope($1, $2, $3, $4, 4326))), 3), 128, 1e-7) AS p(geom)
    CROSS JOIN LATERAL ST_Dump(p.geom) d
    WHERE ST_GeometryType(d.geom) = 'ST_Polygon'
    ORDER BY ST_XMin(d.geom), ST_YMin(d.geom), ST_XMax(d.geom), ST_YMax(d.geom)`, LAND_BOX);
}

function usedAdmin(model: CoastModel): { districts: Set<string>; subdistricts: Set<string> } {
  const districts = new Set<string>();
  const subdistricts = new Set<string>();
  for (const seg of model.segments) {
    districts.add(seg.admin.amp.code);
    if (seg.admin.tam) subdistricts.add(seg.admin.tam.code);
  }
  return { districts, subdistricts };
}

export async function insertAdmin(tx: Queryable & ScriptRunner, admin: Map<string, Province>, model: CoastModel): Promise<void> {
  const used = usedAdmin(model);
  const coastOf = (code: string) =>
    (GULF_PROVINCES as readonly string[]).includes(code) ? 'gulf' : (ANDAMAN_PROVINCES as readonly string[]).includes(code) ? 'andaman' : 'lake';
  const provinces = [...admin.values()].sort((a, b) => a.code.localeCompare(b.code));
  await bulkInsert(
    tx,
    'province',
    [
      { name: 'prv_code', type: 'text' },
      { name: 'prv_name', type: 'text' },
      { name: 'prv_name_en', type: 'text' },
      { name: 'coast', type: 'text' },
      { name: 'lake', type: 'bool' },
    ],
    provinces.map((p) => [p.code, p.nameTh, p.nameEn, coastOf(p.code), p.code === '90' || p.code === '93']),
  );
  const districts = provinces.flatMap((p) => [...p.districts.values()].filter((d) => used.districts.has(d.code)).map((d) => ({ p, d })));
  districts.sort((a, b) => a.d.code.localeCompare(b.d.code));
  await bulkInsert(
    tx,
    'district',
    ['amp_code', 'prv_code', 'amp_name', 'amp_name_en', 'prv_name'].map((name) => ({ name, type: 'text' as const })),
    districts.map(({ p, d }) => [d.code, p.code, d.nameTh, d.nameEn, p.nameTh]),
  );
  const subs = districts.flatMap(({ p, d }) => d.subdistricts.filter((s) => used.subdistricts.has(s.code)).map((s) => ({ p, d, s })));
  subs.sort((a, b) => a.s.code.localeCompare(b.s.code));
  await bulkInsert(
    tx,
    'subdistrict',
    [
      ...['tam_code', 'amp_code', 'prv_code', 'tam_name', 'tam_name_en', 'amp_name', 'prv_name'].map((name) => ({ name, type: 'text' as const })),
      { name: 'code_derived', type: 'bool' },
    ],
    subs.map(({ p, d, s }) => [s.code, d.code, p.code, s.nameTh, s.nameEn, d.nameTh, p.nameTh, s.derived]),
  );
}

const ADMIN_COLUMNS = ['prv_code', 'amp_code', 'tam_code', 'prv_name', 'amp_name', 'tam_name'].map((name) => ({ name, type: 'text' as const }));

function adminValues(seg: Pick<Segment, 'admin'>): (string | null)[] {
  const { prv, amp, tam } = seg.admin;
  return [prv.code, amp.code, tam?.code ?? null, prv.nameTh, amp.nameTh, tam?.nameTh ?? null];
}

export async function insertIslands(tx: Queryable & ScriptRunner, model: CoastModel): Promise<void> {
  await bulkInsert(
    tx,
    'island',
    [
      { name: 'gid', type: 'int' },
      { name: 'island', type: 'text' },
      { name: 'island_en', type: 'text' },
      ...ADMIN_COLUMNS,
      { name: 'outline_source', type: 'text' },
      { name: 'geom', type: 'multi' },
    ],
    model.islands.map((island, i) => [i + 1, island.def.th, island.def.en, ...adminValues(island), island.source, polygon(island.ring)]),
  );
  await tx.query("SELECT setval(pg_get_serial_sequence('island', 'gid'), (SELECT max(gid) FROM island))");
  await tx.query('UPDATE island SET area = ST_Area(geom::geography)');
  await bulkInsert(
    tx,
    'lake_island',
    [
      { name: 'id', type: 'int' },
      ...['island', 'island_en', 'pv_idn', 'pv_tn', 'ap_idn', 'ap_tn', 'tb_idn', 'tb_tn', 'outline_source'].map((name) => ({ name, type: 'text' as const })),
      { name: 'geom', type: 'multi' },
    ],
    model.lakeIslands.map((li) => {
      const { prv, amp, tam } = li.admin;
      return [li.id, li.def.th, li.def.en, prv.code, prv.nameTh, amp.code, amp.nameTh, tam?.code ?? null, tam?.nameTh ?? null, li.source, polygon(li.ring)];
    }),
  );
}

export async function insertBeaches(tx: Queryable & ScriptRunner, beaches: BeachModel): Promise<void> {
  await bulkInsert(
    tx,
    'beach_main',
    [
      { name: 'code_b_m', type: 'text' },
      { name: 'b_m_thai', type: 'text' },
      { name: 'length_m', type: 'float' },
    ],
    BEACH_MAIN.map((m) => [m.code, m.th, m.lengthM]),
  );
  await bulkInsert(
    tx,
    'beach_sub',
    [
      { name: 'code_b_c', type: 'text' },
      { name: 'code_b_m', type: 'text' },
      { name: 'b_c_thai', type: 'text' },
      { name: 'length_m', type: 'float' },
    ],
    beaches.subs.map((s) => [s.code, s.main, s.th, 0]),
  );
  await bulkInsert(
    tx,
    'beach_system',
    [
      ...['code_b_s', 'code_b_c', 'code_b_m', 'b_s_thai'].map((name) => ({ name, type: 'text' as const })),
      { name: 'length_m', type: 'float' },
      ...['beach_type', 'bed_sed', 'prv_code', 'amp_code', 'prv_name', 'amp_name'].map((name) => ({ name, type: 'text' as const })),
    ],
    beaches.systems.map((s) => [s.code, s.sub, s.main, s.th, 0, s.beachType, s.bedSed, s.prv, s.amp, s.prvName, s.ampName]),
  );
}

function slice(line: readonly LonLat[], seg: Segment): LonLat[] {
  return line.slice(seg.i0, seg.i1 + 1);
}

export async function insertLines(tx: Queryable & ScriptRunner, model: CoastModel, beaches: BeachModel, lines: YearLines): Promise<void> {
  const systems = new Map(beaches.systems.map((s) => [s.code, s]));
  await bulkInsert(
    tx,
    'coast_segment',
    [
      { name: 'gid', type: 'int' },
      { name: 'seg_key', type: 'text' },
      { name: 'zone', type: 'text' },
      ...ADMIN_COLUMNS,
      { name: 'island_gid', type: 'int' },
      { name: 'lake_island_id', type: 'int' },
      ...['code_b_m', 'code_b_c', 'code_b_s', 'beach_type', 'bed_sed'].map((name) => ({ name, type: 'text' as const })),
      { name: 'geom', type: 'multi' },
    ],
    model.segments.map((seg, i) => {
      const b = beaches.bySegment.get(seg.key);
      const system = b && systems.get(b.system);
      return [
        i + 1,
        seg.key,
        seg.zone,
        ...adminValues(seg),
        seg.islandIndex === undefined ? null : seg.islandIndex + 1,
        seg.lakeIslandId ?? null,
        b?.main ?? null,
        b?.sub ?? null,
        b?.system ?? null,
        system?.beachType ?? null,
        system?.bedSed ?? null,
        lineString(slice(seg.parent.base, seg)),
      ];
    }),
  );
  await tx.query("SELECT setval(pg_get_serial_sequence('coast_segment', 'gid'), (SELECT max(gid) FROM coast_segment))");

  const lineColumns = [
    { name: 'seg_gid', type: 'int' as const },
    { name: 'line_year', type: 'int' as const },
    ...ADMIN_COLUMNS,
    { name: 'length_km', type: 'float' as const },
    { name: 'shape_leng', type: 'float' as const },
    { name: 'geom', type: 'multi' as const },
  ];
  const years = sampleYears();
  const cmRows: unknown[][] = [];
  const shoreRows: unknown[][] = [];
  model.segments.forEach((seg, i) => {
    const byYear = lines.get(seg.parent.id)!;
    for (const year of years.cmline) cmRows.push([seg.zone, i + 1, year, ...adminValues(seg), 0, 0, lineString(slice(byYear.get(year)!, seg))]);
    if (seg.zone === 'mainland') {
      for (const year of years.shoreline) shoreRows.push([i + 1, year, ...adminValues(seg), 0, 0, lineString(slice(byYear.get(year)!, seg))]);
    }
  });
  await bulkInsert(tx, 'cmline', [{ name: 'zone', type: 'text' }, ...lineColumns], cmRows);
  await bulkInsert(tx, 'shoreline', lineColumns, shoreRows);
  await tx.exec(`
    UPDATE cmline c SET island = i.island, island_gid = i.gid
      FROM coast_segment s JOIN island i ON i.gid = s.island_gid WHERE s.gid = c.seg_gid;
    UPDATE cmline c SET island = l.island, lake_island_id = l.id
      FROM coast_segment s JOIN lake_island l ON l.id = s.lake_island_id WHERE s.gid = c.seg_gid;
    UPDATE cmline SET shape_leng = ST_Length(geom::geography), length_km = ST_Length(geom::geography) / 1000;
    UPDATE shoreline SET shape_leng = ST_Length(geom::geography), length_km = ST_Length(geom::geography) / 1000;`);
}
