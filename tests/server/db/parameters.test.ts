// Query parameters and statement errors read the same on both engines: PGlite's queries go in as
// one protocol message with node-postgres's parameter encoding (src/server/db/pgliteQuery.ts).
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.

import pgUtils from 'pg/lib/utils.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toParameter } from '../../../src/server/db/pgliteQuery.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import { ENGINE, openEmptyDatabase, SLOW, type TestDatabase } from './testDatabase.ts';

describe(`query parameters and errors (${ENGINE})`, { timeout: SLOW }, () => {
  let t: TestDatabase;
  let db: ManagedDatabase;

  beforeAll(async () => {
    t = await openEmptyDatabase();
    db = t.db;
  }, SLOW);
  afterAll(() => t?.close());

  it('reads every kind of parameter the server code sends', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT $1::int AS int, $2::float8 AS float, $3::text AS text, $4::bool AS yes, $5::bool AS no,
              $6::int[] AS ints, $7::text[] AS texts, $8::jsonb AS object, encode($9::bytea, 'hex') AS bytes,
              $10::text IS NULL AS absent, $11::text IS NULL AS undef, $12::int8 AS big,
              $13::timestamptz AS instant, $14::text[] AS nested, cardinality($6::int[]) AS n`,
      [
        -42, 2.5e-7, 'สงขลา "quoted" \\ back', true, false,
        [1, null, 3], ['a,b', '{x}', 'ก "ข" \\', null], { years: [2562, 2567], name: 'เกาะยอ' },
        Buffer.from([0, 1, 254, 255]), null, undefined, 9007199254740991n,
        new Date('2024-06-15T00:00:00Z'), [['a', 'b'], ['c', null]],
      ],
    );
    expect(rows[0]).toEqual({
      int: -42, float: 2.5e-7, text: 'สงขลา "quoted" \\ back', yes: true, no: false,
      ints: [1, null, 3], texts: ['a,b', '{x}', 'ก "ข" \\', null], object: { years: [2562, 2567], name: 'เกาะยอ' },
      bytes: '0001feff', absent: true, undef: true, big: 9007199254740991,
      instant: new Date('2024-06-15T00:00:00Z'), nested: [['a', 'b'], ['c', null]], n: 3,
    });
  });

  it('rejects a failing statement with its SQLSTATE and stays usable, in and out of a transaction', async () => {
    await expect(db.query('SELECT 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012' });
    await expect(db.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(db.query('SELECT $1::int', ['not a number'])).rejects.toMatchObject({ code: '22P02' });
    expect((await db.query<{ one: number }>('SELECT $1::int AS one', [1])).rows).toEqual([{ one: 1 }]);

    await db.exec('CREATE TABLE param_probe (n int PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO param_probe VALUES ($1)', [1]);
        await tx.query('INSERT INTO param_probe VALUES ($1)', [1]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT n FROM param_probe')).rows).toEqual([]);
    expect((await db.query<{ n: number }>('INSERT INTO param_probe VALUES ($1) RETURNING n', [7])).rows).toEqual([{ n: 7 }]);
    expect((await db.query('UPDATE param_probe SET n = n + 1')).rows).toEqual([]);
  });

  it('encodes a parameter as node-postgres does (the PostgreSQL engine)', () => {
    const values: unknown[] = [
      null, undefined, 0, -1.5, 1e21, Number.NaN, 12n, true, false, '', 'ก "x" \\ y',
      [1, 2], ['a,b', null, '"q"', '\\'], [[1, 2], [3, null]], { a: [1, 'ข'], b: null }, [{ a: 1 }],
      Buffer.from([1, 2, 3]), [Buffer.from([9, 10])],
    ];
    for (const value of values) {
      const ours = toParameter(value);
      const theirs = pgUtils.prepareValue(value);
      if (theirs instanceof Uint8Array) expect(Buffer.from(ours as Uint8Array)).toEqual(theirs);
      else expect(ours).toBe(theirs);
    }
  });
});
