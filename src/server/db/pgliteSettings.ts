// The postgres settings PGlite runs with. A file of their own because they decide what a data dir
// holds, so the prebuilt sample's key (sampleTemplate.ts) follows this file and not the rest of
// pglite.ts.

/**
 * Postgres's shared buffers. PGlite's default is postgres's 128 MB, and every open zero-fills it
 * (Emscripten's mmap): 0.64 s of fresh-page faults on this VM, a quarter of a warm start (CPU
 * profile, issue 13). At 64 MB the MapServer A/B (npm run bench:mapserver -- --db pglite: GetMap
 * 100k lines 1.86x/2.10x, WFS 4.6x/3.6x) and bench:server (GetMap, WFS, router) measured the same as
 * at 128 MB; 16 MB made GetMap and the router 10-30 % slower.
 */
const SHARED_BUFFERS = '64MB';

/**
 * Postgres renames a WAL segment it no longer needs to a future name, to write into later. The
 * sample generator's checkpoints left eleven such 16 MB segments in its data dir (193 of its 332 MB),
 * and a data dir is copied whole: the prebuilt sample at a first start, and once per test file.
 * Removed instead, the sample is 156 MB; the generator took as long (22.1 s against 21.5 s).
 */
const WAL_RECYCLE = 'wal_recycle=off';

export const PGLITE_SETTINGS: readonly string[] = ['-c', `shared_buffers=${SHARED_BUFFERS}`, '-c', WAL_RECYCLE];
