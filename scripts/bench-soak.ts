// `npm run bench:soak` (issue 29 aim 7): the embedded default under a mixed load. `npm start`'s
// server (src/server/launch.mjs) on a fresh PGlite copy of the sample, then CLIENTS clients for
// --duration seconds, each sending one request after another: 40 % GetMap tiles (256 px, z9-z12
// near points of the coast; the more requests, the more repeats, which the tile cache answers),
// 30 % WFS pages (1000 land-use polygons, GeoJSON, 12 distinct pages), 30 % router (lists, and a
// third of them transect totals by province for a province and period: PGlite's heaviest
// statement; 48 distinct). Prints p50/p95 per kind (and p95 of the warm-up apart), how many
// distinct requests each kind sent, errors, and the server's RSS sampled every 5 s; the aim is
// p95 <= 100 ms for tiles and WFS pages and RSS flat after the warm-up (the first fifth).
//
// --fresh makes every tile and WFS page a new request (what the caches do not cover; no aim).
//
//   npx tsx scripts/bench-soak.ts [--duration 180] [--clients 8] [--fresh]
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { ensureClientBuilt } from '../src/server/build-if-needed.ts';
import { prebuildSampleDatabase } from '../src/server/db/ensure.ts';
import { printAims, recordFigures, type BenchFigure } from './lib/benchResult.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: opt } = parseArgs({ options: { duration: { type: 'string', default: '180' }, clients: { type: 'string', default: '8' }, fresh: { type: 'boolean', default: false } } });
const DURATION_S = Number(opt.duration);
const CLIENTS = Number(opt.clients);
/** --fresh: no tile or WFS page is asked twice (boxes off the tile grid, any STARTINDEX), so no cache answers them. */
const FRESH = opt.fresh;
const OGC = '/geoserver/tcs_postgres';
const PROVINCES = ['82', '23', '90', '84', '81', '92', '77', '80', '85', '91', '86', '20'];
const PERIODS = [[2562, 2567], [2563, 2567], [2562, 2565], [2564, 2567]] as const;

