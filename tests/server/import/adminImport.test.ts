// Issue 23 item 6 (`npm run import`, DESIGN.md §7, SPEC.md §7 layers served by WMS/WFS): what a new
// GIS admin met. The command prints the table's columns and a catalog entry that passes the config
// checks as printed; the file's own id column stays the feature id (no gid_1) and --replace keeps
// ids; a second kind of geometry, or an unclosed ring, is refused naming the row, with nothing
// written. Small files made in a temp folder; PGlite and PostgreSQL (server-pg).

import { appendFileSync, cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Feature, Geometry } from 'geojson';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfigDir } from '../../../src/loader/loadConfig.ts';
import type { PublishedVector } from '../../../src/engine/catalog.ts';
import { REPO_ROOT } from '../../../src/server/db/open.ts';
import { tempDirs } from '../tempDirs.ts';
import { runCli } from './cliRunner.ts';
import { openTestDatabase, type TestDatabase } from './db.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const tempDir = tempDirs();
let db: TestDatabase;
let dir: string;
beforeAll(async () => {
  dir = tempDir('import-admin-');
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const cli = (...argv: string[]) => runCli(db, ...argv);

async function rows<Row = Record<string, unknown>>(sql: string): Promise<Row[]> {
  return (await db.query<Row>(sql)).rows;
}

function geojson(name: string, features: Feature<Geometry | null>[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }));
  return file;
}

const feature = (geometry: Geometry | null, properties: Record<string, unknown>): Feature<Geometry | null> => ({ type: 'Feature', geometry, properties });
const point = (x: number): Geometry => ({ type: 'Point', coordinates: [100 + x / 10, 7 + x / 100] });
const line = (x: number): Geometry => ({ type: 'LineString', coordinates: [[100 + x / 10, 7], [100.05 + x / 10, 7.05]] });
const square = (x: number): Geometry => ({ type: 'Polygon', coordinates: [[[100 + x, 7], [100.1 + x, 7], [100.1 + x, 7.1], [100 + x, 7]]] });

const PROVINCES = ['สงขลา', 'ภูเก็ต', 'ชลบุรี', 'ระยอง'];
/** The admin's beach-litter survey: its own gid (11-18), Thai names, BE years, kilograms. */
const beachwatch = (rename?: string) =>
  Array.from({ length: 8 }, (_, i) =>
    feature(point(i), { gid: 11 + i, name_th: i === 2 && rename ? rename : `หาดที่ ${i + 1}`, province: PROVINCES[i % 4], year: 2564 + (i % 4), litter_kg: 11.6 + i }),
  );

/** The catalog entry printed by the command: the lines from "  - name:" on. */
function printedEntry(out: readonly string[]): string[] {
  const start = out.findIndex((line) => line.startsWith('  - name: '));
  expect(start, out.join('\n')).toBeGreaterThan(0);
  const rest = out.slice(start + 1);
  const end = rest.findIndex((line) => !line.startsWith('    '));
  return [out[start]!, ...(end < 0 ? rest : rest.slice(0, end))];
}

/** Loads a copy of config/ with `entry` appended to its layers.yaml (whose last key is layers:). */
async function loadWithEntry(entry: readonly string[]) {
  const config = tempDir('import-config-');
  cpSync(path.join(REPO_ROOT, 'config'), config, { recursive: true });
  appendFileSync(path.join(config, 'layers.yaml'), `\n${entry.join('\n')}\n`);
  return loadConfigDir(config);
}

