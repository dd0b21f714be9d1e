// Databases for the tests. On PGlite the generated sample database is the prebuilt one that
// `npm start` copies on a first start (src/server/db/sampleTemplate.ts: built once per version of
// the generator and the migrations by `npm install`'s prepare step or the first test that needs
// it, kept in .cache/sample-db/), copied to a temp dir for each test file. With
// TEST_DATABASE_URL the same tests run on that PostgreSQL/PostGIS server: the generated database
// is `tcs_sample_<key>` on it (made once), fresh databases are created and dropped per test.

import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase, prebuildSampleDatabase } from '../../../src/server/db/ensure.ts';
import { openDatabase } from '../../../src/server/db/open.ts';
import { sampleKey } from '../../../src/server/db/sampleTemplate.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const ENGINE = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Generous limits: PGlite needs ~6 s to start and ~20-40 s to generate on a 2-core machine. */
export const SLOW = 240_000;

export { sampleKey };

const SCRATCH_PREFIX = 'scratch_';
/** A table a test file writes into the sample database for a while. On PostgreSQL the sample is
 *  shared by the suite's files, so tests that compare its table list leave these out. */
export const scratchTable = (purpose: string): string => `${SCRATCH_PREFIX}${purpose}_${process.pid}`;
/** scratchTable()'s names as a LIKE pattern (its `_` escaped). */
export const SCRATCH_TABLE_LIKE = `${SCRATCH_PREFIX.replace('_', '\\_')}%`;

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function createPgDatabase(name: string): Promise<string> {
  try {
    await adminQuery(`CREATE DATABASE ${name}`);
  } catch (error) {
    // another worker made it first: 'already exists', or when both ran at once the catalog's
    // unique index on the name
    if (!(error instanceof Error && /already exists|pg_database_datname_index/.test(error.message))) throw error;
  }
  return withDatabaseName(TEST_DATABASE_URL!, name);
}

export interface TestDatabase {
  db: ManagedDatabase;
  close(): Promise<void>;
}

/** The generated sample database (read-only use, please). */
export async function openSampleDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) {
    const url = await createPgDatabase(`tcs_sample_${sampleKey()}`);
    const { db } = await ensureDatabase({ databaseUrl: url, log: () => undefined });
    return { db, close: () => db.close() };
  }
  const source = await prebuildSampleDatabase();
  const copy = mkdtempSync(path.join(tmpdir(), 'tcs-sample-'));
  cpSync(source, copy, { recursive: true });
  const db = await openDatabase({ dataDir: copy });
  return {
    db,
    async close() {
      await db.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

/** An empty database: fresh PGlite data dir, or a new database on the test server. */
export async function openEmptyDatabase(): Promise<TestDatabase & { dataDir?: string; url?: string }> {
  if (TEST_DATABASE_URL) {
    const name = `tcs_test_${process.pid}_${Math.floor(performance.now() * 1000)}`;
    const url = await createPgDatabase(name);
    const db = await openDatabase({ databaseUrl: url });
    return {
      db,
      url,
      async close() {
        await db.close();
        await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tcs-empty-'));
  const db = await openDatabase({ dataDir });
  return {
    db,
    dataDir,
    async close() {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
