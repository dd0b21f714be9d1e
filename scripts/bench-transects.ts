// Transect benchmark (issue 14): build time for the whole sample coast, period recomputation for one
// province (router page=transects&mode=totals) and one transect's history (p95), on the database
// of DATABASE_URL or a copy of the PGlite data dir (data/pglite, or PGLITE_DATA_DIR).
// Usage: npx tsx scripts/bench-transects.ts [--province 90] [--runs 20] [--no-build]
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDatabase } from '../src/server/db/ensure.ts';
import { REPO_ROOT } from '../src/server/db/open.ts';
import { buildTransects } from '../src/server/transects/build.ts';
import { dsasStats } from '../src/server/transects/dsasStats.ts';
import { transectHistory, transectsWithStats } from '../src/server/transects/query.ts';
import { totalsOf } from '../src/server/transects/totals.ts';
import { recordFigures } from './lib/benchResult.ts';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const province = arg('province', '90');
const runs = Number(arg('runs', '20'));
const url = process.env.DATABASE_URL;
let copy: string | undefined;
if (!url) {
  copy = mkdtempSync(path.join(tmpdir(), 'bench-transects-'));
  cpSync(process.env.PGLITE_DATA_DIR ?? path.join(REPO_ROOT, 'data/pglite'), copy, { recursive: true });
}
const { db } = await ensureDatabase(url ? { databaseUrl: url, log: () => undefined } : { dataDir: copy, log: () => undefined });
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)]!;
let buildMs: number | undefined;
try {
  console.log(`engine: ${db.description}`);
  if (!process.argv.includes('--no-build')) {
    const report = await db.transaction((tx) => buildTransects(tx));
    buildMs = report.ms;
    console.log(`build: ${report.transects} transects, ${report.distances} distances in ${(report.ms / 1000).toFixed(1)} s`, report.steps);
  }
  const period = { start: 2562, end: 2567 };
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < Math.max(3, Math.ceil(runs / 4)); i++) {
    const t = performance.now();
    const provincePeriod = { start: 2548 + (i % 3), end: 2567 };
    const rows = await transectsWithStats(db, { pv: [province] }, provincePeriod, { limit: 100_000 });
    await totalsOf(db, dsasStats({ pv: [province] }, provincePeriod), 'district');
    times.push(performance.now() - t);
    n = rows.length;
  }
  console.log(`period recomputation + totals, province ${province} (${n} transects): median ${times.sort((a, b) => a - b)[times.length >> 1]!.toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms`);
  // What router page=transects&mode=totals does for the whole coast (DSAS rate, in the database).
  const whole: number[] = [];
  for (let i = 0; i < 2; i++) {
    const t = performance.now();
    await totalsOf(db, dsasStats({ bbox: [90, 0, 110, 20] }, period), 'province');
    whole.push(performance.now() - t);
  }
  console.log(`period recomputation + totals, whole coast: ${whole.map((t) => t.toFixed(0)).join(', ')} ms (first, second)`);
  // What mode=list does for one province (the map's points).
  const lists: number[] = [];
  for (let i = 0; i < Math.max(3, Math.ceil(runs / 4)); i++) {
    const t = performance.now();
    await transectsWithStats(db, { pv: [province] }, period, { limit: 100_000 });
    lists.push(performance.now() - t);
  }
  const listMedian = lists.sort((a, b) => a - b)[lists.length >> 1]!;
  console.log(`period list, province ${province}: median ${listMedian.toFixed(0)} ms`);
  const { rows: gids } = await db.query<{ gid: number }>('SELECT gid FROM transect ORDER BY gid');
  const hist: number[] = [];
  for (let i = 0; i < runs; i++) {
    const gid = gids[Math.floor(((i * 7919) % gids.length))]!.gid;
    const t = performance.now();
    await transectHistory(db, gid, period);
    hist.push(performance.now() - t);
  }
  console.log(`one transect history (${runs} runs): p95 ${p95(hist).toFixed(1)} ms`);
  recordFigures([
    ...(buildMs !== undefined ? [{ bench: 'transects', measure: `transect build, whole sample coast (${db.kind})`, value: buildMs / 1000, unit: 's' }] : []),
    { bench: 'transects', measure: `period recomputation, province ${province} (median, ${db.kind})`, value: times[times.length >> 1]!, unit: 'ms', target: { op: '<=', value: 3000 } },
    { bench: 'transects', measure: `whole-coast totals, first request (${db.kind})`, value: whole[0]!, unit: 'ms', target: { op: '<=', value: 2000 } },
    { bench: 'transects', measure: `period list, province ${province} (median, ${db.kind})`, value: listMedian, unit: 'ms', target: { op: '<=', value: 300 } },
    { bench: 'transects', measure: 'one transect history (p95)', value: p95(hist), unit: 'ms' },
  ]);
} finally {
  await db.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
}
