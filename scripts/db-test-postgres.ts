// Runs tests against a real PostgreSQL 15 + PostGIS 3: starts a throwaway server from the Debian
// binaries (tests/server/db/pgServer.ts), sets TEST_DATABASE_URL and runs vitest, then stops it.
// Usage: npx tsx scripts/db-test-postgres.ts [vitest args]   (default: --project server)
// Or against your own server: TEST_DATABASE_URL=postgres://user@host/db npx vitest run --project server
import { spawn } from 'node:child_process';
import { startPgServer } from '../tests/server/db/pgServer.ts';

const args = process.argv.slice(2);
const server = await startPgServer();
console.log(`PostgreSQL test server on ${server.url} (${server.dir})`);
let code = 1;
try {
  code = await new Promise<number>((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...(args.length ? args : ['--project', 'server'])], {
      stdio: 'inherit',
      env: { ...process.env, TEST_DATABASE_URL: server.url },
    });
    child.on('exit', (status) => resolve(status ?? 1));
  });
} finally {
  await server.stop();
}
process.exit(code);
