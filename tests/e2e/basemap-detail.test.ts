// Issue 13 item 4 in the browser: at zoom 14 off Hua Hin the offline base map shows the sea
// where Natural Earth (the map before the detailed tiles) shows Thailand, and land ashore.
// The same view with the tiles withheld is the old map, so the test also shows what changed.
// Screenshots: test-results/basemap-detail/.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, providerApiPatterns, type BrowserSession } from './support/app.ts';
import { describeProblems, DESKTOP, waitForMapIdle } from './support/browser.ts';
import { ROOT_DIR, startApp, type RunningApp } from './support/server.ts';

const SHOTS = path.join(ROOT_DIR, 'test-results', 'basemap-detail');
/** ~500 m off the beach north of Hua Hin town: sea in OpenStreetMap, land in Natural Earth. */
const VIEW = 'cmline?v=1&c=99.9620,12.5900&z=14&bm=offline';
const SEA = [207, 230, 242]; // #cfe6f2
const THAILAND = [251, 244, 225]; // #fbf4e1

/** The colour of the map canvas at a fraction of its width and height. */
function pixelAt(page: Page, fx: number, fy: number): Promise<number[]> {
  return page.locator('[data-testid="map"] canvas.maplibregl-canvas').first().evaluate(
    async (canvas: HTMLCanvasElement, [x, y]) => {
      const img = new Image();
      img.src = canvas.toDataURL('image/png');
      await img.decode();
      const copy = document.createElement('canvas');
      [copy.width, copy.height] = [img.width, img.height];
      const ctx = copy.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      return [...ctx.getImageData(Math.round(x! * img.width), Math.round(y! * img.height), 1, 1).data.slice(0, 3)];
    },
    [fx, fy],
  );
}

const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 3);

let app: RunningApp;
let s: BrowserSession;

beforeAll(async () => {
  app = await startApp();
  // The server loads the detailed land in the background; wait for a real tile.
  for (let i = 0; i < 100 && (await fetch(`${app.origin}/maps/basemap/tiles/14/12741/7614.pbf`)).status !== 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  s = await openSession(DESKTOP);
});

afterAll(async () => {
  await s?.close();
  await app?.close();
});

describe('offline base map at zoom 14 on the coast', () => {
  it('shows the sea off Hua Hin and the land ashore', async () => {
    await s.page.goto(app.url(VIEW));
    await waitForMapIdle(s.page);
    await s.page.screenshot({ path: path.join(SHOTS, 'hua-hin-z14.png') });
    const centre = await pixelAt(s.page, 0.5, 0.5);
    expect(near(centre, SEA), `centre ${centre}`).toBe(true);
    const ashore = await pixelAt(s.page, 0.05, 0.5); // ~2 km west, in Hua Hin district
    expect(near(ashore, THAILAND), `ashore ${ashore}`).toBe(true);
    expect(describeProblems(s.log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
  });

  it('without the detailed tiles it is the old map, with land at the same spot', async () => {
    await s.page.route('**/basemap/tiles/**', (route) => route.fulfill({ status: 204 }));
    try {
      await s.page.goto(app.url(VIEW));
      await waitForMapIdle(s.page);
      await s.page.screenshot({ path: path.join(SHOTS, 'hua-hin-z14-natural-earth.png') });
      const centre = await pixelAt(s.page, 0.5, 0.5);
      expect(near(centre, THAILAND), `centre ${centre}`).toBe(true);
    } finally {
      await s.page.unroute('**/basemap/tiles/**');
    }
  });
});
