// Issue 29 aim 4: /maps/cmline's first map idle close to a bare MapLibre page's (npm run
// bench:client). What the app can order, these check in Chromium: MapLibre asks for its base map
// style before the browser first paints the page (main.tsx renders a map page once its map view
// chunk is there, synchronously, and the map is created in that render's effects), with the map's
// final size (the topic page's top-menu buttons are there before it measures: a resize redraws the
// whole map); the map view's stylesheet is requested by the parser (vite.config.ts
// preloadLazyModules), not by the shell's import() one round trip later; and the page still draws
// all of it (SPEC.md §2 Map layout): the topic page in the sidebar, a map that reaches idle and is
// not blank. A project page, which has no map, does not wait for the map view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoTopic, openSession, providerApiPatterns, type BrowserSession } from './support/app.ts';
import { describeProblems, mapCanvasStats, waitForMapIdle } from './support/browser.ts';
import { CONFIG_DIR, loadBundle, startApp, type RunningApp } from './support/server.ts';

const bundle = await loadBundle(CONFIG_DIR);
const cmline = bundle.topics.find((t) => t.route === 'cmline')!;
const project = bundle.topics.find((t) => t.layout === 'project')!;
const styleUrl = bundle.app.basemaps.find((b) => b.offline)!.style as string;

let app: RunningApp;
let session: BrowserSession;
beforeAll(async () => {
  [app, session] = await Promise.all([startApp(), openSession({ width: 1280, height: 800 })]);
  // The map canvas's size when it first appears.
  await session.page.addInitScript(() => {
    const w = window as unknown as { __firstCanvas?: string };
    new MutationObserver((_records, observer) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="map"] canvas');
      if (!canvas) return;
      w.__firstCanvas = `${canvas.width}x${canvas.height}`;
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
}, 120_000);
afterAll(async () => {
  await session?.close();
  await app?.close();
});

describe('first map idle of /maps/cmline (issue 29 aim 4)', () => {
  it('starts the base map before the first paint at its final size, asks for the map stylesheet while parsing, and draws the whole page', async () => {
    const { page, log } = session;
    await page.goto(app.url('cmline'));
    await waitForMapIdle(page);
    await page.getByRole('heading', { level: 1, name: cmline.title.th }).waitFor();
    const timing = await page.evaluate((style) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const styleStart = resources.find((e) => new URL(e.name).pathname === style)?.startTime;
      const css = resources.filter((e) => /\/assets\/MapView-[^/]+\.css$/.test(e.name)).map((e) => ({ start: e.startTime, initiator: e.initiatorType }));
      const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="map"] canvas')!;
      const firstCanvas = (window as unknown as { __firstCanvas?: string }).__firstCanvas;
      return { domInteractive: nav.domInteractive, styleStart, css, firstPaint, firstCanvas, idleCanvas: `${canvas.width}x${canvas.height}` };
    }, new URL(styleUrl, app.origin).pathname);
    expect(timing.styleStart, `${styleUrl} requested`).toBeDefined();
    expect(timing.firstPaint, 'first-contentful-paint').toBeDefined();
    expect(timing.styleStart!, `style requested at ${timing.styleStart?.toFixed(0)} ms, first paint at ${timing.firstPaint?.toFixed(0)} ms`).toBeLessThan(timing.firstPaint!);
    expect(timing.firstCanvas, 'the map canvas is not resized between its creation and its first idle').toBe(timing.idleCanvas);
    expect(timing.css, 'the map view stylesheet, requested once').toHaveLength(1);
    expect(timing.css[0]!.initiator).toBe('link');
    expect(timing.css[0]!.start).toBeLessThan(timing.domInteractive);
    expect((await mapCanvasStats(page)).distinctColours, 'the map canvas is not blank').toBeGreaterThanOrEqual(3);
    expect(describeProblems(log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
  });

  it('a project page, without a map, renders its topic without waiting for the map view', async () => {
    const { page, log } = session;
    await gotoTopic(page, app, project.route, project.title.th);
    expect(await page.locator('[data-testid="map"]').count()).toBe(0);
    expect(describeProblems(log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
  });
});
