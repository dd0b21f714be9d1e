// The database for the import tests, behind the Database contract: an in-memory PGlite + PostGIS
// by default (CREATE EXTENSION postgis takes ~10 s, so the fresh database is dumped once into the
// OS temp folder and later runs start from that dump, ~2 s), or a real PostgreSQL/PostGIS when
// TEST_DATABASE_URL is set (the tests then work in a schema of their own, dropped at the end).

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { postgis } from '@electric-sql/pglite-postgis';
import type { Database, Queryable } from '../../../src/server/db/types.ts';

const SNAPSHOT = path.join(tmpdir(), 'tcs-import-tests-pglite-0.5.8-postgis-0.2.8.tar.gz');

async function createPglite(): Promise<PGlite> {
  if (existsSync(SNAPSHOT)) {
    try {
      const pglite = new PGlite({ extensions: { postgis }, loadDataDir: new Blob([readFileSync(SNAPSHOT)]) });
      await pglite.waitReady;
      await pglite.query("SELECT 'POINT(0 0)'::geometry");
      return pglite;
    } catch {
      // A stale or broken snapshot: build a new one.
    }
  }
  const pglite = new PGlite({ extensions: { postgis } });
  await pglite.waitReady;
  await pglite.exec('CREATE EXTENSION IF NOT EXISTS postgis');
  const dump = await pglite.dumpDataDir('gzip');
  const partial = `${SNAPSHOT}.${process.pid}.tmp`;
  writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
  renameSync(partial, SNAPSHOT);
  return pglite;
}

export interface TestDatabase extends Database {
  /** Rows of a table, or -1 when it does not exist. */
  count(table: string): Promise<number>;
}

async function openPostgres(url: string): Promise<{ kind: 'postgres'; query: Queryable['query']; close: () => Promise<void> }> {
  const schema = `import_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('CREATE EXTENSION IF NOT EXISTS postgis');
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema},public` });
  await client.connect();
  return {
    kind: 'postgres',
    query: async (sql, params = []) => ({ rows: (await client.query(sql, [...params])).rows as never[] }),
    async close() {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  let engine: { kind: 'pglite' | 'postgres'; query: Queryable['query']; close: () => Promise<void> };
  if (url) {
    engine = await openPostgres(url);
  } else {
    const pglite = await createPglite();
    engine = {
      kind: 'pglite',
      query: async (sql, params = []) => ({ rows: (await pglite.query(sql, [...params])).rows as never[] }),
      close: () => pglite.close(),
    };
  }
  const { query } = engine;
  const db: TestDatabase = {
    kind: engine.kind,
    query,
    async transaction(fn) {
      await query('BEGIN');
      try {
        const result = await fn({ query });
        await query('COMMIT');
        return result;
      } catch (error) {
        await query('ROLLBACK');
        throw error;
      }
    },
    close: engine.close,
    async count(table) {
      const { rows } = await query<{ n: boolean }>('SELECT to_regclass($1) IS NOT NULL AS n', [`"${table}"`]);
      if (!rows[0]?.n) return -1;
      const counted = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
      return counted.rows[0]!.n;
    },
  };
  return db;
}
