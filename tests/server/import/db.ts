// An in-memory PGlite + PostGIS behind the Database contract, for the import tests. CREATE
// EXTENSION postgis takes ~10 s, so the fresh database is dumped once into the OS temp folder and
// later runs start from that dump (~2 s).

import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  pglite: PGlite;
  /** Rows of a table, or -1 when it does not exist. */
  count(table: string): Promise<number>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const pglite = await createPglite();
  const query: Queryable['query'] = async (sql, params = []) => ({ rows: (await pglite.query(sql, [...params])).rows as never[] });
  const db: TestDatabase = {
    kind: 'pglite',
    pglite,
    query,
    async transaction(fn) {
      await pglite.exec('BEGIN');
      try {
        const result = await fn({ query });
        await pglite.exec('COMMIT');
        return result;
      } catch (error) {
        await pglite.exec('ROLLBACK');
        throw error;
      }
    },
    close: () => pglite.close(),
    async count(table) {
      const { rows } = await query<{ n: boolean }>('SELECT to_regclass($1) IS NOT NULL AS n', [`"${table}"`]);
      if (!rows[0]?.n) return -1;
      const counted = await query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
      return counted.rows[0]!.n;
    },
  };
  return db;
}
