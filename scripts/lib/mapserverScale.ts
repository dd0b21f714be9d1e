// bench:mapserver at `--scale N` (issue 29 aim 3): the bench's PostgreSQL gets a database
// gis_x<N> holding bench_lines grown N times in the same extent (scripts/lib/syntheticLines.ts),
// and MapServer a mapfile /tmp/bench-ms/x<N>.map on it (selected per request with map=, as
// ../shared/bench/mapserver/README.md describes). Scale 1 is the bench as set up (database gis).
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { syntheticRows, syntheticScript } from './syntheticLines.ts';

const SERVER = 'postgres://postgres@127.0.0.1:55433';
const MAPSERV = 'http://127.0.0.1:18090/mapserv';

export const benchDatabase = (scale: number): string => (scale === 1 ? 'gis' : `gis_x${scale}`);
export const benchDatabaseUrl = (scale: number): string => `${SERVER}/${benchDatabase(scale)}`;
const mapfile = (scale: number) => `/tmp/bench-ms/x${scale}.map`;

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates gis_x<scale> with the grown table unless it is there with every row; renders its mapfile. */
export async function ensureScaledBench(scale: number, benchDir: string, log: (line: string) => void): Promise<void> {
  if (scale === 1) return;
  const name = benchDatabase(scale);
  const exists = await withClient(`${SERVER}/gis`, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
  if (!exists) await withClient(`${SERVER}/gis`, (c) => c.query(`CREATE DATABASE ${name}`));
  await withClient(benchDatabaseUrl(scale), async (c) => {
    await c.query('CREATE EXTENSION IF NOT EXISTS postgis');
    // two queries: a count in the same statement would be planned, and fail, without the table
    const { rows: found } = await c.query<{ t: string | null }>("SELECT to_regclass('bench_lines')::text AS t");
    const rows = found[0]?.t ? (await c.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_lines')).rows : [];
    if (rows[0]?.n === syntheticRows(scale)) return;
    const t = performance.now();
    await c.query(syntheticScript(scale));
    await c.query('VACUUM ANALYZE bench_lines');
    log(`loaded ${name}.bench_lines (${syntheticRows(scale).toLocaleString('en')} lines) in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  });
  const r = spawnSync('./make-mapfile.sh', [mapfile(scale)], { cwd: benchDir, env: { ...process.env, PGDATABASE: name, PG_CONNECTION: '' }, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`make-mapfile.sh: ${r.stderr}`);
}

/** bench.mjs --a arguments for MapServer on the table at `scale`. */
export function mapserverTargets(scale: number): string[] {
  if (scale === 1) return ['mapserver'];
  const base = `${MAPSERV}?map=${mapfile(scale)}&`;
  return [
    `${base}SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS={layer}&STYLES=&SRS=EPSG:3857&BBOX={bbox}&WIDTH={width}&HEIGHT={height}&FORMAT=image/png&TRANSPARENT=TRUE`,
    `${base}SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES={layer}&COUNT={count}&BBOX={bbox4326yx},urn:ogc:def:crs:EPSG::4326&OUTPUTFORMAT=geojson`,
  ];
}

/** A MapServer URL of the scale-1 request list pointed at the table at `scale`. */
export function atScale(url: string, scale: number): string {
  return scale === 1 ? url : url.replace(`${MAPSERV}?`, `${MAPSERV}?map=${mapfile(scale)}&`);
}

/** Sets (or, with null, resets) max_parallel_workers_per_gather for the whole bench server. */
export async function setParallelGather(value: number | null): Promise<void> {
  await withClient(`${SERVER}/gis`, async (c) => {
    await c.query(value === null ? 'ALTER SYSTEM RESET max_parallel_workers_per_gather' : `ALTER SYSTEM SET max_parallel_workers_per_gather = ${Number(value)}`);
    await c.query('SELECT pg_reload_conf()');
  });
}
