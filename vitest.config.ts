import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/support/slowFirstSequencer.ts';

// vitest's default is one worker per core minus one: on a 2-core CI machine the Node suites ran
// one file at a time while a core idled. Their main process only collects results.
const NODE_WORKERS = availableParallelism();

const POSTGRES_ONLY = ['tests/server/db/frozen.test.ts', 'tests/server/pageApi/instances.test.ts', 'tests/server/db/replica.test.ts'];
// Nothing of PostgreSQL in them: PGlite's own files (its PostGIS bundle, the prebuilt data dir) and
// the base map's unreadable-clip case (no database at all, once is enough). The generation of the sample
// on PostgreSQL is tested by tests/server/pageApi/instances.test.ts (the same fingerprint).
const PGLITE_ONLY = ['tests/server/db/generator.test.ts', 'tests/server/db/postgisFiles.test.ts', 'tests/server/db/sampleTemplate.test.ts', 'tests/server/basemap/missing.test.ts', 'tests/server/launch.test.ts'];

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      // 15 s: loading and cross-checking the whole real config takes 2-5 s on an idle 2-core machine,
      // and the unit files run in parallel workers.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: NODE_WORKERS, testTimeout: 15_000 } },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          // Several instances on one PostgreSQL (advisory lock, replica): PostgreSQL behaviour, run
          // once, in server-pg; here each would start its own server and load the sample again.
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY],
          environment: 'node',
          maxWorkers: NODE_WORKERS,
          // As server-pg: GDAL runs and statistics over the whole sample take 1-6 s on a loaded
          // 2-core machine (vitest's 5 s default failed two such tests in a CI-like run).
          testTimeout: 60_000,
        },
      },
      {
        // The same server suite on a real PostgreSQL 15 + PostGIS 3 (a throwaway server from the
        // Debian binaries, or TEST_DATABASE_URL): see tests/server/pg.globalSetup.ts.
        test: {
          name: 'server-pg',
          include: ['tests/server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...PGLITE_ONLY],
          environment: 'node',
          globalSetup: ['tests/server/pg.globalSetup.ts'],
          maxWorkers: NODE_WORKERS,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        // Browser tests (Debian Chromium via playwright-core): one browser and one app per file,
        // two files at a time (a file spends much of its time waiting on timers, the network and the
        // map going idle, which the other file uses; every file has its own port, database copy and
        // temp folders), generous timeouts for software WebGL on a small CI machine. The global setup
        // builds the client once before the workers start.
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/globalSetup.ts'],
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
