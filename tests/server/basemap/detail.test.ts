// Issue 13 item 4: the offline base map is detailed at the coast up to zoom 14. The app server
// serves the committed clip of the real package (src/server/basemap/data/) as vector tiles, and
// the style draws them over Natural Earth from zoom 8.
import { validateStyleMin } from '@maplibre/maplibre-gl-style-spec';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeFakeDist, rawRequest, startServer } from '../helpers.ts';
import { decodeTile, featureContains, featuresOf, landShare, pointInTile, tileAt } from './tiles.ts';

/** Coastal points: the beach at Pattaya, Hua Hin and Patong (Phuket). */
const COASTS = { Pattaya: [100.877, 12.93], 'Hua Hin': [99.962, 12.57], Phuket: [98.296, 7.896] } as const;
/** Off Hua Hin, ~500 m from the shore: the sea, which Natural Earth covers with Thailand. */
const OFF_HUA_HIN = [99.962, 12.59] as const;

let port = 0;
let stop: () => Promise<void>;
let cleanup: () => void;
const get = (target: string, headers: Record<string, string> = {}) => rawRequest(port, 'GET', target, headers);
const tileUrl = ([z, x, y]: readonly number[]) => `/maps/basemap/tiles/${z}/${x}/${y}.pbf`;

beforeAll(async () => {
  const dist = makeFakeDist();
  cleanup = dist.cleanup;
  const server = await startServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}' });
  port = server.port;
  stop = server.close;
  // The server loads the artefact in the background: until then tiles are 204 and not cached.
  const probe = tileUrl(tileAt(...COASTS.Pattaya, 14));
  for (let i = 0; i < 100 && (await get(probe)).status !== 200; i++) await new Promise((resolve) => setTimeout(resolve, 100));
}, 60_000);

afterAll(async () => {
  await stop();
  cleanup();
});

describe('GET /maps/basemap/tiles/{z}/{x}/{y}.pbf', () => {
  it.each(Object.entries(COASTS))('%s: the zoom-14 tile holds Thai land and sea', async (_place, [lon, lat]) => {
    const address = tileAt(lon, lat, 14);
    const res = await get(tileUrl(address));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.mapbox-vector-tile');
    const { land, coverage } = featuresOf(decodeTile(res.body), 'land');
    expect(coverage).toHaveLength(1);
    expect(land.map((f) => f.properties.a3)).toContain('THA');
    const share = landShare(land, land[0]!.extent);
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThan(0.95);
  });

  it('draws the sea off Hua Hin where Natural Earth has land', async () => {
    const address = tileAt(...OFF_HUA_HIN, 14);
    const { land } = featuresOf(decodeTile((await get(tileUrl(address))).body), 'land');
    expect(land.some((f) => featureContains(f, pointInTile(...OFF_HUA_HIN, address, f.extent)))).toBe(false);
    const inland = [99.9, 12.59] as const; // Hua Hin district, 7 km inland
    const inlandTile = tileAt(...inland, 14);
    const inlandLand = featuresOf(decodeTile((await get(tileUrl(inlandTile))).body), 'land').land;
    expect(inlandLand.some((f) => featureContains(f, pointInTile(...inland, inlandTile, f.extent)))).toBe(true);
  });

  it('is small, gzipped with an ETag and answers 304', async () => {
    const address = tileUrl(tileAt(98.5, 12.5, 8)); // the Myeik archipelago: hundreds of islands
    const raw = await get(address);
    expect(raw.body.length).toBeLessThan(64 * 1024);
    const zipped = await get(address, { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['cache-control']).toBe('public, max-age=86400');
    expect(gunzipSync(zipped.body).equals(raw.body)).toBe(true);
    expect((await get(address, { 'If-None-Match': zipped.headers.etag ?? '' })).status).toBe(304);
  });

  it('answers 204 for a tile with nothing in it (outside the coasts of Thailand)', async () => {
    const res = await get(tileUrl(tileAt(0, 51.5, 8))); // London
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers 400 for an address that is no tile', async () => {
    for (const bad of ['15/0/0.pbf', '14/16384/0.pbf', '14/0/16384.pbf', 'a/0/0.pbf', '-1/0/0.pbf', '14/0/0.png', '14/0/0', '014/0/0.pbf x']) {
      expect((await get(`/maps/basemap/tiles/${bad.replace(' ', '%20')}`)).status, bad).toBe(400);
    }
    expect((await get('/maps/basemap/tiles/14/0.pbf')).status).toBe(400); // not index.html, as other paths under /maps
  });
});

describe('GET /maps/basemap/style.json with the detailed land', () => {
  it('validates and draws the detailed tiles over Natural Earth from zoom 8, with both attributions', async () => {
    const style = JSON.parse((await get('/maps/basemap/style.json')).body.toString('utf8'));
    expect(validateStyleMin(style)).toEqual([]);
    expect(style.sources.detail).toMatchObject({ type: 'vector', tiles: ['/maps/basemap/tiles/{z}/{x}/{y}.pbf'], minzoom: 8, maxzoom: 14 });
    expect(style.sources.detail.attribution).toBe('© OpenStreetMap contributors');
    expect(style.sources.land.attribution).toMatch(/Natural Earth/);
    const ids = style.layers.map((layer: { id: string }) => layer.id);
    expect(ids).toEqual(['sea', 'land', 'land-thailand', 'detail-coverage', 'detail-land', 'detail-land-thailand', 'country-borders']);
    for (const layer of style.layers.filter((l: { source?: string }) => l.source === 'detail')) expect(layer.minzoom).toBe(8);
  });
});
