// `npm run bench:mapserver` (issue 13 items 1 and 5): our OGC server against MapServer 8 on the same
// PostGIS table, with ../shared/bench/mapserver (skipped, saying so, when that folder is absent).
// For each of our engines (PostgreSQL: the bench's own database; PGlite: the same synthetic table
// loaded into the test sample), our server is started by bench-server.ts --serve, then
//   1. a visual diff: the first TILES GetMap tiles of the bench's request list from both servers,
//      decoded, and the mean absolute difference per RGBA channel (0-255) over all their pixels, plus
//      the share of pixels whose coverage (alpha) differs by more than a quarter;
//   2. the bench's A/B run (bench.mjs: A = MapServer, B = ours; WMS tiles and WFS GeoJSON, c=1 and 4).
// --fair additionally runs the PostgreSQL A/B with max_parallel_workers_per_gather = 0 for the
// whole bench server, so that MapServer's queries get no parallel workers either (ours never ask for
// them: src/server/db/postgres.ts); the setting is reset afterwards.
//
//   npx tsx scripts/bench-mapserver.ts [--db pg,pglite] [--duration 8] [--fair]
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PNG } from 'pngjs';
import { recordFigures, type BenchFigure } from './lib/benchResult.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BENCH_DIR = path.resolve(ROOT, '..', 'shared', 'bench', 'mapserver');
const BENCH_DB = 'postgres://postgres@127.0.0.1:55433/gis';
const PORT = 18100; // tile cache on; PORT + 1: tile cache off (what GetMap is measured on)
const TILES = 40;
const WMS = `http://127.0.0.1:${PORT + 1}/geoserver/tcs_postgres/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=tcs:bench_lines&STYLES=&SRS=EPSG:3857&BBOX={bbox}&WIDTH={width}&HEIGHT={height}&FORMAT=image/png&TRANSPARENT=TRUE`;
const WFS = `http://127.0.0.1:${PORT}/geoserver/tcs_postgres/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:bench_lines&COUNT={count}&BBOX={bbox4326yx},urn:ogc:def:crs:EPSG::4326&OUTPUTFORMAT=application/json`;
/** The aims of issue 13: B/A req/s at least this. */
const AIMS: Record<string, number> = { 'wms:c1': 1.5, 'wms:c4': 1.5, 'wfs:c1': 2.5, 'wfs:c4': 2 };

const { values: opt } = parseArgs({
  options: { db: { type: 'string', default: 'pg,pglite' }, duration: { type: 'string', default: '8' }, fair: { type: 'boolean', default: false } },
});

function run(command: string, args: string[], cwd: string): void {
  const r = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${r.status}`);
}

async function startOurs(engine: 'pg' | 'pglite'): Promise<ChildProcess> {
  const args = ['--import', 'tsx', 'scripts/bench-server.ts', '--db', engine, '--serve', '--synthetic', '--only', 'none', '--port', String(PORT)];
  const env = { ...process.env };
  if (engine === 'pg') {
    args.push('--no-seed');
    env.DATABASE_URL = BENCH_DB;
  } else delete env.DATABASE_URL;
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench-server.ts exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (chunk.toString().includes('serving http')) resolve();
    });
  });
  return child;
}

async function stopOurs(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

async function png(url: string): Promise<PNG> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  return PNG.sync.read(Buffer.from(await res.arrayBuffer()));
}

/** Mean |difference| per RGBA channel over all pixels of the first TILES tiles, and the share of pixels whose alpha differs by > 64. */
async function visualDiff(): Promise<{ mean: number; coverage: number }> {
  const listed = spawnSync(process.execPath, ['bench.mjs', '--a', 'mapserver', '--print-urls'], { cwd: BENCH_DIR, encoding: 'utf8' });
  const urls = listed.stdout.split('\n').filter((u) => u.includes('REQUEST=GetMap')).slice(0, TILES);
  let sum = 0;
  let pixels = 0;
  let uncovered = 0;
  for (const url of urls) {
    const query = new URL(url).searchParams;
    const ours = WMS.replace('{bbox}', query.get('BBOX')!).replace('{width}', query.get('WIDTH')!).replace('{height}', query.get('HEIGHT')!);
    const [a, b] = await Promise.all([png(url), png(ours)]);
    if (a.width !== b.width || a.height !== b.height) throw new Error(`tile sizes differ: ${url}`);
    for (let i = 0; i < a.data.length; i += 4) {
      for (let c = 0; c < 4; c++) sum += Math.abs(a.data[i + c]! - b.data[i + c]!);
      if (Math.abs(a.data[i + 3]! - b.data[i + 3]!) > 64) uncovered++;
      pixels++;
    }
  }
  return { mean: sum / (pixels * 4), coverage: uncovered / pixels };
}

async function abRun(name: string): Promise<Record<string, { ratio: { rps: number } }>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ms-'));
  const json = path.join(dir, 'ab.json');
  try {
    run(process.execPath, ['bench.mjs', '--a', 'mapserver', '--name-b', name, '--b', WMS, '--b', WFS, '--duration', opt.duration, '--rounds', '1', '--json', json], BENCH_DIR);
    return (JSON.parse(readFileSync(json, 'utf8')) as { summary: Record<string, { ratio: { rps: number } }> }).summary;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function setParallelGather(value: number | null): Promise<void> {
  const client = new pg.Client({ connectionString: BENCH_DB });
  await client.connect();
  try {
    await client.query(value === null ? 'ALTER SYSTEM RESET max_parallel_workers_per_gather' : `ALTER SYSTEM SET max_parallel_workers_per_gather = ${Number(value)}`);
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

function figuresOf(label: string, summary: Record<string, { ratio: { rps: number } }>): BenchFigure[] {
  return Object.entries(summary).map(([key, s]) => ({
    bench: 'mapserver',
    measure: `${label} ${key.replace('wms', 'GetMap').replace('wfs', 'WFS 1000 features')} req/s vs MapServer`,
    value: s.ratio.rps,
    unit: 'x',
    ...(AIMS[key] ? { target: { op: '>=' as const, value: AIMS[key]! } } : {}),
  }));
}

if (!existsSync(path.join(BENCH_DIR, 'bench.mjs'))) {
  console.log(`skipped: no MapServer bench at ${BENCH_DIR}`);
  process.exit(0);
}
run('./setup.sh', [], BENCH_DIR);
if (!existsSync(path.join(BENCH_DIR, 'node_modules', 'autocannon'))) run('npm', ['ci', '--no-audit', '--no-fund'], BENCH_DIR);

for (const engine of opt.db.split(',') as Array<'pg' | 'pglite'>) {
  const label = engine === 'pg' ? 'PostgreSQL' : 'PGlite';
  const ours = await startOurs(engine);
  try {
    const diff = await visualDiff();
    console.log(`${label}: visual diff over ${TILES} tiles: mean |difference| ${diff.mean.toFixed(2)} of 255 per channel, coverage differs on ${(diff.coverage * 100).toFixed(2)} % of pixels`);
    const figures: BenchFigure[] = [{ bench: 'mapserver', measure: `${label} GetMap mean pixel difference from MapServer's tile (RGBA, 0-255)`, value: diff.mean, unit: '' }];
    figures.push(...figuresOf(`${label}, bench as set up:`, await abRun(`tcs-${engine}`)));
    if (engine === 'pg' && opt.fair) {
      await setParallelGather(0);
      try {
        figures.push(...figuresOf(`${label}, no parallel query for either:`, await abRun('tcs-pg-fair')));
      } finally {
        await setParallelGather(null);
      }
    }
    recordFigures(figures);
  } finally {
    await stopOurs(ours);
  }
}
