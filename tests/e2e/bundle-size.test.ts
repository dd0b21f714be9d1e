// Issue 13: what a map page loads first. The initial JS of the built client (the entry chunk and
// the chunks it imports statically, gzip -9: scripts/lib/initialJs.ts) stays within 400 KB;
// MapLibre and the map view are not part of it but chunks dist/index.html preloads, so that they
// download alongside the shell, not after it has run. (vega loads only with a chart:
// tests/e2e/topics-charts.test.ts.) Runs in `npm test` after its build step (dist/ is then fresh).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkSources, packagesIn, pageJs, totalGzip, type ChunkSize, type PageJs } from '../../scripts/lib/initialJs.ts';
import { openSession, providerApiPatterns, type BrowserSession } from './support/app.ts';
import { describeProblems, mapCanvasStats, waitForMapIdle } from './support/browser.ts';
import { ensureBuilt, ROOT_DIR, startApp, type RunningApp } from './support/server.ts';

const BUDGET_GZIP = 400 * 1024;
const DIST = path.join(ROOT_DIR, 'dist');
/** Packages that only some pages or actions need: never in the initial JS. */
const LAZY_PACKAGES = /^(maplibre-gl|react-map-gl|@vis\.gl\/react-maplibre|@deck\.gl\/.+|@luma\.gl\/.+|vega|vega-.+|pdfmake|@rjsf\/.+)$/;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const listing = (chunks: readonly ChunkSize[]) => chunks.map((c) => `${c.file} ${kb(c.gzip)}`).join(', ');
const packagesOf = (chunks: readonly ChunkSize[]) => new Set(chunks.flatMap((c) => [...packagesIn(DIST, c.file)]));

let js: PageJs;
let app: RunningApp;
let session: BrowserSession;
beforeAll(async () => {
  await ensureBuilt();
  js = pageJs(DIST);
  [app, session] = await Promise.all([startApp(), openSession({ width: 1280, height: 800 })]);
}, 180_000);
afterAll(async () => {
  await session?.close();
  await app?.close();
});

describe('initial JS of a map page (issue 13)', () => {
  it('the entry chunk and its static imports are at most 400 KB gzip', () => {
    expect(js.initial.length).toBeGreaterThan(0);
    expect(totalGzip(js.initial), `initial JS: ${listing(js.initial)}`).toBeLessThanOrEqual(BUDGET_GZIP);
  });

  it('MapLibre, the chart, PDF and form libraries are not part of it', () => {
    expect([...packagesOf(js.initial)].filter((p) => LAZY_PACKAGES.test(p))).toEqual([]);
  });

  it("carries React's production build, also when this test run built it (vitest sets NODE_ENV=test)", () => {
    const react = js.initial.flatMap((c) => chunkSources(DIST, c.file)).filter((s) => /react-dom\/cjs\//.test(s));
    expect(react.length, 'react-dom in the initial JS').toBeGreaterThan(0);
    expect(react.filter((s) => s.includes('.development.')), 'development React').toEqual([]);
  });

  it('dist/index.html preloads the map view and MapLibre', () => {
    expect(packagesOf(js.preloaded).has('maplibre-gl'), `preloaded: ${listing(js.preloaded)}`).toBe(true);
    expect(js.preloaded.some((c) => chunkSources(DIST, c.file).some((s) => s.endsWith('src/map/MapView.tsx'))), `preloaded: ${listing(js.preloaded)}`).toBe(true);
  });

  it('in Chromium, /maps/cmline fetches MapLibre while the page is parsed, before the shell runs, and draws its map', async () => {
    const { page, log } = session;
    await page.goto(app.url('cmline'));
    await waitForMapIdle(page);
    const maplibre = readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js') && packagesIn(DIST, `assets/${f}`).has('maplibre-gl'));
    expect(maplibre.length, 'the chunks holding MapLibre').toBeGreaterThan(0);
    // Module scripts run after the parser is done (domInteractive): a chunk requested only by the
    // shell's dynamic import starts after it; a preloaded one starts before.
    const timing = await page.evaluate((files) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const starts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => files.some((f) => e.name.endsWith(`/${f}`))).map((e) => e.startTime);
      return { domInteractive: nav.domInteractive, starts };
    }, maplibre);
    expect(timing.starts.length, `requests for ${maplibre.join(', ')}`).toBe(maplibre.length);
    for (const start of timing.starts) expect(start).toBeLessThan(timing.domInteractive);
    expect((await mapCanvasStats(page)).distinctColours, 'the map canvas is not blank').toBeGreaterThanOrEqual(3);
    expect(describeProblems(log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
  });

  it("in Chromium, /maps/cmline fetches the shell's Sarabun fonts while the page is parsed, not after its first layout (vite.config.ts preloadEntryFonts), and at most 100 KB of them (issue 29: the UI subsets)", async () => {
    const { page } = session;
    await page.goto(app.url('cmline'));
    await waitForMapIdle(page);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const fonts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => /\.(ttf|otf|woff2?)$/.test(e.name));
      return { domInteractive: nav.domInteractive, fonts: fonts.map((e) => ({ name: e.name.split('/').pop(), start: e.startTime, initiator: e.initiatorType, bytes: e.encodedBodySize })) };
    });
    // the three weights src/ui/fonts.css declares (400, 600, 700), each requested once, by the preload
    expect(timing.fonts.map((f) => f.name!.replace(/-.*/, '')).sort()).toEqual(['Sarabun_400Regular_ui', 'Sarabun_600SemiBold_ui', 'Sarabun_700Bold_ui']);
    for (const font of timing.fonts) {
      expect(font.initiator, font.name).toBe('link');
      expect(font.start, font.name).toBeLessThan(timing.domInteractive);
    }
    const bytes = timing.fonts.reduce((n, f) => n + f.bytes, 0);
    expect(bytes, timing.fonts.map((f) => `${f.name} ${kb(f.bytes)}`).join(', ')).toBeLessThanOrEqual(100 * 1024);
  });
});