describe('what the command prints', () => {
  let out: string[];
  beforeAll(async () => {
    const run = await cli(geojson('beachwatch.geojson', beachwatch()), '--as', 'beachwatch');
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    out = run.out;
  });

  it('the columns and their types, the feature id marked', () => {
    expect(out[0]).toMatch(/^imported 8 features into "beachwatch" in \d+\.\d\d s \(new table\)$/);
    expect(out[1]).toBe("feature ids: gid 11-18, the file's own (unique on every feature, kept by --replace)");
    expect(out.slice(2, 9)).toEqual([
      'columns of table "beachwatch":',
      '  gid        integer  (feature id)',
      '  name_th    text',
      '  province   text',
      '  year       integer',
      '  litter_kg  double precision',
      '  geom       geometry(Point,4326)',
    ]);
  });

  it('a catalog entry that passes the catalog checks as printed', async () => {
    const entry = printedEntry(out);
    expect(entry).toEqual([
      '  - name: beachwatch',
      '    title: beachwatch',
      '    table: beachwatch',
      '    geometry: point',
      '    id: gid',
      '    attributes: [gid:int, name_th:string, province:string, year:int, litter_kg:double]',
    ]);
    const loaded = await loadWithEntry(entry);
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
    const layer = loaded.ok ? (loaded.catalog.layers.find((l) => l.kind === 'vector' && l.name === 'beachwatch') as PublishedVector | undefined) : undefined;
    expect(layer).toMatchObject({ table: 'beachwatch', geometryKind: 'point', idColumn: 'gid' });
    expect(layer!.attributes.map((a) => `${a.name}:${a.type}`)).toEqual(['gid:int', 'name_th:string', 'province:string', 'year:int', 'litter_kg:double']);
    // The same check refuses an entry the admin got wrong (the guessed gid_1 of issue 23).
    const wrong = await loadWithEntry(entry.map((line) => line.replace('id: gid', 'id: gid_1')));
    expect(wrong.ok).toBe(false);
  });

  it('the file keeps its own gid: no gid_1, the same ids in the table', async () => {
    expect(await rows('SELECT gid, name_th FROM beachwatch ORDER BY gid LIMIT 2')).toEqual([
      { gid: 11, name_th: 'หาดที่ 1' },
      { gid: 12, name_th: 'หาดที่ 2' },
    ]);
    expect(await rows(`SELECT attname FROM pg_attribute WHERE attrelid = 'beachwatch'::regclass AND attname LIKE 'gid%'`)).toEqual([{ attname: 'gid' }]);
  });

  it('a column the catalog has no type for is published as text through an expression', async () => {
    const flags = geojson('flags.geojson', [feature(point(1), { fid: 5, open: true, tags: { a: 1 } })]);
    const run = await cli(flags, '--as', 'flags');
    expect(run.code).toBe(0);
    const entry = printedEntry(run.out);
    expect(entry).toContain('    id: fid');
    expect(entry.at(-1)).toBe('    attributes: [fid:int, { name: open, type: string, expr: "open::text" }, { name: tags, type: string, expr: "tags::text" }]');
    expect(run.out).toContain('note: open (boolean) is published as text');
    const loaded = await loadWithEntry(entry);
    expect(loaded.ok ? [] : loaded.errors).toEqual([]);
  });
});

