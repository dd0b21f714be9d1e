// The analysis functions the sample's change rates and erosion / accretion polygons come from
// (001_base.sql, rewritten by 012_analysis_functions_once.sql to compute each point once), on
// hand-made lines whose answers are known. Convention (001_base.sql): land on the LEFT of a
// coastline's direction, so on a line heading east the land is north and the sea south.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE, openSampleDatabase, SLOW, type TestDatabase } from './testDatabase.ts';

const line = (wkt: string) => `ST_GeomFromText('${wkt}', 4326)`;
const EAST = line('LINESTRING(100 10, 101 10)');

describe(`analysis functions (${ENGINE})`, { timeout: SLOW }, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openSampleDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });

  const one = async <T>(sql: string): Promise<T> => (await t.db.query<{ v: T }>(`SELECT ${sql} AS v`)).rows[0]!.v;

  it('coast_side: +1 landward (left), -1 seaward (right), 0 on the line', async () => {
    expect(await one<number>(`coast_side(${EAST}, ST_SetSRID(ST_MakePoint(100.5, 10.01), 4326))`)).toBe(1);
    expect(await one<number>(`coast_side(${EAST}, ST_SetSRID(ST_MakePoint(100.5, 9.99), 4326))`)).toBe(-1);
    expect(await one<number>(`coast_side(${EAST}, ST_SetSRID(ST_MakePoint(100.5, 10), 4326))`)).toBe(0);
    // the direction where the line passes nearest: after a turn north, east of the line is the sea
    const turning = line('LINESTRING(100 10, 101 10, 101 11)');
    expect(await one<number>(`coast_side(${turning}, ST_SetSRID(ST_MakePoint(101.01, 10.5), 4326))`)).toBe(-1);
    expect(await one<number>(`coast_side(${turning}, ST_SetSRID(ST_MakePoint(100.99, 10.5), 4326))`)).toBe(1);
  });

  it('coast_offset_at: metres to the other line, + when it lies seaward (accretion), - landward', async () => {
    const metres = await one<number>(`ST_Distance(ST_MakePoint(100.5, 10)::geography, ST_MakePoint(100.5, 9.99)::geography)`);
    const seaward = await one<number>(`coast_offset_at(${EAST}, ${line('LINESTRING(100 9.99, 101 9.99)')}, 0.5)`);
    const landward = await one<number>(`coast_offset_at(${EAST}, ${line('LINESTRING(100 10.01, 101 10.01)')}, 0.5)`);
    expect(seaward).toBeCloseTo(metres, 6);
    expect(landward).toBeLessThan(-1000);
    expect(landward).toBeGreaterThan(-1200);
    // at a quarter of the line, beside a seaward bulge in the other line's middle: the bulge is not nearest
    const bulge = line('LINESTRING(100 9.99, 100.4 9.99, 100.5 9.9, 100.6 9.99, 101 9.99)');
    expect(await one<number>(`coast_offset_at(${EAST}, ${bulge}, 0.25)`)).toBeCloseTo(metres, 6);
    expect(await one<number>(`coast_offset_at(${EAST}, ${EAST}, 0.5)`)).toBe(0);
  });

  it('coast_change_faces: a landward bend of the later line is erosion, a seaward one accretion', async () => {
    const later = line('LINESTRING(100 10, 100.2 10, 100.3 10.05, 100.4 10, 100.6 10, 100.7 9.95, 100.8 10, 101 10)');
    const { rows } = await t.db.query<{ kind: string; area: number; x: number }>(
      `SELECT kind, ST_Area(geom) AS area, ST_X(ST_Centroid(geom)) AS x FROM coast_change_faces(${EAST}, ${later}) ORDER BY x`,
    );
    expect(rows.map((r) => r.kind)).toEqual(['erosion', 'accretion']);
    // each a triangle 0.2 degree wide and 0.05 degree high
    for (const r of rows) expect(r.area).toBeCloseTo(0.005, 9);
    expect(rows[0]!.x).toBeCloseTo(100.3, 9);
    expect(rows[1]!.x).toBeCloseTo(100.7, 9);
  });
});
