import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import type { FeatureCollection, Position } from 'geojson';
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { loadImage, createCanvas } from '@napi-rs/canvas';
import { parse } from 'yaml';
import type { BasemapDef } from '../../src/engine/types.ts';
import { minimapBbox } from '../../src/server/basemap/minimap.ts';
import { latToMercY, lonToMercX } from '../../src/server/ogc/render/projection.ts';
import { LAND_COLOR, SEA_COLOR, THAILAND_COLOR } from '../../src/server/basemap/style.ts';
import { DEFAULT_PALETTE, THUMBNAIL_BBOX, THUMBNAIL_SIZE } from '../../src/server/basemap/thumbnail.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFakeDist, rawRequest, startServer } from './helpers.ts';

const BANGKOK = [100.5018, 13.7563];
const GULF_OF_THAILAND = [101.0, 10.0];
const ANDAMAN_SEA = [96.0, 10.0];

const basemaps = (parse(readFileSync(new URL('../../config/app.yaml', import.meta.url), 'utf8')) as { basemaps: BasemapDef[] }).basemaps;
const LAND = [102.0, 13.5]; // eastern Thailand

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

/** Even-odd ray casting over all rings of a polygon, so holes count as outside. */
function polygonContains(rings: Position[][], [x = 0, y = 0]: number[]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi = 0, yi = 0] = ring[i]!;
      const [xj = 0, yj = 0] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/** Names of the country features whose polygons contain the point. */
function countriesAt(land: FeatureCollection, point: number[]): string[] {
  return land.features
    .filter((f) => f.geometry.type === 'MultiPolygon' && f.geometry.coordinates.some((polygon) => polygonContains(polygon, point)))
    .map((f) => String(f.properties?.name));
}

