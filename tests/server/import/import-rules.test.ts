// The importer's rules on PGlite + PostGIS: all or nothing (a broken record or a refused feature
// leaves the table as it was), our own shape-zip back through it, the command line's output and
// exit codes, and the other inputs (bare geometries, zips of several shapefiles).

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Geometry } from 'geojson';
import { unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportError } from '../../../src/server/import/index.ts';
import { writeShapeZip } from '../../../src/server/shapefile/index.ts';
import { runCli } from './cliRunner.ts';
import { db, dir, feature, geojsonFile, rows, run, SAMPLE, SONGKHLA, useImportDatabase } from './fixture.ts';

useImportDatabase();

describe('all or nothing', () => {
  /** A zip of 5 polygons written by our own writer, optionally with a broken record. */
  function zipFile(name: string, change?: (files: { shp: Uint8Array; dbf: Uint8Array }) => void): string {
    const features = Array.from({ length: 5 }, (_, i) =>
      feature({ type: 'Polygon', coordinates: [[[100 + i, 7], [100.5 + i, 7], [100.5 + i, 7.5], [100 + i, 7]]] }, { name: `เกาะ ${i + 1}`, n: i + 1 }),
    );
    const entries = unzipSync(writeShapeZip(features, { name: 'areas' }));
    change?.({ shp: entries['areas.shp']!, dbf: entries['areas.dbf']! });
    writeFileSync(path.join(dir, name), zipSync(entries));
    return path.join(dir, name);
  }

  beforeAll(async () => {
    await run(zipFile('good.zip'), { table: 'areas' });
  });

  it('a broken .shp record: error names the zip member and the record; rows unchanged', async () => {
    const bad = zipFile('broken-shp.zip', ({ shp }) => {
      // Record 3 starts after two records of 8 + 4+32+4+4+4+4*16 = 120 bytes each.
      const record3 = 100 + 2 * 120;
      new DataView(shp.buffer).setInt32(record3 + 8 + 40, 99999, true); // point count
    });
    for (const mode of ['append', 'replace'] as const) {
      const error = await run(bad, { table: 'areas', mode }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ImportError);
      expect((error as Error).message).toBe(`${bad}:areas.shp: feature 3: broken .shp: 1 parts and 99999 points do not fit the record`);
      expect(await db.count('areas')).toBe(5);
    }
  });

  it('a .dbf with a different record count', async () => {
    const bad = zipFile('short-dbf.zip', ({ dbf }) => new DataView(dbf.buffer).setUint32(4, 4, true));
    await expect(run(bad, { table: 'areas', mode: 'replace' })).rejects.toThrow(`${bad}:areas.dbf: 4 records in the .dbf but 5 shapes in the .shp`);
    expect(await db.count('areas')).toBe(5);
  });

  it('a feature the database refuses after 2,000 rows were inserted: all rolled back, the feature named', async () => {
    const features = Array.from({ length: 2500 }, (_, i) =>
      feature(
        { type: 'Polygon', coordinates: [[[100 + i / 10000, 7], [100.0001 + i / 10000, 7], [100 + i / 10000, 7.0001], [100 + i / 10000, 7]]] },
        { name: `จุด ${i + 1}`, n: i === 2344 ? 'สองพัน' : i + 1 },
      ),
    );
    const bad = geojsonFile('late-failure.geojson', features);
    const names = await rows('SELECT name, n FROM areas ORDER BY gid');
    const error = await run(bad, { table: 'areas', mode: 'replace' }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(new RegExp(`^${bad}: feature 2345 \\(name "จุด 2345"\\): invalid input syntax for type integer: "สองพัน"$`));
    expect(await rows('SELECT name, n FROM areas ORDER BY gid')).toEqual(names);
  });

  it('an existing table without --replace or --append, and a table that is not ours', async () => {
    await expect(run(zipFile('good.zip'), { table: 'areas' })).rejects.toThrow(/table "areas" already exists: add --replace .* or --append/);
    await db.query('CREATE TABLE plain_table (id int)');
    await expect(run(zipFile('good.zip'), { table: 'plain_table', mode: 'append' })).rejects.toThrow(/has no geometry column "geom"/);
    await expect(run(zipFile('good.zip'), { table: 'Areas; DROP TABLE areas' })).rejects.toThrow(/invalid table name/);
    expect(await db.count('areas')).toBe(5);
  });

  it('--append adds rows and missing columns; a typed geometry column gets ST_Multi', async () => {
    await db.query('CREATE TABLE typed (gid serial PRIMARY KEY, name varchar(20), geom geometry(MultiPolygon, 4326))');
    const result = await run(zipFile('good.zip'), { table: 'typed', mode: 'append' });
    expect(result.addedColumns).toEqual(['n']);
    expect(await rows(`SELECT name, n, GeometryType(geom) AS type FROM typed ORDER BY n LIMIT 1`)).toEqual([{ name: 'เกาะ 1', n: 1, type: 'MULTIPOLYGON' }]);
    await run(zipFile('good.zip'), { table: 'typed', mode: 'append' });
    expect(await db.count('typed')).toBe(10);
  });

  it('invalid geometries are repaired with ST_MakeValid', async () => {
    const file = geojsonFile('bowtie.geojson', [
      feature({ type: 'Polygon', coordinates: [[[100, 7], [101, 8], [101, 7], [100, 8], [100, 7]]] }, { name: 'โบว์' }),
      feature({ type: 'Polygon', coordinates: [[[100, 7], [101, 7], [101, 8], [100, 7]]] }, { name: 'ดี' }),
    ]);
    const result = await run(file, { table: 'bowtie' });
    expect(result.repaired).toBe(1);
    expect(await rows(`SELECT name, ST_IsValid(geom) AS valid, GeometryType(geom) AS type FROM bowtie ORDER BY gid`)).toEqual([
      { name: 'โบว์', valid: true, type: 'MULTIPOLYGON' },
      { name: 'ดี', valid: true, type: 'MULTIPOLYGON' },
    ]);
  });

  it('values that look like SQL or markup are stored as plain data', async () => {
    const hostile = ["'); DROP TABLE areas; --", '<img src=x onerror=alert(1)>', 'NULL', '{"a":1}', 'a,b', 'back\\slash "quoted"'];
    const file = geojsonFile('hostile.geojson', hostile.map((name, i) => feature({ type: 'Point', coordinates: [100, 7 + i / 100] }, { name })));
    await run(file, { table: 'hostile' });
    expect((await rows<{ name: string }>('SELECT name FROM hostile ORDER BY gid')).map((r) => r.name)).toEqual(hostile);
    expect(await db.count('areas')).toBe(5);
  });
});

describe('round trip: our shape-zip back through the importer', () => {
  it('lines, mixed single and multi, with Thai attributes and nulls', async () => {
    const features = [
      feature({ type: 'LineString', coordinates: [[100, 7], [100.5, 7.5]] }, { name: 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง', year: 2562, rate: -1.25 }),
      feature({ type: 'MultiLineString', coordinates: [[[101, 8], [101.5, 8.5]], [[102, 9], [103, 9]]] }, { name: 'สิงหนคร', year: 2563, rate: null }),
      feature(null, { name: null, year: null, rate: 0.5 }),
    ];
    const file = path.join(dir, 'lines.zip');
    writeFileSync(file, writeShapeZip(features, { name: 'lines' }));
    await run(file, { table: 'lines_rt' });
    // A line table is MultiLineString (one kind, single and multi parts mixed in the file).
    const multi = (g: Geometry | null) => (g?.type === 'LineString' ? { type: 'MultiLineString', coordinates: [g.coordinates] } : g);
    expect(await rows(`SELECT name, year, rate, ST_AsGeoJSON(geom)::jsonb AS geometry FROM lines_rt ORDER BY gid`)).toEqual(
      features.map((f) => ({ ...f.properties, geometry: multi(f.geometry) })),
    );
  });
});

describe('command line', () => {
  const cli = (...argv: string[]) => runCli(db, ...argv);

  it('prints a summary line, the feature ids, the columns and a catalog entry', async () => {
    const { code, out, err } = await cli(SONGKHLA, '--as', 'cli_songkhla', '--replace');
    expect({ code, err }).toEqual({ code: 0, err: [] });
    expect(out[0]).toMatch(/^imported 127 features into "cli_songkhla" in \d+\.\d\d s \(new table\)$/);
    expect(out[1]).toMatch(/^feature ids: gid 1-127, numbered in file order/);
    expect(out).toContain('  geom      geometry(MultiPolygon,4326)');
    expect(out).toContain('    attributes: [gid:int, tam_code:string, amp_code:string, pro_code:string, tam_th:string, tam_en:string, amp_th:string, amp_en:string]');
  });

  it('prints a one-line error without a stack trace and exits 1', async () => {
    const bad = geojsonFile('cli-bad.geojson', [SAMPLE[0]!, feature({ type: 'LineString', coordinates: [[100, 7]] }, { name: 'x' })]);
    const { code, out, err } = await cli(bad, '--as', 'cli_songkhla', '--append');
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([`import failed: ${bad}: feature 2 (name "x"): a line has 1 point(s), at least 2 are needed`]);
    expect(await db.count('cli_songkhla')).toBe(127);
  });

  it('exits 2 with usage on a wrong command line', async () => {
    for (const argv of [[], [SONGKHLA], [SONGKHLA, '--as'], [SONGKHLA, '--as', 't', '--replace', '--append'], [SONGKHLA, '--as', 't', '--bogus']]) {
      const { code, err } = await cli(...argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err[0]).toMatch(/^import: /);
      expect(err[1]).toMatch(/^usage: npm run import -- <file> --as <table>/);
    }
    expect((await cli('--help')).code).toBe(0);
  });
});

describe('other inputs', () => {
  it('a bare GeoJSON geometry, no properties: a table of gid and geom', async () => {
    const file = path.join(dir, 'bare.geojson');
    writeFileSync(file, JSON.stringify({ type: 'MultiPoint', coordinates: [[100, 7], [101, 8]] }));
    const result = await run(file, { table: 'bare' });
    expect(result.columns).toEqual([]);
    expect(await rows(`SELECT gid, ST_AsText(geom) AS wkt FROM bare`)).toEqual([{ gid: 1, wkt: 'MULTIPOINT((100 7),(101 8))' }]);
  });

  it('a zip with two shapefiles (in a folder, upper-case extensions): --object chooses', async () => {
    const a = unzipSync(writeShapeZip([feature({ type: 'Point', coordinates: [100, 7] }, { name: 'ก' })], { name: 'a' }));
    const b = unzipSync(writeShapeZip([feature({ type: 'Point', coordinates: [101, 8] }, { name: 'ข' })], { name: 'b' }));
    const entries: Record<string, Uint8Array> = {};
    for (const [name, bytes] of Object.entries(a)) entries[`data/${name}`] = bytes;
    for (const [name, bytes] of Object.entries(b)) entries[`data/${name.replace(/\.(\w+)$/, (_, ext: string) => `.${ext.toUpperCase()}`)}`] = bytes;
    const file = path.join(dir, 'two.zip');
    writeFileSync(file, zipSync(entries));
    await expect(run(file, { table: 'two' })).rejects.toThrow(/holds 2 shapefiles \(data\/a\.shp, data\/b\.SHP\); choose one with --object <name>/);
    await run(file, { table: 'two', object: 'b' });
    expect(await rows(`SELECT name, ST_AsText(geom) AS wkt FROM two`)).toEqual([{ name: 'ข', wkt: 'POINT(101 8)' }]);
    await expect(run(file, { table: 'two', object: 'c', mode: 'append' })).rejects.toThrow(/no shapefile "c" in the zip \(it has: a\.shp, b\.SHP\)/);
  });
});
