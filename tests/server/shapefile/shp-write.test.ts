import type { Geometry } from 'geojson';
import { describe, expect, it } from 'vitest';
import { readShp, writeShpShx } from '../../../src/server/shapefile/index.ts';
import { signedArea } from '../../../src/server/shapefile/rings.ts';

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The rings of a Polygon record as written (part slices of the point array). */
function polygonParts(shp: Uint8Array, recordOffset = 100): number[][][] {
  const v = view(shp);
  const at = recordOffset + 8;
  const parts = v.getInt32(at + 36, true);
  const points = v.getInt32(at + 40, true);
  const starts = Array.from({ length: parts }, (_, i) => v.getInt32(at + 44 + 4 * i, true));
  const pointsAt = at + 44 + 4 * parts;
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? points;
    return Array.from({ length: end - start }, (_, k) => [
      v.getFloat64(pointsAt + 16 * (start + k), true),
      v.getFloat64(pointsAt + 16 * (start + k) + 8, true),
    ]);
  });
}

describe('.shp/.shx writer', () => {
  it('writes the exact bytes of one point', () => {
    const { shp, shx, shapeType, extent } = writeShpShx([{ type: 'Point', coordinates: [100.5, 7.25] }]);
    expect(shapeType).toBe('Point');
    expect(extent).toEqual([100.5, 7.25, 100.5, 7.25]);
    expect(shp.length).toBe(100 + 8 + 20);
    const s = view(shp);
    expect(s.getInt32(0, false)).toBe(9994); // file code, big-endian
    expect(s.getInt32(24, false)).toBe(64); // file length in 16-bit words
    expect(s.getInt32(28, true)).toBe(1000); // version, little-endian
    expect(s.getInt32(32, true)).toBe(1); // Point
    expect([36, 44, 52, 60].map((at) => s.getFloat64(at, true))).toEqual([100.5, 7.25, 100.5, 7.25]);
    expect(s.getInt32(100, false)).toBe(1); // record number
    expect(s.getInt32(104, false)).toBe(10); // content length in words
    expect(s.getInt32(108, true)).toBe(1);
    expect(s.getFloat64(112, true)).toBe(100.5);
    expect(s.getFloat64(120, true)).toBe(7.25);

    expect(shx.length).toBe(108);
    const x = view(shx);
    expect(x.getInt32(0, false)).toBe(9994);
    expect(x.getInt32(24, false)).toBe(54);
    expect(x.getInt32(32, true)).toBe(1);
    expect(x.getInt32(100, false)).toBe(50); // offset of record 1 in words
    expect(x.getInt32(104, false)).toBe(10);
  });

  it('writes a null geometry as a 4-byte null shape and indexes every record', () => {
    const { shp, shx } = writeShpShx([
      { type: 'Point', coordinates: [1, 2] },
      null,
      { type: 'Point', coordinates: [3, 4] },
    ]);
    const s = view(shp);
    expect(s.getInt32(128 + 4, false)).toBe(2); // content length: 4 bytes
    expect(s.getInt32(128 + 8, true)).toBe(0); // null shape
    const x = view(shx);
    expect([0, 1, 2].map((i) => x.getInt32(100 + 8 * i, false))).toEqual([50, 64, 70]);
    expect([0, 1, 2].map((i) => x.getInt32(104 + 8 * i, false))).toEqual([10, 2, 10]);
    expect(s.getInt32(24, false) * 2).toBe(shp.length);
    expect([36, 44, 52, 60].map((at) => s.getFloat64(at, true))).toEqual([1, 2, 3, 4]);
    expect(readShp(shp).geometries).toEqual([
      { type: 'Point', coordinates: [1, 2] },
      null,
      { type: 'Point', coordinates: [3, 4] },
    ]);
  });

  it('writes LineString and MultiLineString mixed in one PolyLine file, as parts', () => {
    const geometries: Geometry[] = [
      { type: 'LineString', coordinates: [[100, 7], [100.1, 7.1]] },
      { type: 'MultiLineString', coordinates: [[[101, 8], [101.1, 8.1]], [[102, 9], [102.5, 9.5], [103, 9]]] },
    ];
    const { shp, shapeType, extent } = writeShpShx(geometries);
    expect(shapeType).toBe('PolyLine');
    expect(extent).toEqual([100, 7, 103, 9.5]);
    const s = view(shp);
    expect(s.getInt32(32, true)).toBe(3);
    // Record 1: 1 part of 2 points, content 4+32+4+4+4+32 = 80 bytes = 40 words
    expect(s.getInt32(104, false)).toBe(40);
    expect(s.getInt32(108 + 36, true)).toBe(1);
    expect(s.getInt32(108 + 40, true)).toBe(2);
    // Record 2: 2 parts (starting at points 0 and 2) of 5 points; its own bbox
    const r2 = 100 + 8 + 80;
    expect(s.getInt32(r2 + 8, true)).toBe(3);
    expect([0, 1, 2, 3].map((i) => s.getFloat64(r2 + 12 + 8 * i, true))).toEqual([101, 8, 103, 9.5]);
    expect(s.getInt32(r2 + 8 + 36, true)).toBe(2);
    expect(s.getInt32(r2 + 8 + 40, true)).toBe(5);
    expect([s.getInt32(r2 + 8 + 44, true), s.getInt32(r2 + 8 + 48, true)]).toEqual([0, 2]);
    expect(readShp(shp).geometries).toEqual(geometries);
  });

  it('winds outer rings clockwise and holes counter-clockwise, whatever the input winding', () => {
    const outerCcw = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
    const holeCw = [[2, 2], [2, 4], [4, 4], [4, 2], [2, 2]];
    for (const rings of [[outerCcw, holeCw], [[...outerCcw].reverse(), [...holeCw].reverse()]]) {
      const { shp } = writeShpShx([{ type: 'Polygon', coordinates: rings }]);
      const [outer, hole] = polygonParts(shp);
      expect(signedArea(outer!)).toBeLessThan(0); // clockwise
      expect(signedArea(hole!)).toBeGreaterThan(0); // counter-clockwise
      // Back to GeoJSON winding (RFC 7946: outer counter-clockwise, holes clockwise).
      expect(readShp(shp).geometries[0]).toEqual({ type: 'Polygon', coordinates: [outerCcw, holeCw] });
    }
  });

  it('closes open rings and writes MultiPolygon parts that read back as the same polygons', () => {
    const multi: Geometry = {
      type: 'MultiPolygon',
      coordinates: [
        [[[0, 0], [10, 0], [10, 10], [0, 10]], [[2, 2], [2, 4], [4, 4], [4, 2]]],
        [[[20, 0], [30, 0], [30, 10], [20, 0]]],
      ],
    };
    const { shp } = writeShpShx([multi, { type: 'Polygon', coordinates: [[[40, 0], [41, 0], [41, 1], [40, 0]]] }]);
    const parts = polygonParts(shp);
    expect(parts).toHaveLength(3);
    for (const ring of parts) expect(ring[0]).toEqual(ring.at(-1));
    const back = readShp(shp).geometries;
    expect(back[0]).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]], [[2, 2], [2, 4], [4, 4], [4, 2], [2, 2]]],
        [[[20, 0], [30, 0], [30, 10], [20, 0]]],
      ],
    });
    expect(back[1]?.type).toBe('Polygon');
  });

  it('writes Point and MultiPoint together as MultiPoint', () => {
    const { shp, shapeType } = writeShpShx([
      { type: 'Point', coordinates: [1, 2] },
      { type: 'MultiPoint', coordinates: [[3, 4], [5, 6]] },
    ]);
    expect(shapeType).toBe('MultiPoint');
    expect(view(shp).getInt32(32, true)).toBe(8);
    expect(readShp(shp).geometries).toEqual([
      { type: 'MultiPoint', coordinates: [[1, 2]] },
      { type: 'MultiPoint', coordinates: [[3, 4], [5, 6]] },
    ]);
  });

  it('flattens a one-family GeometryCollection and drops Z', () => {
    const { shp } = writeShpShx([
      {
        type: 'GeometryCollection',
        geometries: [
          { type: 'LineString', coordinates: [[0, 0, 5], [1, 1, 5]] },
          { type: 'MultiLineString', coordinates: [[[2, 2], [3, 3]]] },
        ],
      },
    ]);
    expect(readShp(shp).geometries[0]).toEqual({ type: 'MultiLineString', coordinates: [[[0, 0], [1, 1]], [[2, 2], [3, 3]]] });
  });

  it('refuses mixed families, a type that cannot hold the geometries, and non-finite coordinates', () => {
    expect(() => writeShpShx([{ type: 'Point', coordinates: [0, 0] }, { type: 'LineString', coordinates: [[0, 0], [1, 1]] }])).toThrow(
      /one geometry family/,
    );
    expect(() => writeShpShx([{ type: 'Point', coordinates: [0, 0] }], 'Polygon')).toThrow(/cannot write point/);
    expect(() => writeShpShx([{ type: 'Point', coordinates: [NaN, 0] }])).toThrow(/feature 1: coordinate/);
  });

  it('writes an empty file of a requested type', () => {
    const { shp, shx, shapeType } = writeShpShx([], 'Polygon');
    expect(shapeType).toBe('Polygon');
    expect(shp.length).toBe(100);
    expect(shx.length).toBe(100);
    expect(view(shp).getInt32(32, true)).toBe(5);
    expect(readShp(shp).geometries).toEqual([]);
  });
});
