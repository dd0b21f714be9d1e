// Reading import sources without a database: coordinate systems, encodings, column names,
// geometry checks and the errors that name file and feature.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Geometry } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnNames, checkTableName, dbfColumnType, jsonColumnType } from '../../../src/server/import/columns.ts';
import { crsByName, crsFromPrj, transformTo4326, type KnownCrs } from '../../../src/server/import/crs.ts';
import { prepareGeometry } from '../../../src/server/import/geometry.ts';
import { ImportError, readSource } from '../../../src/server/import/index.ts';
import { toWkb } from '../../../src/server/import/wkb.ts';
import { requireGdal } from '../shapefile/gdal.ts';

let dir: string;
beforeAll(() => {
  requireGdal();
  dir = mkdtempSync(path.join(tmpdir(), 'import-read-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The .prj GDAL writes for an EPSG code (ESRI WKT), and OGC WKT 1 / WKT 2 from gdalsrsinfo. */
function prjFor(epsg: number, format: 'esri' | 'wkt1' | 'wkt2' = 'esri'): string {
  if (format !== 'esri') return execFileSync('gdalsrsinfo', ['-o', format === 'wkt1' ? 'wkt1' : 'wkt2', `EPSG:${epsg}`], { encoding: 'utf8' }).trim();
  const folder = mkdtempSync(path.join(dir, 'prj-'));
  writeFileSync(path.join(folder, 'a.geojson'), JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [100, 7] } }));
  execFileSync('ogr2ogr', ['-t_srs', `EPSG:${epsg}`, path.join(folder, 'a.shp'), path.join(folder, 'a.geojson')]);
  return execFileSync('cat', [path.join(folder, 'a.prj')], { encoding: 'utf8' });
}

describe('coordinate systems', () => {
  it.each([4326, 32647, 32648, 24047, 24048, 4240, 3857])('recognises EPSG:%i from GDAL .prj files (ESRI WKT, WKT 1, WKT 2)', (epsg) => {
    expect(crsFromPrj(prjFor(epsg)).epsg).toBe(epsg);
    expect(crsFromPrj(prjFor(epsg, 'wkt1')).epsg).toBe(epsg);
    expect(crsFromPrj(prjFor(epsg, 'wkt2')).epsg).toBe(epsg);
  });

  it.each([32747, 2154, 3395, 4269, 32646])('refuses EPSG:%i with a clear message', (epsg) => {
    expect(() => crsFromPrj(prjFor(epsg))).toThrow(/unsupported coordinate system ".+"; supported: EPSG:4326, EPSG:32647/);
  });

  it('refuses text that is not WKT', () => {
    expect(() => crsFromPrj('GEOGCS["x",DATUM[')).toThrow(/malformed WKT/);
    expect(() => crsFromPrj('+proj=longlat')).toThrow(/malformed WKT|unsupported/);
  });

  it('reads EPSG names in the usual spellings', () => {
    const codes = ['EPSG:32647', '32647', 'urn:ogc:def:crs:EPSG::32647', 'http://www.opengis.net/def/crs/EPSG/0/32647'].map((name) => crsByName(name)?.epsg);
    expect(codes).toEqual([32647, 32647, 32647, 32647]);
    expect(crsByName('urn:ogc:def:crs:OGC:1.3:CRS84')?.epsg).toBe(4326);
    expect(crsByName('EPSG:900913')?.epsg).toBe(3857);
    expect(crsByName('EPSG:2154')).toBeNull();
  });

  it('transforms like PROJ (cs2cs) does, Indian 1975 included', () => {
    const lonLat = [100.55, 7.16];
    for (const epsg of [32647, 32648, 24047, 3857]) {
      const projected = execFileSync('cs2cs', ['-f', '%.6f', 'EPSG:4326', `EPSG:${epsg}`], { input: `${lonLat[1]} ${lonLat[0]}\n`, encoding: 'utf8' })
        .trim()
        .split(/\s+/)
        .map(Number);
      const [lon, lat] = transformTo4326(crsByName(`EPSG:${epsg}`) as KnownCrs)!(projected[0]!, projected[1]!);
      expect(lon, `EPSG:${epsg}`).toBeCloseTo(lonLat[0]!, 6);
      expect(lat, `EPSG:${epsg}`).toBeCloseTo(lonLat[1]!, 6);
    }
  });
});

describe('columns', () => {
  it('launders attribute names into unique lower-case identifiers and refuses non-ASCII ones', () => {
    expect(columnNames(['ADM3_PCODE', 'Shape Leng', 'gid', 'geom', 'name', 'NAME', '2562', 'a.b-c'])).toEqual([
      'adm3_pcode',
      'shape_leng',
      'gid_1',
      'geom_1',
      'name',
      'name_1',
      '_2562',
      'a_b_c',
    ]);
    expect(() => columnNames(['ชื่อ'])).toThrow(/attribute "ชื่อ" cannot be a column name/);
  });

  it('accepts only plain lower-case table names', () => {
    expect(checkTableName('tambon_2565')).toBe('tambon_2565');
    for (const bad of ['Tambon', 'x; DROP TABLE y', 'a"b', '1x', '', 'a'.repeat(64), 'spatial_ref_sys', 'pg_class', 'ตำบล']) {
      expect(() => checkTableName(bad), bad).toThrow(/invalid table name|reserved/);
    }
  });

  it('types columns from .dbf fields and JSON values', () => {
    const field = (type: string, length: number, decimals = 0) => ({ name: 'f', type, length, decimals });
    expect(dbfColumnType(field('N', 9), ['123'])).toBe('integer');
    expect(dbfColumnType(field('N', 10), ['123'])).toBe('bigint');
    expect(dbfColumnType(field('N', 20), ['123'])).toBe('numeric');
    expect(dbfColumnType(field('N', 10), ['1.5'])).toBe('double precision');
    expect(dbfColumnType(field('F', 19, 11), ['0.25'])).toBe('double precision');
    expect(dbfColumnType(field('D', 8), [])).toBe('date');
    expect(dbfColumnType(field('L', 1), [])).toBe('boolean');
    expect(dbfColumnType(field('C', 50), [])).toBe('text');
    expect(jsonColumnType([1, 2, null])).toBe('integer');
    expect(jsonColumnType([1, 2 ** 40])).toBe('bigint');
    expect(jsonColumnType([1, 2.5])).toBe('double precision');
    expect(jsonColumnType([true, false])).toBe('boolean');
    expect(jsonColumnType(['90', 90])).toBe('text');
    expect(jsonColumnType([{ a: 1 }, [1]])).toBe('jsonb');
    expect(jsonColumnType([null, undefined])).toBe('text');
  });
});

describe('geometry checks', () => {
  it('keeps well-formed geometries (2D) and drops empty ones', () => {
    expect(prepareGeometry({ type: 'Point', coordinates: [100, 7, 3] }, null)).toEqual({ type: 'Point', coordinates: [100, 7] });
    expect(prepareGeometry({ type: 'Polygon', coordinates: [[[0, 0, 5], [1, 0, 5], [1, 1, 5], [0, 0, 5]]] }, null)).toEqual({
      type: 'Polygon',
      coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]],
    });
    expect(prepareGeometry({ type: 'MultiPolygon', coordinates: [] }, null)).toBeNull();
    expect(prepareGeometry(null, null)).toBeNull();
    // A self-intersecting polygon is well-formed: the database repairs it.
    expect(prepareGeometry({ type: 'Polygon', coordinates: [[[0, 0], [1, 1], [1, 0], [0, 1], [0, 0]]] }, null)).not.toBeNull();
  });

  it.each([
    [{ type: 'Point', coordinates: ['a', 1] }, /not a pair of finite numbers/],
    [{ type: 'LineString', coordinates: [[0, 0]] }, /line has 1 point/],
    [{ type: 'Polygon', coordinates: [[[0, 0], [1, 1], [0, 0]]] }, /^polygon ring 1 has 3 point/],
    // Issue 23: an unclosed ring is refused, not closed without a word.
    [{ type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1]]] }, /^polygon ring 1 is not closed: it starts at \(0 0\) and ends at \(1 1\)/],
    [
      { type: 'MultiPolygon', coordinates: [[[[0, 0], [1, 0], [1, 1], [0, 0]]], [[[0, 0], [1, 0], [1, 1], [0, 0]], [[0.2, 0.1], [0.8, 0.1], [0.8, 0.5]]]] },
      /^polygon 2, its ring 2 is not closed: it starts at \(0\.2 0\.1\) and ends at \(0\.8 0\.5\)/,
    ],
    [{ type: 'Polygon', coordinates: [[0, 0]] }, /not an array|not a pair/],
    [{ type: 'Circle', coordinates: [0, 0] }, /unknown geometry type "Circle"/],
    [{ type: 'Point', coordinates: [500000, 800000] }, /not longitude\/latitude; is the coordinate system/],
    ['POINT(0 0)', /not an object/],
  ])('refuses %j', (geometry, message) => {
    expect(() => prepareGeometry(geometry, null)).toThrow(message);
  });

  it('writes WKB PostGIS reads (bytes of a point)', () => {
    const bytes = toWkb({ type: 'Point', coordinates: [1, 2] } as Geometry);
    expect(Buffer.from(bytes).toString('hex')).toBe('0101000000000000000000f03f0000000000000040');
  });
});

