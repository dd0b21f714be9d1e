// `npm run bench:server`: throughput and latency of the reference backend's hot paths, on the
// embedded database (PGlite) and on PostgreSQL, at concurrency 1 and 4, loopback only.
//
//   GetMap       256 px EPSG:3857 PNG tiles, a fixed list of z8-z12 tiles along the Thai coast
//                (tcs:cmline_2567 lines, tcs:coastallu_2558 polygons), drawn fresh (tile cache
//                off) and again through the tile cache (ETag-keyed) after one warm pass
//   GetFeature   WFS 2.0.0, 1000 features as GeoJSON (tcs:coastallu_2558, paged), read fresh (answer
//                cache off) and again through the WFS answer cache (ETag-keyed) after one warm pass
//   router list  /tcs/v2/router?page=...&mode=list (when src/server/routes/pageApi.ts exists)
//   --synthetic  also the MapServer reference table of ../shared/bench/mapserver (100,000 lines,
//                synthetic.sql) with that bench's request shapes: tiles z8-z11 over lon 99-103 /
//                lat 6-14 and 0.6-1.0 degree WFS bboxes with COUNT=1000, for DESIGN.md §6's figures
//
// The server runs in a child process (as in production: the load generator does not share its
// event loop). Each run is bounded by --duration seconds and --max requests.
//
//   npx tsx scripts/bench-server.ts [--db pglite|pg|both] [--conc 1,4] [--duration 8] [--max 3000]
//                                   [--synthetic] [--only getmap,wfs,router|none] [--serve [--port N]]
//                                   [--no-seed]
// BENCH_SCALE=10 with --synthetic: bench_lines grown tenfold in the same extent (when it is created);
// BENCH_COPY_FROM=<PostgreSQL URL>: copied from that database's bench_lines instead of generated.
// With --synthetic the server also answers /bench/raw-page?bbox=s,w,n,e&count=N: the same rows as
// a WFS page, as GeoJSON from one plain SELECT (scripts/lib/rawPage.ts), the database's own time.
// --db pg uses DATABASE_URL when set, else starts a throwaway PostgreSQL 15 + PostGIS 3 from the
// Debian packages (tests/server/db/pgServer.ts). --serve starts the server and waits (Ctrl-C),
// printing its URL, for an external load generator (e.g. ../shared/bench/mapserver/bench.mjs).
// --no-seed: migrate an external DATABASE_URL but do not load the sample (e.g. the MapServer bench
// database, with --only none --synthetic). BENCH_CPU_PROF_DIR=<dir> makes the server process write a V8 CPU profile (.cpuprofile) there.

import { fork, type ChildProcess } from 'node:child_process';
import { request as httpRequest, Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { canStartPgServer, startPgServer, type PgServer } from '../tests/server/db/pgServer.ts';
import { recordFigures } from './lib/benchResult.ts';
import { runChild, tileOf, type ChildReady } from './lib/benchServerChild.ts';

// ------------------------------------------------------------------ parent: the load

interface Result {
  db: string;
  scenario: string;
  conc: number;
  /** CPU time of the server process per request (ms): less sensitive to a busy machine than wall time. */
  cpuPerRequest: number;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  bytes: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

function fetchOnce(agent: Agent, port: number, target: string): Promise<{ status: number; bytes: number; type: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, agent, headers: { Connection: 'keep-alive' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, type: String(res.headers['content-type'] ?? '') }));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

function serverCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: { type?: string; ms?: number }) => {
      if (m?.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve(m.ms ?? NaN);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

/** A deterministic shuffle, so that any prefix of a list has the same mix (of zoom levels) as the whole. */
function shuffled<T>(list: readonly T[], seed = 7): T[] {
  const rand = prng(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function measure(o: { db: string; scenario: string; port: number; targets: string[]; conc: number; seconds: number; max: number; expectType: RegExp; child: ChildProcess }): Promise<Result> {
  const cpuBefore = await serverCpu(o.child);
  const agent = new Agent({ keepAlive: true, maxSockets: o.conc });
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + o.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline && next < o.max) {
      const target = o.targets[next++ % o.targets.length]!;
      const t0 = performance.now();
      try {
        const r = await fetchOnce(agent, o.port, target);
        if (r.status !== 200 || !o.expectType.test(r.type)) errors++;
        bytes += r.bytes;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: o.conc }, worker));
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await serverCpu(o.child)) - cpuBefore;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    db: o.db,
    scenario: o.scenario,
    conc: o.conc,
    cpuPerRequest: latencies.length ? cpu / latencies.length : NaN,
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
    bytes: latencies.length ? bytes / latencies.length : 0,
  };
}

