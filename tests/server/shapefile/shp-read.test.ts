// The .shp reader: ring grouping, Z/M files, broken files, and the real RTSD zip read the way
// GDAL reads it.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Geometry, Position } from 'geojson';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readShp, ringsToPolygons, writeShpShx } from '../../../src/server/shapefile/index.ts';
import { signedArea } from '../../../src/server/shapefile/rings.ts';
import { ogr2ogr, requireGdal } from './gdal.ts';

const ADM3_ZIP = path.resolve(import.meta.dirname, '../../../../shared/data/thai-admin/source/tha_admbnda_adm3_rtsd_20220121_simplified_shp.zip');

let dir: string;
beforeAll(() => {
  requireGdal();
  dir = mkdtempSync(path.join(tmpdir(), 'shp-read-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const square = (x: number, y: number, size: number, clockwise: boolean): Position[] => {
  const ring = [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
  return clockwise ? ring.reverse() : ring;
};

describe('ring grouping', () => {
  it('puts each hole in the smallest outer ring that holds it (an island in a lake in an island)', () => {
    const big = square(0, 0, 10, true);
    const lake = square(2, 2, 6, false);
    const island = square(4, 4, 2, true);
    const polygons = ringsToPolygons([big, lake, island]);
    expect(polygons).toHaveLength(2);
    expect(polygons[0]!.map((ring) => Math.abs(signedArea(ring)))).toEqual([100, 36]);
    expect(polygons[1]!.map((ring) => Math.abs(signedArea(ring)))).toEqual([4]);
    // GeoJSON winding: outer counter-clockwise, holes clockwise.
    expect(signedArea(polygons[0]![0]!)).toBeGreaterThan(0);
    expect(signedArea(polygons[0]![1]!)).toBeLessThan(0);
  });

  it('keeps a hole that touches its outer ring at a vertex', () => {
    const outer = square(0, 0, 10, true);
    const hole = [[0, 0], [5, 2], [2, 5], [0, 0]]; // starts on the outer ring's corner, counter-clockwise
    expect(ringsToPolygons([outer, hole])).toHaveLength(1);
  });

  it('makes a hole outside every outer ring an outer ring of its own', () => {
    const polygons = ringsToPolygons([square(0, 0, 1, true), square(5, 5, 1, false)]);
    expect(polygons).toHaveLength(2);
    expect(polygons.every((polygon) => polygon.length === 1 && signedArea(polygon[0]!) > 0)).toBe(true);
  });
});

describe('files', () => {
  it('reads Z files as 2D (PointZ and PolygonZ written by GDAL)', () => {
    const input = path.join(dir, 'z.geojson');
    writeFileSync(
      input,
      JSON.stringify({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[100, 7, 1], [101, 7, 2], [101, 8, 3], [100, 7, 1]]] } }],
      }),
    );
    ogr2ogr('-dim', 'XYZ', path.join(dir, 'z.shp'), input);
    const contents = readShp(new Uint8Array(readFileSync(path.join(dir, 'z.shp'))));
    expect(contents.shapeType).toBe(15);
    expect(contents.geometries).toEqual([{ type: 'Polygon', coordinates: [[[100, 7], [101, 7], [101, 8], [100, 7]]] }]);
  });

  it('refuses broken files with the record number', () => {
    const { shp } = writeShpShx([
      { type: 'LineString', coordinates: [[0, 0], [1, 1]] },
      { type: 'LineString', coordinates: [[0, 0], [1, 1]] },
    ]);
    expect(() => readShp(shp.subarray(0, 50))).toThrow(/header alone is 100/);
    expect(() => readShp(shp.subarray(0, shp.length - 8))).toThrow(/truncated: the header says/);
    const wrongCode = shp.slice();
    wrongCode[3] = 0;
    expect(() => readShp(wrongCode)).toThrow(/wrong file code/);
    const mixed = shp.slice();
    new DataView(mixed.buffer).setInt32(100 + 8 + 80 + 8, 5, true); // record 2 says Polygon
    expect(() => readShp(mixed)).toThrow(expect.objectContaining({ record: 2, message: 'shape type Polygon in a PolyLine file' }));
    const badPart = shp.slice();
    new DataView(badPart.buffer).setInt32(100 + 8 + 44, 1, true); // record 1's first part starts at point 1
    expect(() => readShp(badPart)).toThrow(expect.objectContaining({ record: 1, message: 'part 1 has invalid point indexes 1..2' }));
    const multipatch = shp.slice();
    new DataView(multipatch.buffer).setInt32(32, 31, true);
    expect(() => readShp(multipatch)).toThrow(/unsupported shape type MultiPatch/);
  });

  it('reads the real RTSD zip (7,425 polygons) with the same rings as GDAL', () => {
    const entries = unzipSync(new Uint8Array(readFileSync(ADM3_ZIP)));
    const ours = readShp(entries['tha_admbnda_adm3_rtsd_20220121.shp']!).geometries;
    const gdalFile = path.join(dir, 'adm3.geojson');
    ogr2ogr('-f', 'GeoJSON', '-lco', 'COORDINATE_PRECISION=15', gdalFile, `/vsizip/${ADM3_ZIP}/tha_admbnda_adm3_rtsd_20220121.shp`, '-sql', 'SELECT ADM3_PCODE FROM tha_admbnda_adm3_rtsd_20220121');
    const theirs = (JSON.parse(readFileSync(gdalFile, 'utf8')) as { features: { geometry: Geometry }[] }).features.map((f) => f.geometry);
    expect(ours).toHaveLength(7425);
    expect(theirs).toHaveLength(7425);
    // Shape of each geometry: per polygon, each ring's |area| and vertex count (order-independent).
    const shape = (geometry: Geometry | null) => {
      if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) return geometry?.type ?? null;
      const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
      return polygons
        .map((rings) => rings.map((ring) => `${Math.abs(signedArea(ring)).toPrecision(7)}/${ring.length}`).join(' '))
        .sort();
    };
    const differences = ours.map((geometry, i) => [i + 1, shape(geometry), shape(theirs[i]!)]).filter(([, a, b]) => JSON.stringify(a) !== JSON.stringify(b));
    expect(differences).toEqual([]);
    expect(ours.filter((g) => g?.type === 'MultiPolygon')).toHaveLength(theirs.filter((g) => g.type === 'MultiPolygon').length);
  });
});
