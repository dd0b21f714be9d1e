// The environment that points a child process (npm start, npm run check:config) at the sample
// database of the engine under test: a copy of the prebuilt PGlite one (PGLITE_DATA_DIR), or the
// sample database on the test PostgreSQL (DATABASE_URL, server-pg).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDatabase, prebuildSampleDatabase } from '../../src/server/db/ensure.ts';
import { sampleKey, TEST_DATABASE_URL } from './db/testDatabase.ts';

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
