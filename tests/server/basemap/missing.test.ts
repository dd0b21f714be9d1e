// Without a readable detailed land (a broken checkout) the server still starts and serves the
// Natural Earth map: detailed tiles are 204 and not to be cached, and the error is reported once.
// (The real clip loads in tests/server/basemap/detail.test.ts.)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startDetailedBasemap } from '../../../src/server/basemap/detailSource.ts';
import { makeFakeDist, rawRequest, startServer } from '../helpers.ts';
import { tileAt } from './tiles.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'basemap-broken-'));
const dist = makeFakeDist();
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  dist.cleanup();
});

it('serves Natural Earth and 204 tiles (no-store) when the detailed land cannot be read', async () => {
  const broken = path.join(dir, 'land-detail.geojson.gz');
  writeFileSync(broken, 'not gzip');
  const errors: unknown[] = [];
  // First caller wins: the server's own start (the committed clip) is then a no-op.
  startDetailedBasemap((error) => errors.push(error), broken);
  const server = await startServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}' });
  try {
    const get = (target: string) => rawRequest(server.port, 'GET', target);
    expect((await get('/maps/basemap/style.json')).status).toBe(200);
    expect((await get('/maps/basemap/land.geojson')).status).toBe(200);
    const tile = await get(`/maps/basemap/tiles/${tileAt(99.962, 12.57, 14).join('/')}.pbf`);
    expect(tile.status).toBe(204);
    expect(tile.headers['cache-control']).toBe('no-store');
    expect(errors).toHaveLength(1);
  } finally {
    await server.close();
  }
});
