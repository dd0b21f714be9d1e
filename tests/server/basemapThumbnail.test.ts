// Issue 11 defect: base-map thumbnails were flat colour blocks. Each base map of config/app.yaml
// has /maps/basemap/thumbnail/{id}.png: the Gulf of Thailand drawn from our offline land in the
// map's `thumbnail` colours, cached with ETag; an unknown id is a 404.
import { readFileSync } from 'node:fs';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { BasemapDef } from '../../src/engine/types.ts';
import { DEFAULT_PALETTE, THUMBNAIL_BBOX, THUMBNAIL_SIZE } from '../../src/server/basemap/thumbnail.ts';
import { makeFakeDist, rawRequest, startServer } from './helpers.ts';

const basemaps = (parse(readFileSync(new URL('../../config/app.yaml', import.meta.url), 'utf8')) as { basemaps: BasemapDef[] }).basemaps;
const LAND = [102.0, 13.5]; // eastern Thailand
const SEA = [101.0, 10.0]; // the Gulf

let port = 0;
let stop: () => Promise<void>;
let cleanup: () => void;
beforeAll(async () => {
  const dist = makeFakeDist();
  cleanup = dist.cleanup;
  const server = await startServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: JSON.stringify({ app: { basemaps } }) });
  port = server.port;
  stop = server.close;
});
afterAll(async () => {
  await stop();
  cleanup();
});

const get = (target: string, headers: Record<string, string> = {}) => rawRequest(port, 'GET', target, headers);

async function pixelAt(png: Buffer, [lon = 0, lat = 0]: number[]): Promise<number[]> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const [x0, y0, x1, y1] = THUMBNAIL_BBOX;
  const x = Math.round(((lon - x0) / (x1 - x0)) * image.width);
  const y = Math.round(((y1 - lat) / (y1 - y0)) * image.height);
  return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 2);

describe('GET /maps/basemap/thumbnail/{id}.png', () => {
  it.each(basemaps.map((b) => [b.id, b] as const))('%s: a 240x128 PNG of land and sea in its colours', async (_id, basemap) => {
    const answer = await get(`/maps/basemap/thumbnail/${basemap.id}.png`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const image = await loadImage(answer.body);
    expect([image.width, image.height]).toEqual([THUMBNAIL_SIZE.width, THUMBNAIL_SIZE.height]);
    const palette = { ...DEFAULT_PALETTE, ...basemap.thumbnail };
    expect(near(await pixelAt(answer.body, LAND), rgb(palette.land)), `land ${await pixelAt(answer.body, LAND)}`).toBe(true);
    expect(near(await pixelAt(answer.body, SEA), rgb(palette.sea)), `sea ${await pixelAt(answer.body, SEA)}`).toBe(true);
  });

  it('differs between base maps, answers 304 to its ETag, and 404 for an unknown id or name', async () => {
    const osm = await get('/maps/basemap/thumbnail/openstreetmap.png');
    const dark = await get('/maps/basemap/thumbnail/cartoDarkMatter.png');
    expect(osm.body.equals(dark.body)).toBe(false);
    expect(osm.headers['cache-control']).toBe('public, max-age=86400');
    expect((await get('/maps/basemap/thumbnail/openstreetmap.png', { 'If-None-Match': osm.headers.etag ?? '' })).status).toBe(304);
    for (const file of ['nosuchmap.png', 'openstreetmap.jpg', 'openstreetmap']) {
      expect((await get(`/maps/basemap/thumbnail/${file}`)).status, file).toBe(404);
    }
    expect((await get('/maps/basemap/thumbnail/..%2Fstyle.json')).status).toBe(400); // an encoded slash never reaches a route
  });
});