describe('reading sources', () => {
  function writeJson(name: string, value: unknown): string {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(value));
    return file;
  }

  it('names the file and the feature for a bad GeoJSON feature', async () => {
    const features = Array.from({ length: 6 }, (_, i) => ({
      type: 'Feature',
      properties: { name: 'เกาะยอ' },
      geometry: { type: 'Point', coordinates: i === 4 ? [100, 'x'] : [100, 7] },
    }));
    const file = writeJson('bad.geojson', { type: 'FeatureCollection', features });
    await expect(readSource(file)).rejects.toThrow(new ImportError(file, 'position [100,"x"] is not a pair of finite numbers', 'feature 5 (name "เกาะยอ")'));
    await expect(readSource(file)).rejects.toThrow(`${file}: feature 5 (name "เกาะยอ"): position`);
  });

  it('refuses what it cannot read, with the file in the message', async () => {
    const notJson = path.join(dir, 'x.geojson');
    writeFileSync(notJson, '{"type": "FeatureCollection", "features": [');
    await expect(readSource(notJson)).rejects.toThrow(/x\.geojson: not valid JSON/);
    await expect(readSource(path.join(dir, 'missing.zip'))).rejects.toThrow(/missing\.zip: file not found/);
    await expect(readSource(path.join(dir, 'data.csv'))).rejects.toThrow(/unsupported file type "\.csv"/);
    const other = writeJson('other.json', { hello: 'world' });
    await expect(readSource(other)).rejects.toThrow(/not GeoJSON or TopoJSON/);
    const crs = writeJson('crs.geojson', { type: 'FeatureCollection', crs: { type: 'name', properties: { name: 'EPSG:2154' } }, features: [] });
    await expect(readSource(crs)).rejects.toThrow(/unsupported crs "EPSG:2154"/);
    const topo = writeJson('t.topojson', { type: 'Topology', objects: {}, arcs: [] });
    await expect(readSource(topo, { object: 'tambon' })).rejects.toThrow(/no object "tambon" in the TopoJSON/);
    const thai = writeJson('thai-keys.geojson', { type: 'Feature', properties: { ชื่อ: 'x' }, geometry: null });
    await expect(readSource(thai)).rejects.toThrow(/attribute "ชื่อ" cannot be a column name/);
  });

  it('reprojects a GeoJSON with a crs member', async () => {
    const file = writeJson('utm.geojson', {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::32647' } },
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [500000, 0] } }],
    });
    const source = await readSource(file);
    expect(source.crs.epsg).toBe(32647);
    const [lon, lat] = (source.features[0]!.geometry as { coordinates: number[] }).coordinates;
    expect(lon).toBeCloseTo(99, 9);
    expect(lat).toBeCloseTo(0, 9);
  });
});

describe('scripts/import.ts', () => {
  const script = path.resolve(import.meta.dirname, '../../../scripts/import.ts');
  const runScript = (...args: string[]) => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
      encoding: 'utf8',
      env: { ...process.env, PGLITE_DATA_DIR: path.join(dir, 'never-opened'), DATABASE_URL: '' },
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };

  it('prints usage for --help and exits 2 on a wrong command line', () => {
    const help = runScript('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run import -- <file> --as <table>/);
    const wrong = runScript('x.geojson');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/^import: no table given \(--as <table>\)\nusage:/);
  });

  it('a bad file: one line on stderr, exit 1, no stack trace, no database opened', () => {
    const file = path.join(dir, 'script-bad.geojson');
    writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 1]]] } }] }));
    const result = runScript(file, '--as', 'x');
    expect(result).toEqual({ code: 1, stdout: '', stderr: `import failed: ${file}: feature 1: polygon ring 1 is not closed: it starts at (0 0) and ends at (1 1); a ring's last point must repeat its first\n` });
    expect(existsSync(path.join(dir, 'never-opened'))).toBe(false);
  });
});
