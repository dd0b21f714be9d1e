// The database layer on an empty database: migrations, value types, transactions, the PGlite
// queue, advisory locks and (on PostgreSQL) the statement timeout. Runs on PGlite, and on
// PostgreSQL when TEST_DATABASE_URL is set.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonEmptyTables } from '../../../src/server/db/ensure.ts';
import { SCHEMA_LOCK_ID, withAdvisoryLock } from '../../../src/server/db/lock.ts';
import { loadMigrations, migrate } from '../../../src/server/db/migrate.ts';
import { openDatabase } from '../../../src/server/db/open.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import { ENGINE, openEmptyDatabase, SLOW, type TestDatabase } from './testDatabase.ts';

const TABLES = [
  'dataset_info', 'land', 'province', 'district', 'subdistrict', 'island', 'lake_island', 'coast_segment', 'cmline',
  'shoreline', 'change_area', 'change_rate', 'analysis_area', 'beach_main', 'beach_sub', 'beach_system', 'littoral',
  'coastal_status', 'structure_type', 'coastal_structure', 'erosion_solution', 'potential_area', 'landuse_class',
  'landuse', 'cvi', 'radar_station', 'radar_current', 'cctv',
];

describe(`database layer (${ENGINE})`, { timeout: SLOW }, () => {
  let t: TestDatabase;
  let db: ManagedDatabase;
  let applied: string[];

  beforeAll(async () => {
    t = await openEmptyDatabase();
    db = t.db;
    applied = await db.withSession((s) => migrate(s));
  }, SLOW);
  afterAll(() => t?.close());

  it('applies every migration in order, once', async () => {
    expect(applied).toEqual(loadMigrations().map((m) => `${String(m.version).padStart(3, '0')}_${m.name}`));
    expect(await db.withSession((s) => migrate(s))).toEqual([]);
    const { rows } = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(loadMigrations().map((m) => m.version));
  });

  it('creates every table with an integer gid primary key, SRID 4326 geometries and GiST indexes', async () => {
    const { rows: keys } = await db.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.table_constraints k
       JOIN information_schema.key_column_usage u ON u.constraint_name = k.constraint_name AND u.table_name = k.table_name
       JOIN information_schema.columns c ON c.table_name = u.table_name AND c.column_name = u.column_name
       WHERE k.constraint_type = 'PRIMARY KEY' AND k.table_schema = 'public'`,
    );
    for (const table of TABLES) {
      expect(keys.filter((k) => k.table_name === table), table).toEqual([{ table_name: table, column_name: 'gid', data_type: 'integer' }]);
    }
    const { rows: geoms } = await db.query<{ f_table_name: string; srid: number }>(
      "SELECT f_table_name, srid FROM geometry_columns WHERE f_table_schema = 'public'",
    );
    expect(geoms.length).toBeGreaterThan(20);
    for (const g of geoms) expect(g.srid, g.f_table_name).toBe(4326);
    const { rows: indexes } = await db.query<{ tablename: string }>(
      "SELECT tablename FROM pg_indexes WHERE schemaname = 'public' AND indexdef ILIKE '%USING gist (geom)%'",
    );
    const indexed = new Set(indexes.map((i) => i.tablename));
    for (const g of geoms) expect(indexed.has(g.f_table_name), g.f_table_name).toBe(true);
    expect(await nonEmptyTables(db)).toEqual([]);
  });

  it('refuses a migration that changed after it was applied', async () => {
    const edited = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'edited' } : m));
    await expect(db.withSession((s) => migrate(s, edited))).rejects.toThrow(/001_base changed after it was applied/);
  });

  it('rolls back a failing migration completely', async () => {
    const bad = { version: 999, name: 'broken', checksum: 'x', sql: 'CREATE TABLE half_done (gid serial PRIMARY KEY); SELECT no_such_function();' };
    await expect(db.withSession((s) => migrate(s, [...loadMigrations(), bad]))).rejects.toThrow();
    const { rows } = await db.query<{ t: string | null; n: number }>(
      "SELECT to_regclass('half_done')::text AS t, (SELECT count(*) FROM schema_migrations WHERE version = 999) AS n",
    );
    expect(rows[0]).toEqual({ t: null, n: 0 });
  });

  it('runs the same PostGIS on both engines (3.3 or later)', async () => {
    const { rows } = await db.query<{ v: string }>('SELECT postgis_lib_version() AS v');
    const [major, minor] = rows[0]!.v.split('.').map(Number);
    expect(major! * 100 + minor!).toBeGreaterThanOrEqual(303);
  });

  it('returns the same value types on both engines', async () => {
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT 2::int2 AS a, 3::int4 AS b, 4::int8 AS c, 1.5::numeric AS d, 2.25::float8 AS e, '2567-01-02'::date AS f,
              '2024-06-15T07:00:00+07:00'::timestamptz AS g, '{"x":1}'::json AS h, 'สงขลา'::text AS i, $1::text AS j`,
      ['เกาะยอ'],
    );
    expect(rows[0]).toEqual({ a: 2, b: 3, c: 4, d: 1.5, e: 2.25, f: '2567-01-02', g: new Date('2024-06-15T00:00:00Z'), h: { x: 1 }, i: 'สงขลา', j: 'เกาะยอ' });
  });

  it('commits a transaction, or none of it', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO structure_type (code_stru, name_t, name_e, layout) VALUES ('T1', 'ก', 'a', 'along')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO structure_type (code_stru, name_t, name_e, layout) VALUES ('T2', 'ข', 'b', 'along')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const { rows } = await db.query<{ code_stru: string }>("SELECT code_stru FROM structure_type WHERE code_stru LIKE 'T_' ORDER BY 1");
    expect(rows.map((r) => r.code_stru)).toEqual(['T1']);
    await db.query("DELETE FROM structure_type WHERE code_stru LIKE 'T_'");
  });

  it('keeps concurrent transactions and queries apart', async () => {
    const worker = (i: number) =>
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO structure_type (code_stru, name_t, name_e, layout) VALUES ($1, $2, $3, $4)', [`C${i}`, 'ก', 'c', 'across']);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const { rows } = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM structure_type WHERE code_stru = $1", [`C${i}`]);
        return rows[0]!.n;
      });
    const reads = Array.from({ length: 10 }, () => db.query<{ one: number }>('SELECT 1 AS one'));
    const results = await Promise.all([...Array.from({ length: 10 }, (_, i) => worker(i)), ...reads.map((r) => r.then((x) => x.rows[0]!.one))]);
    expect(results).toEqual(Array(20).fill(1));
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM structure_type WHERE code_stru LIKE 'C%'");
    expect(rows[0]!.n).toBe(10);
    await db.query("DELETE FROM structure_type WHERE code_stru LIKE 'C%'");
  });

  // Declared only on the engine it concerns (the other project does not list it).
  if (ENGINE === 'pglite') {
    it('PGlite: using the database object inside its own transaction fails fast instead of hanging', async () => {
      await expect(db.transaction(async () => db.query('SELECT 1'))).rejects.toThrow(/use the handle passed to the callback/);
    });

    it('PGlite: opens with 64 MB of shared buffers (src/server/db/pglite.ts: each open zero-fills them)', async () => {
      const { rows } = await db.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(rows[0]!.shared_buffers).toBe('64MB');
    });
  }

  it('takes the schema advisory lock around work and releases it', async () => {
    const order: string[] = [];
    await db.withSession((s) =>
      withAdvisoryLock(s, SCHEMA_LOCK_ID, async () => {
        order.push('locked');
      }),
    );
    // this database's locks only: pg_locks is the whole server's, where other test files' starts take the same lock
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())");
    expect(order).toEqual(['locked']);
    expect(rows[0]!.n).toBe(0);
  });

  // Declared only on the engine it concerns (the other project does not list it).
  if (ENGINE === 'postgres') {
    it('PostgreSQL: a second instance waits for the lock the first holds', async () => {
      const other = await openDatabase({ databaseUrl: (t as { url?: string }).url });
      try {
        const events: string[] = [];
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        const first = db.withSession((s) =>
          withAdvisoryLock(s, SCHEMA_LOCK_ID, async () => {
            events.push('first in');
            await held;
            events.push('first out');
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        const second = other.withSession((s) => withAdvisoryLock(s, SCHEMA_LOCK_ID, async () => void events.push('second in')));
        await new Promise((resolve) => setTimeout(resolve, 300));
        release();
        await Promise.all([first, second]);
        expect(events).toEqual(['first in', 'first out', 'second in']);
      } finally {
        await other.close();
      }
    });
  }

  // Declared only on the engine it concerns (the other project does not list it).
  if (ENGINE === 'postgres') {
    it('PostgreSQL: statements over the time limit are cancelled', async () => {
      const limited = await openDatabase({ databaseUrl: (t as { url?: string }).url, statementTimeoutMs: 200 });
      try {
        await expect(limited.query('SELECT pg_sleep(2)')).rejects.toThrow(/statement timeout/);
        expect((await limited.query<{ ok: number }>('SELECT 1 AS ok')).rows[0]!.ok).toBe(1);
      } finally {
        await limited.close();
      }
    });
  }
});