type Kind = 'GetMap' | 'WFS page' | 'router list' | 'transect totals';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Deterministic PRNG (mulberry32): the same request sequence on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The box of the tile at lon/lat; with FRESH the tile-sized box whose corner is there (off the grid). */
function tileBbox(z: number, lon: number, lat: number): string {
  const n = 2 ** z;
  const cell = FRESH ? (v: number) => v : Math.floor;
  const x = cell(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = cell(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  const world = Math.PI * 6378137;
  const size = (2 * world) / n;
  const minx = -world + x * size;
  const maxy = world - y * size;
  return [minx, maxy - size, minx + size, maxy].map((v) => v.toFixed(2)).join(',');
}

function get(agent: Agent, port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: target, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

/** Points on the coast (the first vertex of coastlines), where the tiles are taken. */
async function coastPoints(port: number): Promise<Array<[number, number]>> {
  const res = await fetch(`http://127.0.0.1:${port}${OGC}/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:cmline_2567&COUNT=400&OUTPUTFORMAT=application/json`);
  const json = (await res.json()) as { features: Array<{ geometry: { coordinates: unknown } }> };
  const first = (c: unknown): [number, number] => (typeof (c as unknown[])[0] === 'number' ? (c as [number, number]) : first((c as unknown[])[0]));
  return json.features.map((f) => first(f.geometry.coordinates));
}

function nextRequest(rand: () => number, points: ReadonlyArray<[number, number]>): { kind: Kind; target: string } {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const roll = rand();
  if (roll < 0.4) {
    const [lon, lat] = pick(points);
    const z = 9 + Math.floor(rand() * 4);
    const bbox = tileBbox(z, lon + (rand() - 0.5) * 0.2, lat + (rand() - 0.5) * 0.2);
    return { kind: 'GetMap', target: `${OGC}/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=tcs:cmline_2567&STYLES=&SRS=EPSG:3857&BBOX=${bbox}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE` };
  }
  if (roll < 0.7) {
    return { kind: 'WFS page', target: `${OGC}/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:coastallu_2558&COUNT=1000&STARTINDEX=${FRESH ? Math.floor(rand() * 3000) : 250 * Math.floor(rand() * 12)}&OUTPUTFORMAT=application/json` };
  }
  if (roll < 0.8) {
    const [start, end] = pick(PERIODS);
    return { kind: 'transect totals', target: `/tcs/v2/router?page=transects&mode=totals&pv=${pick(PROVINCES)}&start=${start}&end=${end}&by=province` };
  }
  const lists = ['page=coastline&mode=list&list=province', 'page=coastline&mode=list&list=amphur&pv=90', 'page=changecoastline&mode=year', 'page=beachsystem&mode=beachm', 'page=coastalconstruction&mode=list'];
  return { kind: 'router list', target: `/tcs/v2/router?${pick(lists)}` };
}

function record(into: Map<Kind, number[]>, kind: Kind, ms: number): void {
  const list = into.get(kind);
  if (list) list.push(ms);
  else into.set(kind, [ms]);
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

await ensureClientBuilt(ROOT);
await prebuildSampleDatabase();
await promisify(execFile)(process.execPath, [path.join(ROOT, 'src', 'server', 'launch.mjs'), '--build'], { cwd: ROOT });
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-soak-'));
const port = await freePort();
const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PGLITE_DATA_DIR: dataDir };
delete env.DATABASE_URL;
delete env.DATABASE_READ_URL;
const server = spawn(process.execPath, ['src/server/launch.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
try {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/tcs/v2/router?page=coastline&mode=list&list=province`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const points = await coastPoints(port);
  const times = new Map<Kind, number[]>();
  const errors = new Map<Kind, number>();
  // The server keeps answers (tiles, WFS pages, router answers) until the data changes: how many
  // distinct requests each kind sent says how much of it could come from those caches.
  const distinct = new Map<Kind, Set<string>>();
  // ... and the warm-up (the first fifth, while those caches fill) apart from the whole run.
  const warmUp = new Map<Kind, number[]>();
  const rss: Array<{ s: number; mb: number }> = [];
  const started = performance.now();
  const deadline = started + DURATION_S * 1000;
  const sampler = setInterval(() => rss.push({ s: (performance.now() - started) / 1000, mb: rssMb(server.pid!) }), 5000);
  const client = async (seed: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const rand = prng(seed);
    while (performance.now() < deadline) {
      const { kind, target } = nextRequest(rand, points);
      const t = performance.now();
      const status = await get(agent, port, target).catch(() => 0);
      const ms = performance.now() - t;
      distinct.set(kind, (distinct.get(kind) ?? new Set()).add(target));
      record(times, kind, ms);
      if (t - started < (DURATION_S * 1000) / 5) record(warmUp, kind, ms);
      if (status !== 200) errors.set(kind, (errors.get(kind) ?? 0) + 1);
    }
    agent.destroy();
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(1000 + i)));
  clearInterval(sampler);
  const warm = rss.filter((r) => r.s >= DURATION_S / 5);
  const rssGrowth = warm.length >= 2 ? warm[warm.length - 1]!.mb / warm[0]!.mb : NaN;
  console.log(`${CLIENTS} clients, ${DURATION_S} s, PGlite (embedded default)${FRESH ? ', --fresh: no tile or WFS page asked twice' : ''}, server pid ${server.pid}`);
  const mix = FRESH ? 'PGlite mixed load, no repeats' : 'PGlite mixed load';
  const figures: BenchFigure[] = [];
  for (const [kind, list] of times) {
    const short = kind === 'GetMap' || kind === 'WFS page';
    console.log(`${kind.padEnd(16)} ${String(list.length).padStart(6)} requests (${distinct.get(kind)?.size ?? 0} distinct), ${errors.get(kind) ?? 0} errors, p50 ${pct(list, 50).toFixed(1)} ms, p95 ${pct(list, 95).toFixed(1)} ms, p99 ${pct(list, 99).toFixed(1)} ms; warm-up p95 ${pct(warmUp.get(kind) ?? [], 95).toFixed(1)} ms`);
    figures.push({ bench: 'soak', measure: `${mix}, ${CLIENTS} clients: ${kind} p50`, value: pct(list, 50), unit: ' ms' });
    // the aim is on the bench's mix; --fresh shows what the caches do not cover
    figures.push({ bench: 'soak', measure: `${mix}, ${CLIENTS} clients: ${kind} p95`, value: pct(list, 95), unit: ' ms', ...(short && !FRESH ? { target: { op: '<=' as const, value: 100 } } : {}) });
  }
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(`RSS MB every 5 s: ${rss.map((r) => r.mb.toFixed(0)).join(' ')}`);
  console.log(`RSS after the warm-up (from ${(DURATION_S / 5).toFixed(0)} s): ${warm[0]?.mb.toFixed(0)} -> ${warm[warm.length - 1]?.mb.toFixed(0)} MB (x${rssGrowth.toFixed(2)})`);
  figures.push({ bench: 'soak', measure: `${mix}: errors`, value: errorCount, unit: '', target: { op: '<=', value: 0 } });
  figures.push({ bench: 'soak', measure: `${mix}: RSS end / RSS after warm-up`, value: rssGrowth, unit: 'x', target: { op: '<=', value: 1.1 } });
  recordFigures(figures);
  printAims(figures, 1);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
