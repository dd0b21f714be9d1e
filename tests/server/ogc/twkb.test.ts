// GetMap's geometries cross from the database as TWKB (src/server/ogc/twkb.ts, issue 29 aim 1).
// What the reader makes of PostGIS's ST_AsTWKB must be the geometry itself, rounded to the
// precision asked, for every geometry type, on PGlite and PostgreSQL.
import type { Geometry } from 'geojson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTwkbLines, readTwkbSequence } from '../../../src/server/ogc/twkb.ts';
import { openEmptyDatabase, SLOW, type TestDatabase } from '../db/testDatabase.ts';

// consecutive points differ even at 0 decimals (TWKB drops a point repeated after rounding)
const SAMPLES = [
  'POINT(100.123456789 13.987654321)',
  'POINT(-73.9857 -40.7484)',
  'LINESTRING(100.0004 7.0003, 101.02 6.99, 99.5 8.5, 97.25 9.125)',
  'POLYGON((100 7, 101 7, 101 8, 100 8, 100 7), (100.2 7.2, 100.8 7.2, 100.8 7.8, 100.2 7.2))',
  'MULTIPOINT((100 7), (101.5 8.25))',
  'MULTILINESTRING((100 7, 101.1 8.1), (102 9, 103.5 9.5, 104 9))',
  'MULTIPOLYGON(((100 7, 101 7, 101 8, 100 7)), ((102 9, 103 9, 103 10, 102 9)))',
  'GEOMETRYCOLLECTION(POINT(100 7), LINESTRING(100 7, 101 8), POLYGON((1 2, 3 2, 3 4, 1 2)))',
  'LINESTRING Z (100 7 1.5, 101 8 2.25)',
  'LINESTRING EMPTY',
  'POLYGON EMPTY',
  'POINT(179.9999999 89.9999999)',
];

/** Rounds every coordinate of a GeoJSON geometry to `digits` decimals, as TWKB stores it. */
function rounded(g: Geometry, digits: number, zmDigits = 0): Geometry {
  const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
  const walk = (c: unknown): unknown =>
    Array.isArray(c) && typeof c[0] === 'number' ? (c as number[]).map((v, i) => round(v, i < 2 ? digits : zmDigits)) : Array.isArray(c) ? c.map(walk) : c;
  if (g.type === 'GeometryCollection') return { type: g.type, geometries: g.geometries.map((m) => rounded(m, digits, zmDigits)) };
  return { type: g.type, coordinates: walk(g.coordinates) } as Geometry;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await openEmptyDatabase();
  await database.db.exec('CREATE EXTENSION IF NOT EXISTS postgis');
}, SLOW);
afterAll(() => database?.close());

describe('TWKB from PostGIS', { timeout: SLOW }, () => {
  for (const digits of [0, 3, 6, 7]) {
    it(`reads every geometry type at ${digits} decimals, one value after another`, async () => {
      const { rows } = await database.db.query<{ twkb: Uint8Array; json: string[] }>(
        `SELECT string_agg(ST_AsTWKB(g, ${digits}), ''::bytea ORDER BY i) AS twkb, array_agg(ST_AsGeoJSON(g, 15) ORDER BY i) AS json
           FROM unnest($1::text[]) WITH ORDINALITY AS s(wkt, i), LATERAL ST_GeomFromText(wkt, 4326) AS g`,
        [SAMPLES],
      );
      const read = readTwkbSequence(rows[0]!.twkb);
      expect(read).toHaveLength(SAMPLES.length);
      read.forEach((g, i) => {
        const expected = rounded(JSON.parse(rows[0]!.json[i]!) as Geometry, digits);
        expect(g, SAMPLES[i]).toEqual(expected);
      });
    });
  }

  it("reads Z and M (whole numbers: the database's default precision for them)", async () => {
    const { rows } = await database.db.query<{ twkb: Uint8Array }>(`SELECT ST_AsTWKB('POINT ZM (100.25 7.5 3.4 4.6)'::geometry, 2) AS twkb`);
    expect(readTwkbSequence(rows[0]!.twkb)).toEqual([{ type: 'Point', coordinates: [100.25, 7.5, 3, 5] }]);
  });

  it('a point repeated after rounding is dropped, as the database drops it', async () => {
    const { rows } = await database.db.query<{ twkb: Uint8Array }>(`SELECT ST_AsTWKB('LINESTRING(100 7, 100.0001 7.0001, 100.1 7.1)'::geometry, 2) AS twkb`);
    expect(readTwkbSequence(rows[0]!.twkb)).toEqual([{ type: 'LineString', coordinates: [[100, 7], [100.1, 7.1]] }]);
  });

  it('truncated bytes are an error, not a wrong picture', async () => {
    const { rows } = await database.db.query<{ twkb: Uint8Array }>(`SELECT ST_AsTWKB('LINESTRING(100 7, 101 8)'::geometry, 5) AS twkb`);
    expect(() => readTwkbSequence(rows[0]!.twkb.subarray(0, rows[0]!.twkb.length - 1))).toThrow(/truncated/);
  });

  it('reads the lines and rings of every line and area type straight into a sink, and stops at a point', async () => {
    const lineal = SAMPLES.filter((wkt) => !/POINT|COLLECTION/.test(wkt)).concat('MULTILINESTRING ZM ((100 7 1 2, 101 8 3 4), (102 9 5 6, 103 9.5 7 8))');
    const { rows } = await database.db.query<{ twkb: Uint8Array }>(
      `SELECT string_agg(ST_AsTWKB(ST_GeomFromText(wkt, 4326), 4), ''::bytea ORDER BY i) AS twkb FROM unnest($1::text[]) WITH ORDINALITY AS s(wkt, i)`,
      [lineal],
    );
    const seen: Array<{ index: number; parts: Array<{ ring: boolean; xy: number[][] }> }> = [];
    const count = readTwkbLines(rows[0]!.twkb, {
      start: (index) => seen.push({ index, parts: [] }),
      part: (xy, n, ring) => seen.at(-1)!.parts.push({ ring, xy: Array.from({ length: n }, (_, i) => [xy[2 * i]!, xy[2 * i + 1]!]) }),
      end: () => undefined,
    });
    expect(count).toBe(lineal.length);
    // the same parts, in the same order, as the GeoJSON reader's lines and rings (x, y only)
    const expected = readTwkbSequence(rows[0]!.twkb).map((g, index) => {
      const parts = (lines: number[][][], ring: boolean) => lines.map((line) => ({ ring, xy: line.map((p) => [p[0]!, p[1]!]) }));
      if (g.type === 'LineString') return { index, parts: g.coordinates.length ? parts([g.coordinates], false) : [] };
      if (g.type === 'MultiLineString') return { index, parts: parts(g.coordinates, false) };
      if (g.type === 'Polygon') return { index, parts: parts(g.coordinates, true) };
      if (g.type === 'MultiPolygon') return { index, parts: g.coordinates.flatMap((rings) => parts(rings, true)) };
      throw new Error(`unexpected ${g.type}`);
    });
    expect(seen).toEqual(expected);
    expect(seen.at(-1)!.parts[1]!.xy).toEqual([[102, 9], [103, 9.5]]);

    const { rows: mixed } = await database.db.query<{ twkb: Uint8Array }>(
      `SELECT ST_AsTWKB('LINESTRING(100 7, 101 8)'::geometry, 3) || ST_AsTWKB('POINT(100 7)'::geometry, 3) AS twkb`,
    );
    expect(readTwkbLines(mixed[0]!.twkb, { start: () => undefined, part: () => undefined, end: () => undefined })).toBeNull();
  });
});
