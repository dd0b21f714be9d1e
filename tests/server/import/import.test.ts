// The importer on PGlite + PostGIS, with the real reference data read from ../shared (never
// copied) and small files made in a temp folder with GDAL.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importFile, ImportError, type ImportOptions } from '../../../src/server/import/index.ts';
import { writeShapeZip } from '../../../src/server/shapefile/index.ts';
import { ogr2ogr, ogrinfo, requireGdal } from '../shapefile/gdal.ts';
import { runCli } from './cliRunner.ts';
import { openTestDatabase, type TestDatabase } from './db.ts';

const DATA = path.resolve(import.meta.dirname, '../../../../shared/data/thai-admin');
const ADM3_ZIP = path.join(DATA, 'source/tha_admbnda_adm3_rtsd_20220121_simplified_shp.zip');
const TOPOJSON = path.join(DATA, 'tha_admin_rtsd20220121_simplified.topo.json');
const SONGKHLA = path.join(DATA, 'songkhla_tambon_rtsd20220121.geojson');

// Generous limits: CI machines are slower than a laptop and PGlite runs on one core.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let db: TestDatabase;
let dir: string;

beforeAll(async () => {
  requireGdal();
  dir = mkdtempSync(path.join(tmpdir(), 'import-db-'));
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function rows<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.query<Row>(sql, params)).rows;
}

const run = (file: string, options: ImportOptions) => importFile(db, file, options);

function geojsonFile(name: string, features: Feature<Geometry | null>[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features } satisfies FeatureCollection<Geometry | null>));
  return file;
}

const feature = (geometry: Geometry | null, properties: Record<string, unknown>): Feature<Geometry | null> => ({ type: 'Feature', geometry, properties });

