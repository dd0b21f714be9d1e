// Databases for the tests. On PGlite the generated sample database is built once per version of
// the generator and the migrations, kept in .cache/test-db/<key>/ (git-ignored), and copied to a
// temp dir for each test file, so only the first run pays for the generation. With
// TEST_DATABASE_URL the same tests run on that PostgreSQL/PostGIS server: the generated database
// is `tcs_sample_<key>` on it (made once), fresh databases are created and dropped per test.

import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '../../../src/server/db/ensure.ts';
import { openDatabase, REPO_ROOT } from '../../../src/server/db/open.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;
export const ENGINE = TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** Generous limits: PGlite needs ~6 s to start and ~20-40 s to generate on a 2-core machine. */
export const SLOW = 240_000;

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Changes whenever the migrations or the generator change. */
export function sampleKey(): string {
  const hash = createHash('sha256');
  // The generator names its codes from the glossary (a reworded term is new sample data) and
  // makes data for the years the layer catalog publishes.
  const inputs = [...filesUnder(path.join(REPO_ROOT, 'src/server/db/migrations')), ...filesUnder(path.join(REPO_ROOT, 'src/server/data/sample')), path.join(REPO_ROOT, 'config/glossary.yaml'), path.join(REPO_ROOT, 'config/layers.yaml')];
  for (const file of inputs) {
    hash.update(path.relative(REPO_ROOT, file)).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The cached generated PGlite data dir, built by whichever test process gets there first. */
async function cachedPgliteDir(): Promise<string> {
  const root = path.join(REPO_ROOT, '.cache', 'test-db');
  const dir = path.join(root, `pglite-${sampleKey()}`);
  const lock = `${dir}.lock`;
  mkdirSync(root, { recursive: true });
  for (;;) {
    if (existsSync(dir)) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // someone else is generating; take over a lock left by a crashed run after 10 minutes
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 600_000) rmSync(lock, { recursive: true, force: true });
      await sleep(1000);
      continue;
    }
    try {
      const building = `${dir}.building-${process.pid}`;
      rmSync(building, { recursive: true, force: true });
      const { db } = await ensureDatabase({ dataDir: building, log: () => undefined });
      await db.close();
      renameSync(building, dir);
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

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
    if (!(error instanceof Error && /already exists/.test(error.message))) throw error;
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
  const source = await cachedPgliteDir();
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
