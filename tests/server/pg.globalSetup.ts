// Global setup of the `server-pg` vitest project: the server suite on a real PostgreSQL 15 +
// PostGIS 3 instead of PGlite. The database helpers (tests/server/db/testDatabase.ts) switch to
// PostgreSQL when TEST_DATABASE_URL is set; this sets it for this project's test workers only,
// to a throwaway server started from the Debian binaries (tests/server/db/pgServer.ts), unless
// TEST_DATABASE_URL already names a server. No skipping: without the binaries the run fails.
import type { TestProject } from 'vitest/node';
import { canStartPgServer, pgBinDir, startPgServer } from './db/pgServer.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  if (process.env.TEST_DATABASE_URL) return;
  if (!canStartPgServer()) {
    throw new Error(
      `server-pg: no PostgreSQL 15 binaries in ${pgBinDir()} (set PG_BIN_DIR or TEST_DATABASE_URL). ` +
        'Install them with `apt-get install postgresql-15 postgresql-15-postgis-3` (CI installs postgresql-15-postgis-3).',
    );
  }
  const server = await startPgServer();
  // The project's `env` is read when its workers start, after global setup: only server-pg sees it
  // (process.env would leak into the PGlite `server` project when both run in one vitest call).
  const config = project.config as { env?: Record<string, string> };
  config.env = { ...config.env, TEST_DATABASE_URL: server.url };
  console.log(`server-pg: PostgreSQL test server on ${server.url}`);
  return () => server.stop();
}