/** Deterministic PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The MapServer bench's request shapes: z8-z11 tiles (28/91/140/141) and 0.6-1.0 degree bboxes over lon 99-103 / lat 6-14. */
function syntheticLists(): { tiles: string[]; bboxes: string[] } {
  const rand = prng(42);
  const tiles: string[] = [];
  for (const [z, n] of [[8, 28], [9, 91], [10, 140], [11, 141]] as const) {
    const seen = new Set<string>();
    while (seen.size < n) {
      const t = tileOf(z, 99 + 4 * rand(), 6 + 8 * rand());
      if (seen.has(t.key)) continue;
      seen.add(t.key);
      tiles.push(t.bbox);
    }
  }
  const bboxes: string[] = [];
  for (let i = 0; i < 100; i++) {
    const d = 0.6 + 0.4 * rand();
    const w = 99 + (4 - d) * rand();
    const s = 6 + (8 - d) * rand();
    bboxes.push([s, w, s + d, w + d].map((v) => v.toFixed(5)).join(','));
  }
  return { tiles, bboxes };
}

function startChild(engine: 'pglite' | 'pg', env: Record<string, string>): Promise<{ child: ChildProcess; ready: ChildReady }> {
  // BENCH_CPU_PROF_DIR=<dir>: the server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = fork(fileURLToPath(import.meta.url), ['--child'], {
    env: { ...process.env, BENCH_DB: engine, ...env },
    execArgv: [...process.execArgv, ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
    child.on('message', (m: ChildReady) => {
      if (m?.type === 'ready') resolve({ child, ready: m });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'exit' });
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '-');

function printTable(results: Result[]): void {
  const head = ['db', 'scenario', 'conc', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'node CPU ms/req', 'errors', 'bytes/resp'];
  const rows = results.map((r) => [
    r.db,
    r.scenario,
    String(r.conc),
    String(r.requests),
    fmt(r.rps),
    fmt(r.p50),
    fmt(r.p95),
    fmt(r.p99),
    fmt(r.cpuPerRequest),
    String(r.errors),
    Math.round(r.bytes).toLocaleString('en'),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

async function runParent(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      db: { type: 'string', default: 'both' },
      conc: { type: 'string', default: '1,4' },
      duration: { type: 'string', default: '8' },
      max: { type: 'string', default: '3000' },
      only: { type: 'string', default: 'getmap,wfs,router' },
      synthetic: { type: 'boolean', default: false },
      serve: { type: 'boolean', default: false },
      port: { type: 'string' },
      'no-seed': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const concs = opt.conc.split(',').map(Number);
  const seconds = Number(opt.duration);
  const max = Number(opt.max);
  const only = new Set(opt.only.split(','));
  const engines: Array<'pglite' | 'pg'> = opt.db === 'both' ? ['pglite', 'pg'] : [opt.db === 'pg' ? 'pg' : 'pglite'];
  const results: Result[] = [];
  const notes: string[] = [];

  for (const engine of engines) {
    let pg: PgServer | undefined;
    const env: Record<string, string> = { BENCH_SYNTHETIC: opt.synthetic ? '1' : '0' };
    if (opt.port) env.BENCH_PORT = opt.port;
    if (opt['no-seed']) env.BENCH_SEED = '0';
    if (engine === 'pg') {
      if (process.env.DATABASE_URL) {
        env.BENCH_DATABASE_URL = process.env.DATABASE_URL;
        if (opt.synthetic) notes.push('--synthetic creates table bench_lines in the DATABASE_URL database');
      } else if (canStartPgServer()) {
        console.log('starting a throwaway PostgreSQL 15 + PostGIS 3 (Debian binaries) and loading the sample ...');
        pg = await startPgServer();
        env.BENCH_DATABASE_URL = await pg.createDatabase('tcs_bench');
      } else {
        notes.push('PostgreSQL skipped: no DATABASE_URL and no /usr/lib/postgresql/15/bin (apt-get install postgresql-15 postgresql-15-postgis-3)');
        continue;
      }
    }
    const started = performance.now();
    const { child, ready } = await startChild(engine, env);
    const label = engine === 'pg' ? 'PostgreSQL' : 'PGlite';
    console.log(`${label}: ${ready.db}, server up in ${((performance.now() - started) / 1000).toFixed(1)} s on 127.0.0.1:${ready.port}`);
    try {
      if (opt.serve) {
        console.log(`serving http://127.0.0.1:${ready.port}/geoserver/tcs_postgres/{wms,wfs} (answer caches on) and :${ready.portNoCache} (tile and WFS answer caches off); Ctrl-C stops`);
        await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
        continue;
      }
      const map = (layer: string, bbox: string) =>
        `/geoserver/tcs_postgres/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=${layer}&STYLES=&SRS=EPSG:3857&BBOX=${bbox}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE`;
      const run = async (scenario: string, port: number, targets: string[], expectType: RegExp, warm = false) => {
        if (warm) for (const t of targets) await fetchOnce(new Agent(), port, t);
        for (const conc of concs) {
          const r = await measure({ db: label, scenario, port, targets, conc, seconds, max, expectType, child });
          results.push(r);
          console.log(`  ${scenario} c=${conc}: ${fmt(r.rps)} req/s, p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms, p99 ${fmt(r.p99)} ms, server CPU ${fmt(r.cpuPerRequest)} ms/req, errors ${r.errors}`);
        }
      };
      if (only.has('getmap')) {
        const lines = shuffled(ready.tiles.lines).map((b) => map('tcs:cmline_2567', b));
        const polygons = shuffled(ready.tiles.polygons).map((b) => map('tcs:coastallu_2558', b));
        await run(`GetMap lines ${lines.length} tiles z8-12`, ready.portNoCache, lines, /^image\/png/);
        await run(`GetMap polygons ${polygons.length} tiles z8-12`, ready.portNoCache, polygons, /^image\/png/);
        await run(`GetMap lines, tile cache warm`, ready.port, lines, /^image\/png/, true);
      }
      if (only.has('wfs')) {
        const pages = Array.from({ length: 12 }, (_, i) => `/geoserver/tcs_postgres/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:coastallu_2558&COUNT=1000&STARTINDEX=${i * 250}&OUTPUTFORMAT=application/json`);
        await run('GetFeature 1000 polygons GeoJSON', ready.portNoCache, pages, /^application\/json/);
        await run('GetFeature 1000 polygons, answer cache warm', ready.port, pages, /^application\/json/, true);
      }
      if (only.has('router')) {
        if (ready.routerRoutes) {
          const lists = [
            'page=coastline&mode=list&list=province',
            'page=coastline&mode=list&list=amphur&pv=90',
            'page=changecoastline&mode=list&list=tambon&pv=90&ap=9001',
            'page=changecoastline&mode=year',
            'page=beachsystem&mode=beachm',
            'page=coastalconstruction&mode=list',
          ].map((q) => `/tcs/v2/router?${q}`);
          await run('router list', ready.port, lists, /^application\/json/);
        } else notes.push('router list skipped: src/server/routes/pageApi.ts is not there yet');
      }
      if (opt.synthetic) {
        const { tiles, bboxes } = syntheticLists();
        await run('bench_lines GetMap 400 tiles z8-11', ready.portNoCache, shuffled(tiles).map((b) => map('tcs:bench_lines', b)), /^image\/png/);
        const wfs = bboxes.map(
          (b) => `/geoserver/tcs_postgres/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:bench_lines&COUNT=1000&BBOX=${b},urn:ogc:def:crs:EPSG::4326&OUTPUTFORMAT=application/json`,
        );
        await run('bench_lines GetFeature 1000', ready.portNoCache, wfs, /^application\/json/);
      }
    } finally {
      await stopChild(child);
      await pg?.stop();
    }
  }
  console.log('');
  printTable(results);
  recordFigures(results.map((r) => ({ bench: 'server', measure: `${r.db} ${r.scenario} c=${r.conc}`, value: r.rps, unit: 'req/s' })));
  const load = (await import('node:os')).loadavg();
  console.log(`\nload average at the end: ${load.map((l) => l.toFixed(1)).join(' ')} on ${(await import('node:os')).cpus().length} CPUs (wall-time figures drop on a busy machine; node CPU ms/req less so; PostgreSQL's own CPU is not in it)`);
  console.log('MapServer 8 on PostGIS (DESIGN.md §6, 100k-line table, same machine class): GetMap 256 px ~100 tiles/s at c=1, ~190 at c=4;');
  console.log('WFS GetFeature 1000 features GeoJSON ~22 req/s (p50 42 ms) at c=1, ~45 at c=4. Compare with the bench_lines rows (--synthetic).');
  for (const n of notes) console.log(`note: ${n}`);
}

if (process.argv.includes('--child')) await runChild();
else await runParent();
