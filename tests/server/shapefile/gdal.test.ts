// The shape-zip read by independent readers: GDAL (ogrinfo) and the `shapefile` npm package.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { unzipSync } from 'fflate';
import * as shapefile from 'shapefile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeShapeZip, WGS84_PRJ } from '../../../src/server/shapefile/index.ts';
import { ogrFeatures, ogrSummary, requireGdal } from './gdal.ts';

const SONGKHLA = path.resolve(import.meta.dirname, '../../../../shared/data/thai-admin/songkhla_tambon_rtsd20220121.geojson');
const THAI = ['เกาะยอ', 'สิงหนคร', 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง'];

let dir: string;

beforeAll(() => {
  requireGdal();
  dir = mkdtempSync(path.join(tmpdir(), 'shape-zip-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the zip, unzips it into a fresh folder, returns the .shp path. */
function roundTrip(features: Feature<Geometry | null>[], name: string): { shp: string; files: string[] } {
  const zip = writeShapeZip(features, { name });
  const entries = unzipSync(zip);
  const folder = mkdtempSync(path.join(dir, `${name}-`));
  for (const [entry, bytes] of Object.entries(entries)) writeFileSync(path.join(folder, entry), bytes);
  return { shp: path.join(folder, `${name}.shp`), files: Object.keys(entries).sort() };
}

const feature = (geometry: Geometry | null, properties: Record<string, unknown>): Feature<Geometry | null> => ({ type: 'Feature', geometry, properties });

describe('shape-zip read by GDAL and the shapefile package', () => {
  it('holds exactly name.shp/.shx/.dbf/.cpg/.prj with UTF-8 and WGS 84', () => {
    const { shp, files } = roundTrip([feature({ type: 'Point', coordinates: [100.5, 7.2] }, { name: THAI[0] })], 'erosion');
    expect(files).toEqual(['erosion.cpg', 'erosion.dbf', 'erosion.prj', 'erosion.shp', 'erosion.shx']);
    expect(readFileSync(shp.replace(/shp$/, 'cpg'), 'utf8')).toBe('UTF-8');
    expect(readFileSync(shp.replace(/shp$/, 'prj'), 'utf8')).toBe(WGS84_PRJ);
    expect(() => writeShapeZip([], { name: '../x' })).toThrow(/name must be/);
    expect(() => writeShapeZip([], { name: 'ชื่อ' })).toThrow(/name must be/);
  });

  it('points with Thai attributes', async () => {
    const features = THAI.map((name, i) => feature({ type: 'Point', coordinates: [100 + i, 7 + i / 10] }, { name, code: `9001${i}`, n: i }));
    const { shp } = roundTrip(features, 'points');
    const summary = ogrSummary(shp);
    expect(summary).toMatchObject({ geometry: 'Point', count: 3, extent: [100, 7, 102, 7.2] });
    expect(summary.fields).toEqual({ name: 'String', code: 'String', n: 'Integer' });
    const read = ogrFeatures(shp);
    expect(read.map((f) => f.fields.name)).toEqual(THAI);
    const numbers = (wkt: string) => wkt.match(/-?[\d.]+/g)!.map(Number);
    expect(read.map((f) => f.wkt.split(' ')[0])).toEqual(['POINT', 'POINT', 'POINT']);
    expect(read.map((f) => numbers(f.wkt))).toEqual([[100, 7], [101, 7.1], [102, 7.2]]);

    const collection = await shapefile.read(shp, shp.replace(/shp$/, 'dbf'), { encoding: 'utf-8' });
    expect(collection.features.map((f) => f.properties?.name)).toEqual(THAI);
    expect(collection.features.map((f) => f.geometry)).toEqual(features.map((f) => f.geometry));
  });

  it('LineString and MultiLineString mixed in one file, and a null geometry', async () => {
    const features = [
      feature({ type: 'LineString', coordinates: [[100, 7], [100.5, 7.5]] }, { name: THAI[0], year: 2562 }),
      feature({ type: 'MultiLineString', coordinates: [[[101, 8], [101.5, 8.5]], [[102, 9], [102.5, 9.5], [103, 9]]] }, { name: THAI[1], year: 2563 }),
      feature(null, { name: THAI[2], year: null }),
    ];
    const { shp } = roundTrip(features, 'lines');
    expect(ogrSummary(shp)).toMatchObject({ geometry: 'Line String', count: 3, extent: [100, 7, 103, 9.5] });
    const read = ogrFeatures(shp);
    expect(read.map((f) => f.fields.name)).toEqual(THAI);
    expect(read.map((f) => f.fields.year)).toEqual(['2562', '2563', null]);
    expect(read.map((f) => f.wkt)).toEqual([
      'LINESTRING (100 7,100.5 7.5)',
      'MULTILINESTRING ((101 8,101.5 8.5),(102 9,102.5 9.5,103 9))',
      '',
    ]);
    const collection = await shapefile.read(shp, shp.replace(/shp$/, 'dbf'), { encoding: 'utf-8' });
    expect(collection.features.map((f) => f.geometry)).toEqual(features.map((f) => f.geometry));
  });

  it('polygons with holes and multipolygons keep their rings together', async () => {
    const square = (x: number, y: number, size: number) => [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
    const features = [
      feature({ type: 'Polygon', coordinates: [square(100, 7, 1), square(100.25, 7.25, 0.5).reverse()] }, { name: THAI[0] }),
      // Input wound the "wrong" way (outer clockwise): the writer re-winds it.
      feature({ type: 'MultiPolygon', coordinates: [[square(102, 7, 1).reverse()], [square(104, 7, 1)]] }, { name: THAI[1] }),
    ];
    const { shp } = roundTrip(features, 'areas');
    expect(ogrSummary(shp)).toMatchObject({ geometry: 'Polygon', count: 2, extent: [100, 7, 105, 8] });
    const read = ogrFeatures(shp);
    expect(read.map((f) => f.fields.name)).toEqual(THAI.slice(0, 2));
    // GDAL writes rings as stored: outer clockwise, hole counter-clockwise.
    expect(read[0]!.wkt).toBe('POLYGON ((100 7,100 8,101 8,101 7,100 7),(100.25 7.25,100.75 7.25,100.75 7.75,100.25 7.75,100.25 7.25))');
    expect(read[1]!.wkt).toBe('MULTIPOLYGON (((102 7,102 8,103 8,103 7,102 7)),((104 7,104 8,105 8,105 7,104 7)))');
    const collection = await shapefile.read(shp, shp.replace(/shp$/, 'dbf'), { encoding: 'utf-8' });
    expect(collection.features.map((f) => f.geometry.type)).toEqual(['Polygon', 'MultiPolygon']);
    expect((collection.features[0]!.geometry as { coordinates: unknown[] }).coordinates).toHaveLength(2);
  });

  it('the real Songkhla sub-districts (127 polygons) with every Thai name intact', async () => {
    const source = JSON.parse(readFileSync(SONGKHLA, 'utf8')) as FeatureCollection;
    const started = performance.now();
    const { shp } = roundTrip(source.features, 'songkhla');
    const ms = performance.now() - started;
    expect(ms).toBeLessThan(2000);
    const summary = ogrSummary(shp);
    const xs = source.features.flatMap((f) => JSON.stringify(f.geometry).match(/-?\d+\.?\d*(?=,)/g)!.map(Number));
    expect(summary.geometry).toBe('Polygon');
    expect(summary.count).toBe(127);
    expect(summary.extent![0]).toBeCloseTo(Math.min(...xs), 5);
    expect(summary.extent![2]).toBeCloseTo(Math.max(...xs), 5);
    const read = ogrFeatures(shp);
    expect(read.map((f) => f.fields.tam_th)).toEqual(source.features.map((f) => f.properties!.tam_th));
    expect(read.map((f) => f.fields.amp_th)).toEqual(source.features.map((f) => f.properties!.amp_th));
    expect(read.find((f) => f.fields.tam_code === '900106')?.fields.tam_th).toBe('เกาะยอ');
    expect(new Set(read.map((f) => f.fields.amp_th))).toContain('สิงหนคร');
    const collection = await shapefile.read(shp, shp.replace(/shp$/, 'dbf'), { encoding: 'utf-8' });
    expect(collection.features.map((f) => f.properties?.tam_th)).toEqual(source.features.map((f) => f.properties!.tam_th));
  });
});
