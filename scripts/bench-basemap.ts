// Tile latency and sizes of the offline base map's detailed land (issue 13 item 4), over HTTP on
// loopback, one request at a time, as a browser asks (Accept-Encoding: gzip). The tiles: those
// holding 60 points of Thailand's coast (vertices of the artefact's Thai land, fixed seed) at
// every zoom 8..14, in shuffled order. "first" is each tile's first request in a fresh server
// (cut by geojson-vt, encoded, gzipped), "warm" the same tiles asked again (--rounds times).
// Also prints what loading the artefact costs (read, parse, index) and how long after the server
// is created its tiles are ready.
//
//   npx tsx scripts/bench-basemap.ts [--points 60] [--rounds 3]
import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import type { Position } from 'geojson';
import { createAppServer } from '../src/server/app.ts';
import { DETAIL_FILE, readDetailCollectionSync } from '../src/server/basemap/detailBuild.ts';
import { detailTiles } from '../src/server/basemap/detailSource.ts';
import { DetailTiles } from '../src/server/basemap/detailTiles.ts';
import { recordFigures } from './lib/benchResult.ts';

const { values } = parseArgs({ options: { points: { type: 'string', default: '60' }, rounds: { type: 'string', default: '3' } } });

/** mulberry32: the same tiles on every run. */
function random(seed = 13): () => number {
  let s = seed;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function tileAt([lon = 0, lat = 0]: Position, z: number): string {
  const n = 2 ** z;
  const rad = (lat * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return `${z}/${x}/${y}`;
}

// Coast points: vertices of Thailand's outer rings away from the box edges (those are cut lines).
const land = readDetailCollectionSync();
const coast = land.features
  .filter((f) => f.properties.kind === 'land' && f.properties.a3 === 'THA')
  .flatMap((f) => (f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates).map((polygon) => polygon[0] ?? []))
  .flat()
  .filter(([lon = 0, lat = 0]) => lon > 97.1 && lon < 105.9 && lat > 5.1 && lat < 20.9);
const rand = random();
const points = Array.from({ length: Number(values.points) }, () => coast[Math.floor(rand() * coast.length)]!);
const tiles = [...new Set(points.flatMap((p) => [8, 9, 10, 11, 12, 13, 14].map((z) => tileAt(p, z))))].sort(() => rand() - 0.5);

// What loading costs the server (it does this once, in the background after start).
const loadStart = performance.now();
new DetailTiles(readDetailCollectionSync());
const loadMs = performance.now() - loadStart;

const startedAt = performance.now();
const server: Server = createAppServer({ basePath: '/maps', product: 'tcs', distDir: tmpdir(), clientConfigJson: '{}', log: () => {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
while (!detailTiles()) await new Promise((resolve) => setTimeout(resolve, 10));
const readyMs = performance.now() - startedAt;
const port = (server.address() as AddressInfo).port;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

interface Answer {
  status: number;
  ms: number;
  bytes: number;
}

function get(tile: string, gzip: boolean): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const headers = gzip ? { 'Accept-Encoding': 'gzip' } : {};
    const req = httpRequest({ host: '127.0.0.1', port, agent, path: `/maps/basemap/tiles/${tile}.pbf`, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sortedOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);

const first: Answer[] = [];
for (const tile of tiles) first.push(await get(tile, true));
const warm: Answer[] = [];
for (let round = 0; round < Number(values.rounds); round++) for (const tile of tiles) warm.push(await get(tile, true));
const raw: Answer[] = [];
for (const tile of tiles) raw.push(await get(tile, false));
server.close();
agent.destroy();

const firstMs = sortedOf(first.map((a) => a.ms));
const warmMs = sortedOf(warm.map((a) => a.ms));
const filled = raw.map((a, i) => ({ raw: a.bytes, gzip: first[i]!.bytes, status: a.status })).filter((a) => a.status === 200);
const rawBytes = sortedOf(filled.map((a) => a.raw));
const gzipBytes = sortedOf(filled.map((a) => a.gzip));
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

console.log(`artefact ${DETAIL_FILE}: read, gunzip, parse and index ${loadMs.toFixed(0)} ms; server created to tiles ready ${readyMs.toFixed(0)} ms`);
console.log(`${tiles.length} tiles z8..14 from ${points.length} coast points; ${filled.length} with data, ${raw.length - filled.length} empty (204)`);
console.log(`first request: p50 ${percentile(firstMs, 50).toFixed(2)} ms, p95 ${percentile(firstMs, 95).toFixed(2)} ms, max ${firstMs.at(-1)!.toFixed(1)} ms`);
console.log(`warm (${values.rounds} rounds): p50 ${percentile(warmMs, 50).toFixed(2)} ms, p95 ${percentile(warmMs, 95).toFixed(2)} ms, max ${warmMs.at(-1)!.toFixed(1)} ms`);
console.log(`tile bytes raw: mean ${mean(rawBytes).toFixed(0)}, p95 ${percentile(rawBytes, 95)}, max ${rawBytes.at(-1)}`);
console.log(`tile bytes as sent with gzip: mean ${mean(gzipBytes).toFixed(0)}, p95 ${percentile(gzipBytes, 95)}, max ${gzipBytes.at(-1)}`);
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${availableParallelism()} cores`);

recordFigures([
  { bench: 'basemap', measure: 'artefact load', value: loadMs, unit: 'ms' },
  { bench: 'basemap', measure: 'tile first request p95', value: percentile(firstMs, 95), unit: 'ms' },
  { bench: 'basemap', measure: 'tile warm p95', value: percentile(warmMs, 95), unit: 'ms' },
  { bench: 'basemap', measure: 'tile size p95 (gzip)', value: percentile(gzipBytes, 95), unit: 'B' },
]);