/** Small Thai sample around Songkhla: points, a line and a polygon with a hole. */
const SAMPLE: Feature<Geometry | null>[] = [
  feature({ type: 'Point', coordinates: [100.55, 7.16] }, { name: 'เกาะยอ', amphoe: 'เมืองสงขลา', n: 1 }),
  feature({ type: 'Point', coordinates: [100.43, 7.23] }, { name: 'ชิงโค', amphoe: 'สิงหนคร', n: 2 }),
  feature({ type: 'Point', coordinates: [100.6, 7.0] }, { name: 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง', amphoe: 'หาดใหญ่', n: 3 }),
];

describe('real reference data (../shared/data/thai-admin)', () => {
  it('the RTSD shapefile zip: 7,425 sub-districts, Thai names intact, extent right', async () => {
    const result = await run(ADM3_ZIP, { table: 'adm3' });
    console.info(`import of ${result.features} RTSD sub-district polygons on ${db.kind}: ${result.ms} ms`);
    expect(result).toMatchObject({ table: 'adm3', features: 7425, created: true, crs: 'EPSG:4326', encoding: { name: 'utf8', from: 'detected' } });
    expect(await db.count('adm3')).toBe(7425);
    const byCode = await rows<{ adm3_pcode: string; adm3_th: string; adm2_th: string; adm1_th: string }>(
      `SELECT adm3_pcode, adm3_th, adm2_th, adm1_th FROM adm3 WHERE adm3_pcode = ANY($1) ORDER BY adm3_pcode`,
      [['TH100101', 'TH500101', 'TH830101', 'TH900106', 'TH901501']],
    );
    expect(byCode).toEqual([
      { adm3_pcode: 'TH100101', adm3_th: 'พระบรมมหาราชวัง', adm2_th: 'พระนคร', adm1_th: 'กรุงเทพมหานคร' },
      { adm3_pcode: 'TH500101', adm3_th: 'ศรีภูมิ', adm2_th: 'เมืองเชียงใหม่', adm1_th: 'เชียงใหม่' },
      { adm3_pcode: 'TH830101', adm3_th: 'ตลาดใหญ่', adm2_th: 'เมืองภูเก็ต', adm1_th: 'ภูเก็ต' },
      { adm3_pcode: 'TH900106', adm3_th: 'เกาะยอ', adm2_th: 'เมืองสงขลา', adm1_th: 'สงขลา' },
      { adm3_pcode: 'TH901501', adm3_th: 'ชิงโค', adm2_th: 'สิงหนคร', adm1_th: 'สงขลา' },
    ]);
    // Every Thai name equals what GDAL reads from the same zip.
    const gdal = ogrinfo('-ro', '-q', '-geom=NO', '-sql', 'SELECT ADM3_PCODE, ADM3_TH FROM tha_admbnda_adm3_rtsd_20220121', `/vsizip/${ADM3_ZIP}/tha_admbnda_adm3_rtsd_20220121.shp`);
    const fromGdal = new Map([...gdal.matchAll(/ADM3_PCODE \(String\) = (\S+)\n\s+ADM3_TH \(String\) = (.*)\n/g)].map((m) => [m[1], m[2]]));
    expect(fromGdal.size).toBe(7425);
    const ours = await rows<{ adm3_pcode: string; adm3_th: string }>('SELECT adm3_pcode, adm3_th FROM adm3');
    expect(new Map(ours.map((row) => [row.adm3_pcode, row.adm3_th]))).toEqual(fromGdal);

    const [extent] = await rows<{ xmin: number; ymin: number; xmax: number; ymax: number; invalid: number; types: string[] }>(
      `SELECT ST_XMin(e) xmin, ST_YMin(e) ymin, ST_XMax(e) xmax, ST_YMax(e) ymax, invalid, types
         FROM (SELECT ST_Extent(geom)::geometry e, count(*) FILTER (WHERE NOT ST_IsValid(geom))::int invalid,
                      array_agg(DISTINCT GeometryType(geom)) types FROM adm3) s`,
    );
    expect(extent!.xmin).toBeCloseTo(97.343578, 5);
    expect(extent!.ymin).toBeCloseTo(5.613038, 5);
    expect(extent!.xmax).toBeCloseTo(105.636965, 5);
    expect(extent!.ymax).toBeCloseTo(20.464722, 5);
    expect(extent!.invalid).toBe(0);
    // One kind of geometry per table, multi as the project's own polygon tables (issue 23).
    expect(extent!.types).toEqual(['MULTIPOLYGON']);

    // Table shape: gid serial key, typed columns, geometry(MultiPolygon,4326) with a GiST index.
    const columns = await rows<{ attname: string; type: string }>(
      `SELECT attname, format_type(atttypid, atttypmod) AS type FROM pg_attribute WHERE attrelid = 'adm3'::regclass AND attnum > 0 ORDER BY attnum`,
    );
    expect(columns[0]).toEqual({ attname: 'gid', type: 'integer' });
    expect(columns.at(-1)).toEqual({ attname: 'geom', type: 'geometry(MultiPolygon,4326)' });
    expect(Object.fromEntries(columns.map((c) => [c.attname, c.type]))).toMatchObject({ shape_area: 'double precision', adm3_th: 'text', date: 'date' });
    const indexes = await rows<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'adm3'`);
    expect(indexes.map((i) => i.indexdef).join('\n')).toMatch(/USING gist \(geom\)/);
    expect(await rows(`SELECT date::text AS date FROM adm3 WHERE adm3_pcode = 'TH900106'`)).toEqual([{ date: '2019-02-18' }]);
  });

  it.each([
    ['province', 77],
    ['amphoe', 928],
    ['tambon', 7425],
  ])('the TopoJSON object %s (%i)', async (object, count) => {
    const result = await run(TOPOJSON, { table: `topo_${object}`, object });
    expect(result.features).toBe(count);
    expect(await db.count(`topo_${object}`)).toBe(count);
    expect(await rows(`SELECT count(*)::int AS n FROM topo_${object} WHERE geom IS NULL OR NOT ST_IsValid(geom)`)).toEqual([{ n: 0 }]);
  });

  it('TopoJSON names and nesting: Ko Yo lies in Mueang Songkhla, in Songkhla', async () => {
    expect(await rows(`SELECT pro_th, pro_en FROM topo_province WHERE pro_code = '90'`)).toEqual([{ pro_th: 'สงขลา', pro_en: 'Songkhla' }]);
    expect(await rows(`SELECT amp_th FROM topo_amphoe WHERE amp_code = '9015'`)).toEqual([{ amp_th: 'สิงหนคร' }]);
    const nested = await rows(
      `SELECT t.tam_th, a.amp_th, p.pro_th FROM topo_tambon t
         JOIN topo_amphoe a ON ST_Within(ST_PointOnSurface(t.geom), a.geom)
         JOIN topo_province p ON ST_Within(ST_PointOnSurface(t.geom), p.geom)
        WHERE t.tam_code = '900106'`,
    );
    expect(nested).toEqual([{ tam_th: 'เกาะยอ', amp_th: 'เมืองสงขลา', pro_th: 'สงขลา' }]);
  });

  it('TopoJSON without --object: every object into one table', async () => {
    const result = await run(TOPOJSON, { table: 'topo_all' });
    expect(result.features).toBe(77 + 928 + 7425);
    expect(await rows(`SELECT count(*) FILTER (WHERE tam_code IS NOT NULL)::int AS tambon, count(*) FILTER (WHERE amp_code IS NULL)::int AS province FROM topo_all`)).toEqual([
      { tambon: 7425, province: 77 },
    ]);
  });

  it('the Songkhla GeoJSON (127) with geometries equal to the source', async () => {
    const result = await run(SONGKHLA, { table: 'songkhla' });
    expect(result.features).toBe(127);
    const source = JSON.parse(readFileSync(SONGKHLA, 'utf8')) as FeatureCollection;
    const koYo = source.features.find((f) => f.properties?.tam_code === '900106')!;
    expect(await rows(`SELECT tam_th, amp_th, ST_Equals(geom, ST_GeomFromGeoJSON($1)) AS same FROM songkhla WHERE tam_code = '900106'`, [JSON.stringify(koYo.geometry)])).toEqual([
      { tam_th: 'เกาะยอ', amp_th: 'เมืองสงขลา', same: true },
    ]);
    expect(await rows(`SELECT count(DISTINCT tam_code)::int AS n FROM songkhla WHERE amp_th = 'สิงหนคร'`)).toEqual([{ n: 11 }]);
  });
});

describe('Thai text in TIS-620 / windows-874', () => {
  let cp874: string;
  beforeAll(() => {
    const source = geojsonFile('sample.geojson', SAMPLE);
    cp874 = path.join(dir, 'cp874', 'sample.shp');
    execFileSync('mkdir', ['-p', path.dirname(cp874)]);
    ogr2ogr('-lco', 'ENCODING=CP874', cp874, source);
  });

  const names = () => rows<{ name: string; amphoe: string }>('SELECT name, amphoe FROM tis ORDER BY n');
  const expected = SAMPLE.map((f) => ({ name: f.properties!.name, amphoe: f.properties!.amphoe }));

  it('with a .cpg (CP874, as GDAL writes it)', async () => {
    expect(readFileSync(cp874.replace(/shp$/, 'cpg'), 'utf8')).toBe('CP874');
    const result = await run(cp874, { table: 'tis', mode: 'replace' });
    expect(result.encoding).toEqual({ name: 'windows874', from: 'cpg' });
    expect(await names()).toEqual(expected);
  });

  it('without a .cpg: detected (not valid UTF-8, so windows-874)', async () => {
    const folder = path.join(dir, 'nocpg');
    execFileSync('mkdir', ['-p', folder]);
    for (const ext of ['shp', 'shx', 'dbf', 'prj']) copyFileSync(cp874.replace(/shp$/, ext), path.join(folder, `sample.${ext}`));
    const result = await run(path.join(folder, 'sample.shp'), { table: 'tis', mode: 'replace' });
    expect(result.encoding).toEqual({ name: 'windows874', from: 'detected' });
    expect(await names()).toEqual(expected);
  });

  it('--encoding tis-620 wins over a wrong .cpg, and TIS-620 spellings in a .cpg work', async () => {
    const folder = path.join(dir, 'wrongcpg');
    execFileSync('mkdir', ['-p', folder]);
    for (const ext of ['shp', 'shx', 'dbf', 'prj']) copyFileSync(cp874.replace(/shp$/, ext), path.join(folder, `sample.${ext}`));
    writeFileSync(path.join(folder, 'sample.cpg'), 'UTF-8');
    await run(path.join(folder, 'sample.shp'), { table: 'tis', mode: 'replace' });
    expect(await names()).not.toEqual(expected);
    const result = await run(path.join(folder, 'sample.shp'), { table: 'tis', mode: 'replace', encoding: 'tis-620' });
    expect(result.encoding).toEqual({ name: 'windows874', from: 'option' });
    expect(await names()).toEqual(expected);
    writeFileSync(path.join(folder, 'sample.cpg'), 'TIS-620\r\n');
    await run(path.join(folder, 'sample.shp'), { table: 'tis', mode: 'replace' });
    expect(await names()).toEqual(expected);
    writeFileSync(path.join(folder, 'sample.cpg'), 'EBCDIC-THAI');
    await expect(run(path.join(folder, 'sample.shp'), { table: 'tis', mode: 'replace' })).rejects.toThrow(/sample\.cpg: unknown encoding "EBCDIC-THAI"/);
  });
});

describe('reprojection to EPSG:4326', () => {
  const source = () => geojsonFile('reproject.geojson', [
    ...SAMPLE,
    feature({ type: 'LineString', coordinates: [[100.5, 7.1], [100.52, 7.12], [100.55, 7.1]] }, { name: 'แนวชายฝั่ง', amphoe: null, n: 4 }),
    feature(
      {
        type: 'Polygon',
        coordinates: [
          [[100.4, 7.0], [100.6, 7.0], [100.6, 7.2], [100.4, 7.2], [100.4, 7.0]],
          [[100.45, 7.05], [100.45, 7.1], [100.5, 7.1], [100.5, 7.05], [100.45, 7.05]],
        ],
      },
      { name: 'ทะเลสาบสงขลา', amphoe: null, n: 5 },
    ),
  ]);

  it.each([
    [32647, 1e-7],
    [32648, 1e-7],
    [3857, 1e-7],
    // GDAL/PROJ pick the Indian 1975 onshore transformation, as our proj4 definition does; offshore
    // they switch to one 2 m away, hence the looser check on the polygon.
    [24047, 1e-6],
    [24048, 1e-6],
  ])('shapefiles and GeoJSON in EPSG:%i (made by ogr2ogr) land on the right lon/lat', async (epsg, tolerance) => {
    const folder = path.join(dir, `srs${epsg}`);
    execFileSync('mkdir', ['-p', folder]);
    const input = source();
    const points = path.join(folder, 'points.shp');
    ogr2ogr('-t_srs', `EPSG:${epsg}`, '-lco', 'ENCODING=UTF-8', '-where', 'n <= 3', points, input);
    const result = await run(points, { table: `srs${epsg}`, mode: 'replace' });
    expect(result.crs).toBe(`EPSG:${epsg}`);
    const read = await rows<{ name: string; x: number; y: number }>(`SELECT name, ST_X(geom) x, ST_Y(geom) y FROM srs${epsg} ORDER BY n`);
    expect(read.map((p) => p.name)).toEqual(SAMPLE.map((f) => f.properties!.name));
    read.forEach((point, i) => {
      const [lon, lat] = (SAMPLE[i]!.geometry as { coordinates: number[] }).coordinates;
      expect(Math.abs(point.x - lon!)).toBeLessThan(tolerance);
      expect(Math.abs(point.y - lat!)).toBeLessThan(tolerance);
    });

    // A polygon with a hole from a shapefile, and every geometry from a GeoJSON with a crs member
    // (one table per kind of geometry: points, the line, the polygon).
    const polygon = path.join(folder, 'polygon.shp');
    ogr2ogr('-t_srs', `EPSG:${epsg}`, '-lco', 'ENCODING=UTF-8', '-where', 'n = 5', polygon, input);
    await run(polygon, { table: `srs${epsg}_polygon`, mode: 'replace' });
    for (const [table, where] of [[`srs${epsg}`, 'n <= 3'], [`srs${epsg}_line`, 'n = 4'], [`srs${epsg}_polygon`, 'n = 5']] as const) {
      const projected = path.join(folder, `${table}.geojson`);
      ogr2ogr('-t_srs', `EPSG:${epsg}`, '-f', 'GeoJSON', '-where', where, projected, input);
      expect(readFileSync(projected, 'utf8')).toContain(`EPSG::${epsg}`);
      await run(projected, { table, mode: 'append' });
    }
    const shapes = await rows<{ n: number; type: string; distance: number }>(
      `SELECT t.n, GeometryType(t.geom) AS type, ST_HausdorffDistance(t.geom, ST_GeomFromGeoJSON(s.g)) AS distance
         FROM (SELECT gid, n, geom, 1 AS t FROM srs${epsg} UNION ALL SELECT gid, n, geom, 2 FROM srs${epsg}_line UNION ALL SELECT gid, n, geom, 3 FROM srs${epsg}_polygon) t
         JOIN (SELECT (f->'properties'->>'n')::int n, f->>'geometry' g FROM jsonb_array_elements($1::jsonb->'features') f) s USING (n)
        ORDER BY t.t, t.gid`,
      [readFileSync(input, 'utf8')],
    );
    expect(shapes.map((s) => [s.n, s.type])).toEqual([
      [1, 'POINT'], [2, 'POINT'], [3, 'POINT'], [1, 'POINT'], [2, 'POINT'], [3, 'POINT'],
      [4, 'MULTILINESTRING'],
      [5, 'MULTIPOLYGON'], [5, 'MULTIPOLYGON'],
    ]);
    for (const shape of shapes) expect(shape.distance, `feature ${shape.n}`).toBeLessThan(epsg >= 24000 && epsg < 25000 ? 1e-4 : tolerance);
    const [hole] = await rows<{ rings: number }>(`SELECT ST_NumInteriorRings(ST_GeometryN(geom, 1)) AS rings FROM srs${epsg}_polygon LIMIT 1`);
    expect(hole!.rings).toBe(1);
  });

  it('refuses an unknown projection, naming the .prj, and leaves the table alone', async () => {
    const folder = path.join(dir, 'lambert');
    execFileSync('mkdir', ['-p', folder]);
    const shp = path.join(folder, 'fr.shp');
    ogr2ogr('-t_srs', 'EPSG:2154', '-lco', 'ENCODING=UTF-8', '-where', 'n <= 3', shp, source());
    const before = await db.count('srs32647');
    await expect(run(shp, { table: 'srs32647', mode: 'replace' })).rejects.toThrow(
      new RegExp(`${folder}/fr\\.prj: unsupported coordinate system "RGF_1993_Lambert_93"; supported: EPSG:4326`),
    );
    expect(await db.count('srs32647')).toBe(before);
  });

  it('a UTM shapefile without .prj: refused (not lon/lat), accepted with --srs', async () => {
    const folder = path.join(dir, 'noprj');
    execFileSync('mkdir', ['-p', folder]);
    const shp = path.join(folder, 'p.shp');
    ogr2ogr('-t_srs', 'EPSG:32647', '-lco', 'ENCODING=UTF-8', '-where', 'n <= 3', shp, source());
    unlinkSync(path.join(folder, 'p.prj'));
    await expect(run(shp, { table: 'noprj' })).rejects.toThrow(/p\.shp: feature 1 \(name "เกาะยอ"\): coordinates \(\d+\.\d+, \d+\.\d+\) are not longitude\/latitude/);
    expect(await db.count('noprj')).toBe(-1);
    await run(shp, { table: 'noprj', srs: 'EPSG:32647' });
    expect(await rows(`SELECT round(ST_X(geom)::numeric, 6)::float AS x FROM noprj ORDER BY n LIMIT 1`)).toEqual([{ x: 100.55 }]);
  });
});

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
