// The environment that points a child process (npm start, npm run check:config) at the sample
// database of the engine under test: a copy of the prebuilt PGlite one (PGLITE_DATA_DIR), or the
// sample database on the test PostgreSQL (DATABASE_URL, server-pg).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { ensureDatabase, prebuildSampleDatabase } from '../../src/server/db/ensure.ts';
import { sampleKey, SLOW, TEST_DATABASE_URL } from './db/testDatabase.ts';

/** For a test file: the sample's environment, made before its tests, and the files to remove
 *  after them (also pushed by the tests: temp config dirs). */
export function sampleDatabaseSuite(): { env: () => Record<string, string>; cleanups: Array<() => void> } {
  let env: Record<string, string> | undefined;
  const cleanups: Array<() => void> = [];
  beforeAll(async () => {
    const sample = await sampleDatabaseEnv();
    env = sample.env;
    cleanups.push(sample.cleanup);
  }, SLOW);
  afterAll(() => cleanups.splice(0).forEach((c) => c()));
  return {
    env: () => {
      if (!env) throw new Error('the sample database is not ready yet (use it inside a test)');
      return env;
    },
    cleanups,
  };
}

export async function sampleDatabaseEnv(): Promise<{ env: Record<string, string>; cleanup: () => void }> {
  if (!TEST_DATABASE_URL) {
    const copy = mkdtempSync(path.join(tmpdir(), 'tcs-sample-env-'));
    cpSync(await prebuildSampleDatabase(), copy, { recursive: true });
    return { env: { DATABASE_URL: '', PGLITE_DATA_DIR: copy }, cleanup: () => rmSync(copy, { recursive: true, force: true }) };
  }
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/tcs_sample_${sampleKey()}`;
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  // made by the suite's other files too: creating it again fails harmlessly
  await admin.query(`CREATE DATABASE ${url.pathname.slice(1)}`).catch(() => undefined);
  await admin.end();
  const { db } = await ensureDatabase({ databaseUrl: url.toString(), log: () => undefined });
  await db.close();
  return { env: { DATABASE_URL: url.toString(), PGLITE_DATA_DIR: '' }, cleanup: () => undefined };
}