describe('GET /maps/basemap/style.json', () => {
  it('is a valid, self-contained MapLibre style over our land data', async () => {
    const res = await get('/maps/basemap/style.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    const style = JSON.parse(res.body.toString('utf8'));
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.version).toBe(8);
    expect(style).not.toHaveProperty('glyphs');
    expect(style).not.toHaveProperty('sprite');
    expect(style.sources.land).toMatchObject({ type: 'geojson', data: '/maps/basemap/land.geojson' });
    expect(style.layers.map((layer: { type: string }) => layer.type)).toEqual(['background', 'fill', 'fill', 'fill', 'fill', 'fill', 'line']);
  });

  it('builds the data URL from the base path', async () => {
    const dist = makeFakeDist();
    const other = await startServer({ basePath: '/atlas/', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}' });
    try {
      const style = JSON.parse((await rawRequest(other.port, 'GET', '/atlas/basemap/style.json')).body.toString('utf8'));
      expect(style.sources.land.data).toBe('/atlas/basemap/land.geojson');
    } finally {
      await other.close();
      dist.cleanup();
    }
  });
});

describe('GET /maps/basemap/land.geojson', () => {
  let land: FeatureCollection;
  let rawSize = 0;

  beforeAll(async () => {
    const res = await get('/maps/basemap/land.geojson');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/geo+json');
    rawSize = res.body.length;
    land = JSON.parse(res.body.toString('utf8'));
  });

  it('is a small FeatureCollection of countries and borders', () => {
    expect(land.type).toBe('FeatureCollection');
    expect(rawSize).toBeLessThan(1.5 * 1024 * 1024);
    const names = land.features.map((f) => f.properties?.name ?? f.properties?.kind);
    expect(names).toEqual(expect.arrayContaining(['Thailand', 'Myanmar', 'Laos', 'Cambodia', 'Vietnam', 'Malaysia', 'border']));
  });

  it('keeps only the region around Thailand', () => {
    const points = land.features.flatMap((f) => (f.geometry.type === 'MultiPolygon' ? f.geometry.coordinates.flat(2) : []));
    const lons = points.map(([lon = 0]) => lon);
    const lats = points.map(([, lat = 0]) => lat);
    expect([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]).toEqual([90, -2, 112, 25]);
  });

  it('covers Bangkok with Thailand and leaves the seas open', () => {
    expect(countriesAt(land, BANGKOK)).toEqual(['Thailand']);
    expect(countriesAt(land, GULF_OF_THAILAND)).toEqual([]);
    expect(countriesAt(land, ANDAMAN_SEA)).toEqual([]);
  });

  it('is served gzipped with ETag and 304', async () => {
    const zipped = await get('/maps/basemap/land.geojson', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe('public, max-age=3600');
    expect(zipped.body.length).toBeLessThan(rawSize / 2);
    expect(gunzipSync(zipped.body).length).toBe(rawSize);
    const again = await get('/maps/basemap/land.geojson', { 'Accept-Encoding': 'gzip', 'If-None-Match': zipped.headers.etag ?? '' });
    expect(again.status).toBe(304);
  });
});

// Issue 11 defect: base-map thumbnails were flat colour blocks. Each base map of config/app.yaml
// has /maps/basemap/thumbnail/{id}.png: the Gulf of Thailand drawn from our offline land in the
// map's `thumbnail` colours, cached with ETag; an unknown id is a 404.
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
    expect(near(await pixelAt(answer.body, GULF_OF_THAILAND), rgb(palette.sea)), `sea ${await pixelAt(answer.body, GULF_OF_THAILAND)}`).toBe(true);
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

// SPEC.md §9 / issue 29 aim 6: the proposal PDF's location minimap, 80 x 80 at zoom 3 (160 px for
// print), drawn here in the offline base map's colours with the point marked at its centre, so the
// visitor's page does not make a MapLibre map for it.
describe('GET /maps/basemap/minimap.png', () => {
  const START = [100.523186, 13.736717]; // SPEC.md §9's default map centre, Bangkok
  const minimapPixel = async (png: Buffer, [lon = 0, lat = 0]: number[]) => {
    const image = await loadImage(png);
    const ctx = createCanvas(image.width, image.height).getContext('2d');
    ctx.drawImage(image, 0, 0);
    const [x0, y0, x1, y1] = minimapBbox(START[0]!, START[1]!);
    const mx = lonToMercX(lon);
    const my = latToMercY(lat);
    const x = Math.floor(((mx - x0) / (x1 - x0)) * image.width);
    const y = Math.floor(((y1 - my) / (y1 - y0)) * image.height);
    return [...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)];
  };

  it('a 160 px PNG around the point: Thailand tinted, its neighbours and the sea in the style colours, the marker at the centre', async () => {
    const answer = await get(`/maps/basemap/minimap.png?lon=${START[0]}&lat=${START[1]}&marker=d73027`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    const image = await loadImage(answer.body);
    expect([image.width, image.height]).toEqual([160, 160]);
    // MapLibre shows 80 px at zoom 3 as ~7 degrees of longitude
    const [x0, , x1] = minimapBbox(START[0]!, START[1]!);
    expect(((x1 - x0) / lonToMercX(180)) * 180).toBeCloseTo(7.03, 2);
    const checks: [string, number[], string][] = [
      ['marker', START, '#d73027'],
      ['Thailand (Nakhon Ratchasima)', [102.1, 15.0], THAILAND_COLOR],
      ['Cambodia (Battambang)', [103.2, 13.0], LAND_COLOR],
      ['the Gulf of Thailand', [100.8, 12.0], SEA_COLOR],
    ];
    for (const [what, at, colour] of checks) {
      const pixel = await minimapPixel(answer.body, at);
      expect(near(pixel, rgb(colour)), `${what}: ${pixel}`).toBe(true);
    }
    expect((await get(`/maps/basemap/minimap.png?lon=${START[0]}&lat=${START[1]}&marker=d73027`, { 'If-None-Match': answer.headers.etag ?? '' })).status).toBe(304);
  });

  it.each([
    ['no lat', 'lon=100.5&marker=d73027', 'lat'],
    ['a latitude off the map', 'lon=100.5&lat=89&marker=d73027', 'lat'],
    ['a longitude that is not a number', 'lon=east&lat=13&marker=d73027', 'lon'],
    ['a marker that is not RRGGBB', 'lon=100.5&lat=13&marker=red', 'marker'],
    ['no marker', 'lon=100.5&lat=13', 'marker'],
  ])('%s is a 400 that names the parameter', async (_what, query, param) => {
    const answer = await get(`/maps/basemap/minimap.png?${query}`);
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).toMatch(new RegExp(`^Bad Request: ${param} `));
  });
});
