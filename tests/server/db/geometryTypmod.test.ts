// The catalog check reads a geometry column's type and SRID from its typmod without calling
// PostGIS (src/server/db/introspect.ts, issue 29: on PGlite the first PostGIS call loads its 17 MB
// library, which npm start's warm restart paid before serving). The decoding must answer what
// postgis_typmod_type() and postgis_typmod_srid() answer, on PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeTables, geometryTypmod } from '../../../src/server/db/introspect.ts';
import { openEmptyDatabase, SLOW, type TestDatabase } from './testDatabase.ts';

const COLUMNS = [
  'geometry',
  'geometry(Geometry, 4326)',
  'geometry(Point, 4326)',
  'geometry(MultiLineString, 4326)',
  'geometry(LineStringZ, 32647)',
  'geometry(PolygonM, 3857)',
  'geometry(MultiPolygonZM, 24047)',
  'geometry(GeometryCollection, 0)',
  'geometry(MultiPoint)',
  'geometry(CircularString, 4326)',
  'geometry(Tin, 998999)',
];

let database: TestDatabase;
beforeAll(async () => {
  database = await openEmptyDatabase();
  await database.db.exec('CREATE EXTENSION IF NOT EXISTS postgis');
  await database.db.exec(`CREATE TABLE typmods (${COLUMNS.map((type, i) => `g${i} ${type}`).join(', ')})`);
}, SLOW);
afterAll(() => database?.close());

describe('geometry column typmods', { timeout: SLOW }, () => {
  it('decode to what PostGIS says of each column', async () => {
    const { rows } = await database.db.query<{ typmod: number; type: string; srid: number }>(
      `SELECT a.atttypmod AS typmod, postgis_typmod_type(a.atttypmod) AS type, postgis_typmod_srid(a.atttypmod) AS srid
         FROM pg_attribute a WHERE a.attrelid = 'typmods'::regclass AND a.attnum > 0 ORDER BY a.attnum`,
    );
    expect(rows).toHaveLength(COLUMNS.length);
    for (const row of rows) expect(geometryTypmod(Number(row.typmod)), COLUMNS[rows.indexOf(row)]).toEqual({ type: row.type, srid: Number(row.srid) });
  });

  it('reach the catalog check as its type names and SRIDs', async () => {
    const shape = (await describeTables(database.db)).get('typmods')!;
    expect(shape.geometry.get('g0')).toEqual({ type: 'GEOMETRY', srid: 0 });
    expect(shape.geometry.get('g3')).toEqual({ type: 'MULTILINESTRING', srid: 4326 });
    expect(shape.geometry.get('g6')).toEqual({ type: 'MULTIPOLYGONZM', srid: 24047 });
  });
});
