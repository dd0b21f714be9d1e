// Issue 23 item 1: the layer catalog is checked against the database it is served from, on PGlite
// and on PostgreSQL (server and server-pg projects): each table, column and type, geometry type,
// id column and SQL expression; a dimension value that selects no rows is a warning.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/loader/loadCatalog.ts';
import { checkCatalogShape, type DataProblem } from '../../../src/server/data/catalogData.ts';
import { describeTables } from '../../../src/server/db/introspect.ts';
import type { Queryable } from '../../../src/server/db/types.ts';
import { beachwatchConfig, writeBeachwatchTable } from '../../support/beachwatch.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openEmptyDatabase, openSampleDatabase, SLOW, type TestDatabase } from '../db/testDatabase.ts';

let sample: TestDatabase;
let empty: TestDatabase;
beforeAll(async () => {
  [sample, empty] = await Promise.all([openSampleDatabase(), openEmptyDatabase()]);
  await empty.db.query('CREATE EXTENSION IF NOT EXISTS postgis');
}, SLOW);
afterAll(() => Promise.all([sample?.close(), empty?.close()]));

/** Runs `fn` on a database holding the beachwatch table as the example imported it (a database of
 *  its own: the sample is shared, and a failing expression would abort a transaction around it). */
async function withBeachwatch<T>(fn: (db: Queryable) => Promise<T>): Promise<T> {
  await writeBeachwatchTable(empty.db);
  return fn(empty.db);
}

/** The problems of the example's catalog with its beachwatch entry replaced by `entry`, as 'path: message'. */
async function problemsWith(tx: Queryable, entry?: string): Promise<string[]> {
  const { dir, cleanup } = beachwatchConfig(entry ? { catalogLayer: entry } : {});
  try {
    const parsed = parseCatalog(readFileSync(path.join(dir, 'layers.yaml'), 'utf8'), 'layers.yaml');
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    const problems = await checkCatalogData(tx, parsed.loaded.data, parsed.layers);
    const last = parsed.loaded.data.layers.length - 1;
    return problems.filter((p) => p.path[1] === last).map((p) => show({ ...p, path: ['entry', ...p.path.slice(2)] }));
  } finally {
    cleanup();
  }
}

/** Both parts of the check: what fails, then the layers that select no rows. */
async function checkCatalogData(...args: Parameters<typeof checkCatalogShape>): Promise<DataProblem[]> {
  const check = await checkCatalogShape(...args);
  return [...check.problems, ...(await check.emptyLayers())];
}

const show = (p: DataProblem) => `${p.severity} ${p.path.join('.')}: ${p.message}`;
const entry = (changes: Record<string, string>) => {
  let text = readFileSync(new URL('../../fixtures/admin-beachwatch/catalog.yaml', import.meta.url), 'utf8').split('layer: |\n')[1]!.replace(/^ {2}/gm, '');
  for (const [from, to] of Object.entries(changes)) text = text.replace(from, to);
  return text;
};

describe('the layer catalog against the database', { timeout: 60_000 }, () => {
  it('finds nothing wrong with the real catalog on the sample database', async () => {
    const parsed = parseCatalog(readFileSync(new URL('../../../config/layers.yaml', import.meta.url), 'utf8'), 'layers.yaml');
    if (!parsed.ok) throw new Error('invalid catalog');
    expect((await checkCatalogData(sample.db, parsed.loaded.data, parsed.layers)).map(show)).toEqual([]);
  });

  it('reads tables, column types, geometry type and SRID, and unique columns', async () => {
    const shape = await withBeachwatch(async (tx) => (await describeTables(tx)).get('beachwatch'));
    expect(Object.fromEntries(shape!.columns)).toEqual({ gid: 'int4', name_th: 'text', prv_code: 'text', province: 'text', year: 'int4', litter_kg: 'float8', geom: 'geometry' });
    expect(shape!.geometry.get('geom')).toEqual({ type: 'POINT', srid: 4326 });
    expect([...shape!.unique]).toEqual(['gid']);
  });

  // each mistake in its own transaction: a failing expression aborts the one it runs in
  const mistakes: Array<[string, Record<string, string>, string | RegExp]> = [
    ['a table not in the database', { 'table: beachwatch': 'table: beachwach' }, 'error entry.table: table "beachwach" is not in the database (did you mean "beachwatch"?); load it with npm run import -- <file> --as beachwach'],
    ['a column not in the table', { 'litter_kg:double': 'litter:double' }, 'error entry.attributes.5: column "litter" is not in table "beachwatch"; its columns: gid, name_th, prv_code, province, year, litter_kg'],
    ['a column of another type', { 'year:int': 'year:string' }, 'error entry.attributes.4: column "year" of table "beachwatch" is int4, which cannot be published as string; write year:int'],
    ['another geometry type', { 'geometry: point': 'geometry: line' }, 'error entry.geometry: table "beachwatch" holds POINT geometries, not lines; write geometry: point'],
    ['an expression that fails', { 'name_th:string,': '{ name: label, type: string, expr: "name_th || kg" },' }, /^error entry\.attributes\.1: expression of "label" fails on table "beachwatch": column "kg" does not exist/],
    ['a fixed filter on a column not in the table', { 'where: { year: "{year}" }': 'where: { yr: "{year}" }' }, 'error entry.where.yr: column "yr" is not in table "beachwatch" (did you mean "year"?); its columns: gid, name_th, prv_code, province, year, litter_kg'],
  ];

  it('passes the example', async () => {
    expect(await withBeachwatch((tx) => problemsWith(tx))).toEqual([]);
  });

  it.each(mistakes)('refuses %s, naming the fix', async (_, changes, expected) => {
    expect(await withBeachwatch((tx) => problemsWith(tx, entry(changes)))).toEqual([typeof expected === 'string' ? expected : expect.stringMatching(expected)]);
  });

  it('warns of a dimension value that selects no rows, and of an id column without a unique index', async () => {
    await withBeachwatch(async (tx) => {
      await tx.query('DELETE FROM beachwatch WHERE year = 2565');
      await tx.query('ALTER TABLE beachwatch DROP CONSTRAINT beachwatch_pkey');
      expect(await problemsWith(tx)).toEqual([
        'warning entry.id: id column "gid" of table "beachwatch" has no unique index: feature ids may repeat (npm run import keeps a unique id column, or add one: CREATE UNIQUE INDEX ON beachwatch (gid))',
        'warning entry.where: layer "beachwatch_2565" selects no rows: no row of table "beachwatch" has year = 2565 (it is served empty)',
      ]);
    });
  });
});
