// The sample database keeps the schema its migrations made: the generator and the transect builder
// drop a foreign key and an index while they write (src/server/transects/build.ts) and must put
// back exactly what the migrations define, or a rebuilt database drifts from a migrated one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/server/db/migrate.ts';
import type { Queryable } from '../../../src/server/db/types.ts';
import { ENGINE, openEmptyDatabase, openSampleDatabase, SLOW, type TestDatabase } from './testDatabase.ts';

const INDEXES = `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname`;
const CONSTRAINTS = `SELECT conrelid::regclass::text AS "table", conname, pg_get_constraintdef(oid) AS def
  FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2`;

interface Schema {
  indexes: { tablename: string; indexname: string; indexdef: string }[];
  constraints: { table: string; conname: string; def: string }[];
}

async function schemaOf(db: Queryable): Promise<Schema> {
  return { indexes: (await db.query<Schema['indexes'][number]>(INDEXES)).rows, constraints: (await db.query<Schema['constraints'][number]>(CONSTRAINTS)).rows };
}

describe(`the sample database's schema (${ENGINE})`, { timeout: SLOW }, () => {
  let sample: TestDatabase;
  let migrated: TestDatabase;
  beforeAll(async () => {
    [sample, migrated] = await Promise.all([openSampleDatabase(), openEmptyDatabase()]);
    await migrated.db.withSession((s) => migrate(s));
  }, SLOW);
  afterAll(async () => {
    await Promise.all([sample?.close(), migrated?.close()]);
  });

  it('has the indexes and constraints of a freshly migrated database on its tables, no more, no fewer', async () => {
    const [all, expected] = await Promise.all([schemaOf(sample.db), schemaOf(migrated.db)]);
    // on PostgreSQL the sample database is shared by the test files, and the import tests add
    // tables of their own to it: only the migrations' tables are compared
    const tables = new Set(expected.indexes.map((r) => r.tablename));
    const generated = {
      indexes: all.indexes.filter((r) => tables.has(r.tablename)),
      constraints: all.constraints.filter((r) => tables.has(r.table)),
    };
    expect(expected.indexes.length).toBeGreaterThan(50);
    expect(generated.indexes).toEqual(expected.indexes);
    expect(generated.constraints).toEqual(expected.constraints);
    expect(generated.indexes).toContainEqual({
      tablename: 'transect_distance',
      indexname: 'transect_distance_year_idx',
      indexdef: 'CREATE INDEX transect_distance_year_idx ON public.transect_distance USING btree (line_year)',
    });
  });
});
