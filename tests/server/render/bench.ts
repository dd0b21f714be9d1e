/**
 * WMS renderer benchmark (not a unit test): `npx tsx tests/server/render/bench.ts [iterations]`.
 * Prints ms per 256 px EPSG:3857 tile (renderMap: draw + canvas encode('png')) for 1000 lines and
 * for 1000 polygons, split into recording the canvas calls (our JS + projection), Skia's
 * rasterisation and PNG encoding, plus tiles/s at concurrency 1 and 4.
 * BENCH_SAVE=<dir> also writes one PNG of each case there.
 */
import type { Geometry, Position } from 'geojson';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { drawMap, renderMap, styleFromLegend, type RenderFeature, type RenderRequest } from '../../../src/server/ogc/render/index.ts';
import { legendsOfConfig } from '../legendsOfConfig.ts';

const legends = legendsOfConfig();
const legendOf = (id: string) => legends.find((l) => l.id === id)!;
const N = Number(process.argv[2] ?? 100);

// A z12 tile on the Songkhla coast, in metres.
const R = 6378137;
const O = Math.PI * R;
const Z = 12;
const TX = Math.floor(((100.6 + 180) / 360) * 2 ** Z);
const TY = Math.floor(((1 - Math.asinh(Math.tan((7.2 * Math.PI) / 180)) / Math.PI) / 2) * 2 ** Z);
const SIZE = (2 * O) / 2 ** Z;
const BBOX = [-O + TX * SIZE, O - (TY + 1) * SIZE, -O + (TX + 1) * SIZE, O - TY * SIZE] as const;
/** Tile pixel (0..256) to lon/lat, so the renderer does the real projection work. */
const lonLat = (px: number, py: number): Position => {
  const mx = BBOX[0] + (px / 256) * SIZE;
  const my = BBOX[3] - (py / 256) * SIZE;
  return [(mx / R) * (180 / Math.PI), (2 * Math.atan(Math.exp(my / R)) - Math.PI / 2) * (180 / Math.PI)];
};

let seed = 42;
const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const EPR = [-6, -3, -0.5, 0, 0.5, 3, 7];
const LU = ['A1', 'A3', 'F3', 'M6', 'U1', 'U2', 'W1', 'W2'];

/** 1000 random-walk lines of 20 vertices (steps of ~6 px), some leaving the tile. */
function lines(): RenderFeature[] {
  const out: RenderFeature[] = [];
  for (let i = 0; i < 1000; i++) {
    let x = rnd() * 276 - 10;
    let y = rnd() * 276 - 10;
    const coordinates: Position[] = [];
    for (let j = 0; j < 20; j++) {
      coordinates.push(lonLat(x, y));
      x += (rnd() - 0.5) * 12;
      y += (rnd() - 0.5) * 12;
    }
    out.push({ geometry: { type: 'LineString', coordinates }, properties: { epr: EPR[i % EPR.length] } });
  }
  return out;
}

/** 1000 random star-shaped polygons of 16 vertices (radius 3-15 px), every tenth with a hole. */
function polygons(): RenderFeature[] {
  const out: RenderFeature[] = [];
  for (let i = 0; i < 1000; i++) {
    const cx = rnd() * 276 - 10;
    const cy = rnd() * 276 - 10;
    const r = 3 + rnd() * 12;
    const ring = (scale: number): Position[] => {
      const pts: Position[] = [];
      for (let k = 0; k < 16; k++) {
        const a = (k / 16) * 2 * Math.PI;
        const rr = r * scale * (0.7 + 0.3 * rnd());
        pts.push(lonLat(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr));
      }
      pts.push(pts[0]!);
      return pts;
    };
    const coordinates = i % 10 === 0 ? [ring(1), ring(0.4)] : [ring(1)];
    out.push({ geometry: { type: 'Polygon', coordinates } as Geometry, properties: { lul2_code: LU[i % LU.length] } });
  }
  return out;
}

function req(features: RenderFeature[], legendId: string): RenderRequest {
  return { width: 256, height: 256, bbox: BBOX, crs: 'EPSG:3857', transparent: true, layers: [{ features, style: styleFromLegend(legendOf(legendId)) }] };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

async function bench(name: string, r: RenderRequest): Promise<void> {
  for (let i = 0; i < 10; i++) await renderMap(r); // warm up
  // 1. what the server does: renderMap = draw + encode('png')
  const total: number[] = [];
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    bytes = (await renderMap(r)).length;
    total.push(performance.now() - t0);
  }
  // CPU time of the whole process (all threads) per tile: much less sensitive to other load than wall time
  const cpu = cpuMs(process.cpuUsage(cpu0)) / N;
  // 2. the same split in three: the canvas records drawing calls and rasterises them lazily
  const record: number[] = [];
  const raster: number[] = [];
  const encode: number[] = [];
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const canvas = drawMap(r);
    const t1 = performance.now();
    canvas.getContext('2d').getImageData(0, 0, 1, 1); // forces rasterisation
    const t2 = performance.now();
    await canvas.encode('png');
    record.push(t1 - t0);
    raster.push(t2 - t1);
    encode.push(performance.now() - t2);
  }
  if (process.env.BENCH_SAVE) {
    const file = path.join(process.env.BENCH_SAVE, `bench-${name.replace(/\W+/g, '-')}.png`);
    writeFileSync(file, await renderMap(r));
    console.log(`  wrote ${file}`);
  }
  const rate = async (concurrency: number) => {
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < N) await renderMap(r);
      }),
    );
    return (N / (performance.now() - t0)) * 1000;
  };
  const c1 = await rate(1);
  const c4 = await rate(4);
  console.log(
    `${name}: ${mean(total).toFixed(2)} ms/tile wall (median ${median(total).toFixed(2)}, CPU ${cpu.toFixed(2)}) = ` +
      `record ${mean(record).toFixed(2)} (projection + canvas calls) + rasterise ${mean(raster).toFixed(2)} + PNG encode ${mean(encode).toFixed(2)}; ` +
      `PNG ${(bytes / 1024).toFixed(1)} KB; ${c1.toFixed(0)} tiles/s at concurrency 1, ${c4.toFixed(0)} at 4`,
  );
}

console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${cpus().length} CPUs (wall times grow with other load; CPU times much less)`);
console.log(`@napi-rs/canvas renderer, 256 px EPSG:3857 tile z${Z}/${TX}/${TY}, ${N} iterations, node ${process.version}`);
await bench('empty tile', req([], 'change-rate'));
await bench('1000 lines', req(lines(), 'change-rate'));
await bench('1000 polygons', req(polygons(), 'landuse'));
