// Without the cached artefact the server still starts at once and serves the Natural Earth map:
// tiles are 204 and not to be cached while a child process builds the artefact, then real tiles.
// (Its own cache folder: the real build runs here, ~10 s and ~0.9 GB in the child.)
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startDetailedBasemap } from '../../../src/server/basemap/detailSource.ts';
import { makeFakeDist, rawRequest, startServer } from '../helpers.ts';
import { tileAt } from './tiles.ts';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'basemap-cache-'));
const dist = makeFakeDist();
afterAll(() => {
  rmSync(cacheDir, { recursive: true, force: true });
  dist.cleanup();
});

it('serves Natural Earth while the detailed land is built in the background, then its tiles', async () => {
  const errors: unknown[] = [];
  // First caller wins: the server's own start (default cache folder) is then a no-op.
  startDetailedBasemap((error) => errors.push(error), cacheDir);
  const server = await startServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}' });
  try {
    const get = (target: string) => rawRequest(server.port, 'GET', target);
    const tile = `/maps/basemap/tiles/${tileAt(99.962, 12.57, 14).join('/')}.pbf`;
    const early = await get(tile);
    expect(early.status).toBe(204);
    expect(early.headers['cache-control']).toBe('no-store');
    const started = performance.now();
    expect((await get('/maps/basemap/style.json')).status).toBe(200);
    expect((await get('/maps/basemap/land.geojson')).status).toBe(200);
    expect(performance.now() - started).toBeLessThan(2000); // the build is in another process
    let status = 204;
    for (let i = 0; i < 120 && status !== 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      status = (await get(tile)).status;
    }
    expect(status).toBe(200);
    expect(errors).toEqual([]);
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^countries-land-10m-[\d.]+-f\d+\.geojson$/)]); // no temp file, no lock left
  } finally {
    await server.close();
  }
}, 90_000);