describe('feature ids', () => {
  const ids = async (table: string) => (await rows<{ gid: number }>(`SELECT gid FROM ${table} ORDER BY gid`)).map((row) => row.gid);

  it('--replace with the same file keeps the file\'s own ids, and its edits land on them', async () => {
    await cli(geojson('keep.geojson', beachwatch()), '--as', 'keep_ids');
    const run = await cli(geojson('keep2.geojson', beachwatch('หาดชลาทัศน์')), '--as', 'keep_ids', '--replace');
    expect(run.code).toBe(0);
    expect(await ids('keep_ids')).toEqual([11, 12, 13, 14, 15, 16, 17, 18]);
    expect(await rows('SELECT name_th FROM keep_ids WHERE gid = 13')).toEqual([{ name_th: 'หาดชลาทัศน์' }]);
  });

  it('a file without ids: numbered 1-8 in file order, again 1-8 after --replace (not 9-16), after the kept rows with --append', async () => {
    const file = geojson('numbered.geojson', Array.from({ length: 8 }, (_, i) => feature(line(i), { name: `แนว ${i + 1}` })));
    await cli(file, '--as', 'numbered');
    expect(await ids('numbered')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const replaced = await cli(file, '--as', 'numbered', '--replace');
    expect(replaced.out[1]).toMatch(/^feature ids: gid 1-8, numbered in file order \(the file has no unique id column of its own\)/);
    expect(await ids('numbered')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await cli(file, '--as', 'numbered', '--append');
    expect(await ids('numbered')).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    await cli(file, '--as', 'numbered', '--replace');
    expect(await ids('numbered')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // The key's sequence follows, so a row added by hand gets the next id.
    expect(await rows(`INSERT INTO numbered (name) VALUES ('ด้วยมือ') RETURNING gid`)).toEqual([{ gid: 9 }]);
  });

  it('a gid that repeats is not an id: kept as gid_1, the features numbered, and the reason printed', async () => {
    const file = geojson('repeat.geojson', [1, 2, 2, 3].map((gid, i) => feature(point(i), { gid, name: `จุด ${i + 1}` })));
    const run = await cli(file, '--as', 'repeat_gid');
    expect(run.out[1]).toBe(
      'feature ids: gid 1-4, numbered in file order (the file has no unique id column of its own; "gid" is not a feature id (features 2 and 3 both have 2); ' +
        'the file\'s "gid" is kept as column gid_1); --replace with the same file gives the same ids',
    );
    expect(await rows('SELECT gid, gid_1 FROM repeat_gid ORDER BY gid')).toEqual([
      { gid: 1, gid_1: 1 }, { gid: 2, gid_1: 2 }, { gid: 3, gid_1: 2 }, { gid: 4, gid_1: 3 },
    ]);
  });

  it('an "id" column that is unique is the key (no gid added); one with a gap is not', async () => {
    await cli(geojson('ids.geojson', [7, 3, 9].map((id, i) => feature(point(i), { id, name: `จุด ${id}` }))), '--as', 'own_id');
    expect(await rows(`SELECT attname FROM pg_attribute WHERE attrelid = 'own_id'::regclass AND attnum > 0 ORDER BY attnum`)).toEqual([
      { attname: 'id' }, { attname: 'name' }, { attname: 'geom' },
    ]);
    const gap = await cli(geojson('gap.geojson', [7, null, 9].map((id, i) => feature(point(i), { id }))), '--as', 'gap_id');
    expect(gap.out[1]).toContain('"id" is not a feature id (feature 2 has none)');
    expect(printedEntry(gap.out)).toContain('    id: gid');
  });
});

describe('refused, naming the row, with nothing written', () => {
  const lineFile = () => geojson('coast.geojson', [feature(line(1), { gid: 1, name_th: 'แนวชายฝั่ง 1' }), feature(line(2), { gid: 2, name_th: 'แนวชายฝั่ง 2' })]);
  let before: unknown[];
  beforeAll(async () => {
    expect((await cli(lineFile(), '--as', 'coast')).code).toBe(0);
    before = await rows('SELECT gid, name_th, ST_AsText(geom) AS wkt FROM coast ORDER BY gid');
  });

  it.each(['--append', '--replace'])('a polygon into a line table (%s)', async (mode) => {
    const file = geojson('area.geojson', [feature(line(3), { gid: 6, name_th: 'แนว' }), feature(square(0), { gid: 7, name_th: 'พื้นที่หาดสมิหลา' })]);
    const run = await cli(file, '--as', 'coast', mode);
    expect(run).toEqual({
      code: 1,
      out: [],
      err: [
        `import failed: ${file}: feature 2 (gid 7, name_th "พื้นที่หาดสมิหลา"): a Polygon, but table "coast" holds lines ` +
          '(column geom is geometry(MultiLineString,4326)): import the file into a table of polygons',
      ],
    });
    expect(await rows('SELECT gid, name_th, ST_AsText(geom) AS wkt FROM coast ORDER BY gid')).toEqual(before);
  });

  it('a file of lines and polygons: no table is created', async () => {
    const file = geojson('mixed.geojson', [feature(line(1), { name: 'เส้น' }), feature(null, { name: 'ว่าง' }), feature(square(1), { name: 'พื้นที่' })]);
    const run = await cli(file, '--as', 'mixed');
    expect(run.code).toBe(1);
    expect(run.err).toEqual([
      `import failed: ${file}: feature 3 (name "พื้นที่"): a Polygon, but feature 1 (name "เส้น") is a LineString: a table holds one kind of geometry ` +
        '(points, lines or polygons; single and multi may mix), so split the file into one per kind',
    ]);
    expect(await db.count('mixed')).toBe(-1);
  });

  it('single and multi lines together are one kind: accepted', async () => {
    const multi: Geometry = { type: 'MultiLineString', coordinates: [[[101, 7], [101.1, 7.1]], [[101.2, 7], [101.3, 7.1]]] };
    const run = await cli(geojson('lines.geojson', [feature(line(1), { gid: 3 }), feature(multi, { gid: 4 })]), '--as', 'coast', '--append');
    expect(run.err).toEqual([]);
    expect(await rows('SELECT gid, GeometryType(geom) AS type FROM coast WHERE gid > 2 ORDER BY gid')).toEqual([
      { gid: 3, type: 'MULTILINESTRING' },
      { gid: 4, type: 'MULTILINESTRING' },
    ]);
  });

  it('an unclosed polygon ring is refused, not closed without a word', async () => {
    expect((await cli(geojson('areas.geojson', [feature(square(0), { gid: 1, name: 'หาด ก' })]), '--as', 'areas')).code).toBe(0);
    const open: Geometry = { type: 'Polygon', coordinates: [[[100, 7], [100.1, 7], [100.1, 7.1], [100, 7.1]]] };
    const file = geojson('open.geojson', [feature(square(1), { gid: 1, name: 'หาด ก' }), feature(open, { gid: 2, name: 'หาด ข' })]);
    const run = await cli(file, '--as', 'areas', '--replace');
    expect(run.err).toEqual([
      `import failed: ${file}: feature 2 (gid 2, name "หาด ข"): polygon ring 1 is not closed: it starts at (100 7) and ends at (100 7.1); a ring's last point must repeat its first`,
    ]);
    expect(run.code).toBe(1);
    expect(await rows('SELECT gid, ST_XMin(geom) AS x FROM areas')).toEqual([{ gid: 1, x: 100 }]);
  });

  it('a GeometryCollection, a MultiPoint into a Point table, a point among old rows of lines', async () => {
    const collection = geojson('collection.geojson', [feature({ type: 'GeometryCollection', geometries: [point(1), line(1)] }, { name: 'ปน' })]);
    expect((await cli(collection, '--as', 'collection')).err).toEqual([
      `import failed: ${collection}: feature 1 (name "ปน"): a GeometryCollection cannot be one feature of a layer: a table holds points, lines or polygons`,
    ]);
    const multipoint = geojson('multipoint.geojson', [feature({ type: 'MultiPoint', coordinates: [[100, 7], [101, 7]] }, { gid: 40 })]);
    expect((await cli(multipoint, '--as', 'beachwatch', '--append')).err).toEqual([
      `import failed: ${multipoint}: feature 1 (gid 40): a MultiPoint, but table "beachwatch" holds single points only (column geom is geometry(Point,4326))`,
    ]);
    // A table of any geometry (an older import): its rows say what it holds.
    await db.query('CREATE TABLE old_lines (gid serial PRIMARY KEY, geom geometry(Geometry, 4326))');
    await db.query(`INSERT INTO old_lines (geom) VALUES ('SRID=4326;LINESTRING(100 7, 101 8)')`);
    const points = geojson('points.geojson', [feature(point(1), {})]);
    expect((await cli(points, '--as', 'old_lines', '--append')).err).toEqual([
      `import failed: ${points}: feature 1: a Point, but table "old_lines" holds lines (its rows are LINESTRING): import the file into a table of points`,
    ]);
    expect(await db.count('old_lines')).toBe(1);
  });
});
