// Several server instances on one PostgreSQL: started together on an empty database, they migrate
// and load the sample dataset exactly once (advisory lock) and all end up serving the same data.
// Uses TEST_DATABASE_URL when set, else a throwaway server from the Debian packages; fails with a
// clear message when neither is available (CI installs postgresql-15-postgis-3).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../../../src/server/db/ensure.ts';
import { canStartPgServer, startPgServer, type PgServer } from './pgServer.ts';
import { openEmptyDatabase, SLOW, TEST_DATABASE_URL } from './testDatabase.ts';

const available = Boolean(TEST_DATABASE_URL) || canStartPgServer();

describe('several instances on one PostgreSQL', { timeout: SLOW }, () => {
  it('has a PostgreSQL to run on', () => {
    expect(available, 'set TEST_DATABASE_URL or install postgresql-15 + postgresql-15-postgis-3 (CI does)').toBe(true);
  });
  let url: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (TEST_DATABASE_URL) {
      const empty = await openEmptyDatabase();
      await empty.db.close();
      url = empty.url!;
      cleanup = () => empty.close().catch(() => undefined);
    } else {
      const server: PgServer = await startPgServer();
      url = await server.createDatabase('tcs_instances');
      cleanup = () => server.stop();
    }
  }, SLOW);
  afterAll(() => cleanup?.());

  it('migrates and seeds once when three instances start at the same time', async () => {
    const started = await Promise.all([1, 2, 3].map(() => ensureDatabase({ databaseUrl: url, log: () => undefined })));
    try {
      expect(started.map((s) => s.report.data).sort()).toEqual(['generated', 'present', 'present']);
      expect(started.filter((s) => s.report.migrations.length > 0)).toHaveLength(1);
      const counts = await Promise.all(started.map((s) => s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM change_area')));
      const n = counts.map((c) => c.rows[0]!.n);
      expect(n[0]).toBeGreaterThan(1000);
      expect(new Set(n).size).toBe(1);
      const { rows } = await started[0]!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dataset_info');
      expect(rows[0]!.n).toBe(1);
    } finally {
      await Promise.all(started.map((s) => s.db.close()));
    }
  });
});
