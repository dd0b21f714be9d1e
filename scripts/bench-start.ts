// `npm run bench:start` (issue 13 "first start <= 25 s", issue 29 "warm restart <= 1.5 s"): `npm start` (its
// launcher, node src/server/launch.mjs, without npm's own ~0.3 s) on a fresh,
// empty PGlite data dir as after `npm install` (the prebuilt sample database copied), then again
// on the same dir (warm restarts: the median of WARM_RUNS, as one run swings 1.2-2.0 s on this
// shared 2-core machine), then on another empty dir with no prebuilt database
// (PGLITE_SAMPLE_TEMPLATE=0: migrations and the generator in place, which is also the work
// `npm install`'s prepare step does once), each timed from spawning the process to the first
// router answer (HTTP 200). The client and the prebuilt database are made beforehand, so the
// figures are the server's own. Prints the server's phase lines and the times. BENCH_KEEP_DATA_DIR=<dir> keeps the database
// there (bench:all reuses it for bench:transects).
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ensureClientBuilt } from '../src/server/build-if-needed.ts';
import { prebuildSampleDatabase } from '../src/server/db/ensure.ts';
import { recordFigures } from './lib/benchResult.ts';
import { timedStart as timedStartAt } from './lib/timedStart.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const timedStart = (dataDir: string, extraEnv: Record<string, string> = {}) => timedStartAt(ROOT, dataDir, extraEnv);
const WARM_RUNS = 5;

await ensureClientBuilt(ROOT);
await prebuildSampleDatabase();
// the server's bundle, as npm install's prepare step leaves it (npm start runs it: src/server/launch.mjs)
await promisify(execFile)(process.execPath, [path.join(ROOT, 'src', 'server', 'launch.mjs'), '--build'], { cwd: ROOT });
const keep = process.env.BENCH_KEEP_DATA_DIR;
const dataDir = keep ?? mkdtempSync(path.join(tmpdir(), 'bench-start-'));
if (keep) rmSync(keep, { recursive: true, force: true });
const generatedDir = mkdtempSync(path.join(tmpdir(), 'bench-start-generated-'));
try {
  const first = await timedStart(dataDir);
  console.log(first.lines.join('\n'));
  const warmRuns: number[] = [];
  for (let run = 0; run < WARM_RUNS; run++) {
    const warm = await timedStart(dataDir);
    if (run === 0) console.log(warm.lines.join('\n'));
    warmRuns.push(warm.ms);
  }
  warmRuns.sort((a, b) => a - b);
  const warm = { ms: warmRuns[Math.floor(WARM_RUNS / 2)]! };
  const generated = await timedStart(generatedDir, { PGLITE_SAMPLE_TEMPLATE: '0' });
  console.log(generated.lines.join('\n'));
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`first start (empty data dir, prebuilt sample copied) -> router answers: ${s(first.ms)} (target <= 25 s)`);
  console.log(`warm restart -> router answers: ${s(warm.ms)}, median of ${WARM_RUNS} (${warmRuns.map(s).join(', ')}) (target <= 1.5 s)`);
  console.log(`first start with no prebuilt sample (generated in place; npm install's one-off cost) -> router answers: ${s(generated.ms)}`);
  recordFigures([
    { bench: 'start', measure: 'first start, empty PGlite -> router answers', value: first.ms / 1000, unit: 's', target: { op: '<=', value: 25 } },
    { bench: 'start', measure: `warm restart -> router answers (median of ${WARM_RUNS})`, value: warm.ms / 1000, unit: 's', target: { op: '<=', value: 1.5 } },
    { bench: 'start', measure: 'first start, no prebuilt sample (generated in place) -> router answers', value: generated.ms / 1000, unit: 's' },
  ]);
} finally {
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
  rmSync(generatedDir, { recursive: true, force: true });
}
