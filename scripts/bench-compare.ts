// `npx tsx scripts/bench-compare.ts` (issue 25 measures): serves the built app on the sample
// database, opens /cmline in Chromium (SwiftShader WebGL2) with the province that has the most
// transects (or BENCH_PROVINCE), and measures, each for BENCH_SECONDS (default 4):
//   - bare MapLibre: the map panned by a mouse drag with compare and the slider off, what this
//     machine can draw at all, which the figures below are also given as a ratio of;
//   - the same pan with the year slider's layers shown (deck.gl);
//   - scrubbing the year slider back and forth with the arrow keys (data loaded, no request);
//   - dragging the swipe divider across and back;
//   - the baseline: the years stepped with a WMS round trip each (the compare side's year
//     changed, waiting until its tiles are drawn): years per second;
//   - memory of the area's loaded data: the page's JS heap after loading the slider's data minus
//     before (both after a forced garbage collection).
// Frames per second count the frames that changed the picture (a WebGL canvas drawn, or a style
// changed in the map: the divider): their number per second, and the median over the gaps between
// them (a frame counter alone, requestAnimationFrame, runs at 60 while the map waits for a step
// that takes a second; a median of a few gaps can be high while hardly anything is drawn, so an
// aim takes the lower of the two).
// BENCH_OTHER_DIST=<a dist/ folder of another build> measures that build too, in the same run,
// for an A/B on the same machine state. Exit 1 when an aim is not met.
import { loadavg } from 'node:os';
import type { Page } from 'playwright-core';
import { launchBrowser, useOfflineBasemap, waitForMapIdle } from '../tests/e2e/support/browser.ts';
import { startApp } from '../tests/e2e/support/server.ts';
import { countCanvasDraws } from '../tests/e2e/support/canvasDraws.ts';
import { openSampleDatabase } from '../tests/server/db/testDatabase.ts';
import { aimMet, printAims, recordFigures, type BenchFigure } from './lib/benchResult.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const FPS_TARGET = 30;
const MEMORY_TARGET_MB = 50;
const OTHER_DIST = process.env.BENCH_OTHER_DIST;

/** Frames that changed the picture: per second, and 1000 / the median gap between them. */
interface Fps {
  rate: number;
  median: number;
}

interface Figures {
  bare: Fps;
  bareWithSlider: Fps;
  scrub: Fps;
  divider: Fps;
  wms: number;
  memory: number;
}

/** Starts recording the frames that change the picture (a string: tsx would wrap a named inner
 *  function in a helper the page does not have). */
const startFrames = (page: Page) =>
  page.evaluate(`(() => {
    const draws = window.__canvasDraws;
    const frames = [];
    let styled = false;
    const observer = new MutationObserver(() => { styled = true; });
    observer.observe(document.querySelector('[data-testid="map"]'), { attributes: true, attributeFilter: ['style'], subtree: true });
    draws.dirty = false;
    window.__frames = { frames, counting: true, observer, started: performance.now() };
    const tick = (t) => {
      if (draws.dirty || styled) frames.push(t);
      draws.dirty = false;
      styled = false;
      if (window.__frames.counting) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);

/** Stops recording: changed frames per second, and from the median gap between them. */
const stopFrames = (page: Page): Promise<Fps> =>
  page.evaluate(() => {
    const w = window as unknown as { __frames: { frames: number[]; counting: boolean; observer: MutationObserver; started: number } };
    w.__frames.counting = false;
    const elapsed = performance.now() - w.__frames.started;
    w.__frames.observer.disconnect();
    const { frames } = w.__frames;
    const gaps = frames.slice(1).map((t, i) => t - frames[i]!).sort((a, b) => a - b);
    return { rate: (frames.length * 1000) / elapsed, median: gaps.length ? 1000 / gaps[gaps.length >> 1]! : 0 };
  });

/** Frames per second while `step(i)` is called over and over for BENCH_SECONDS. */
async function framesWhile(page: Page, step: (i: number) => Promise<unknown>): Promise<Fps> {
  await startFrames(page);
  const until = Date.now() + SECONDS * 1000;
  for (let i = 0; Date.now() < until; i++) await step(i);
  return stopFrames(page);
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** The map panned to and fro by a mouse drag (within 80 px: no new tiles). */
async function pan(page: Page): Promise<Fps> {
  const box = (await page.getByTestId('map').boundingBox())!;
  const [x, y] = [box.x + box.width * 0.6, box.y + box.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  const fps = await framesWhile(page, (i) => page.mouse.move(x + 80 * Math.sin(i / 10), y));
  await page.mouse.up();
  await waitForMapIdle(page);
  return fps;
}

async function measure(page: Page, url: string): Promise<Figures> {
  await page.goto(url);
  await page.waitForFunction(() => !document.querySelector('.picker[aria-busy="true"]') && document.querySelector('.sidebar-content')?.childElementCount);
  await waitForMapIdle(page);
  const bare = await pan(page);

  // The year slider: load the area's data, pan, then scrub with the arrow keys as fast as they go.
  const before = await heapMb(page);
  await page.getByRole('button', { name: 'เลื่อนดูรายปี' }).click();
  await page.locator('[data-timeline-year="2567"]').waitFor({ state: 'attached' });
  await waitForMapIdle(page);
  const memory = (await heapMb(page)) - before;
  const bareWithSlider = await pan(page);
  await page.locator('#timeline-year').focus();
  const scrub = await framesWhile(page, (i) => page.keyboard.press(Math.floor(i / 11) % 2 === 0 ? 'ArrowLeft' : 'ArrowRight'));
  await page.getByRole('button', { name: 'เลื่อนดูรายปี' }).click();

  // The swipe divider dragged across and back.
  await page.getByRole('button', { name: 'เปรียบเทียบปี' }).click();
  await page.locator('[data-testid="compare-map"][data-idle="true"]').waitFor({ state: 'attached' });
  await waitForMapIdle(page);
  const box = (await page.getByTestId('map').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  const divider = await framesWhile(page, (i) => page.mouse.move(box.x + box.width * (0.1 + 0.8 * Math.abs(Math.sin(i / 20))), y));
  await page.mouse.up();

  // Baseline: every year through a WMS round trip on the compare side, each until drawn.
  await page.getByRole('slider', { name: 'เส้นแบ่งการเปรียบเทียบ' }).focus();
  await page.keyboard.press('Home');
  const years = await page.locator('#compare-year-right option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const started = performance.now();
  for (const year of [...years, ...years.slice().reverse()]) {
    await page.locator('#compare-year-right').selectOption(year);
    await page.locator('[data-testid="compare-map"][data-idle="false"]').waitFor({ state: 'attached', timeout: 5000 }).catch(() => {});
    await page.locator('[data-testid="compare-map"][data-idle="true"]').waitFor({ state: 'attached' });
  }
  const wms = (years.length * 2) / ((performance.now() - started) / 1000);
  return { bare, bareWithSlider, scrub, divider, wms, memory };
}

const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const database = await openSampleDatabase();
const largest = (await database.db.query<{ prv_code: string; n: number }>('SELECT prv_code, count(*)::int AS n FROM transect GROUP BY prv_code ORDER BY n DESC LIMIT 1')).rows[0];
const province = process.env.BENCH_PROVINCE ?? largest?.prv_code ?? '90';
const builds = [{ name: 'this build (dist/)' }, ...(OTHER_DIST ? [{ name: `other (${OTHER_DIST})`, distDir: OTHER_DIST }] : [])];
const results: Array<{ name: string; figures: Figures }> = [];
const loadBefore = load();
for (const build of builds) {
  const app = await startApp(undefined, { db: database.db, ...(build.distDir ? { distDir: build.distDir } : {}) });
  const browser = await launchBrowser({ width: 1280, height: 800 });
  try {
    await useOfflineBasemap(browser.context);
    await countCanvasDraws(browser.context);
    const page = browser.context.pages()[0] ?? (await browser.context.newPage());
    page.setDefaultTimeout(120_000);
    results.push({ name: build.name, figures: await measure(page, app.url(`cmline?p.province=${province}`)) });
  } finally {
    await browser.close();
    await app.close();
  }
}
await database.close();

console.log(`province ${province} (${largest?.n ?? '?'} transects), ${SECONDS} s each; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after`);
const fps = (v: Fps, f?: Figures) => `${v.rate.toFixed(1)}/s, median ${v.median.toFixed(1)} fps${f && f.bare.rate > 0 ? ` (${(v.rate / f.bare.rate).toFixed(2)} of bare MapLibre)` : ''}`;
const rows: Array<[string, (f: Figures) => string]> = [
  ['bare MapLibre: pan, compare and slider off', (f) => fps(f.bare)],
  ["pan with the slider's layers (deck.gl)", (f) => fps(f.bareWithSlider, f)],
  ['year slider scrub (no request)', (f) => fps(f.scrub, f)],
  ['divider drag', (f) => fps(f.divider, f)],
  ['baseline: a WMS round trip per year', (f) => `${f.wms.toFixed(1)} years/s`],
  ['loaded data in the page (JS heap)', (f) => `${f.memory.toFixed(1)} MB`],
];
console.log(['frames that changed the picture', ...results.map((r) => r.name)].join(' | '));
for (const [label, show] of rows) console.log([label, ...results.map((r) => show(r.figures))].join(' | '));

const mine = results[0]!.figures;
const lower = (v: Fps) => Math.min(v.rate, v.median);
const figures: BenchFigure[] = [
  { bench: 'compare', measure: 'bare MapLibre pan, frames per second', value: lower(mine.bare), unit: 'fps' },
  { bench: 'compare', measure: 'divider drag, frames per second (per second and median)', value: lower(mine.divider), unit: 'fps', target: { op: '>=', value: FPS_TARGET } },
  { bench: 'compare', measure: 'slider scrub (deck.gl), frames per second (per second and median)', value: lower(mine.scrub), unit: 'fps', target: { op: '>=', value: FPS_TARGET } },
  { bench: 'compare', measure: 'baseline: WMS round trip per year', value: mine.wms, unit: 'years/s' },
  { bench: 'compare', measure: 'loaded data of the largest province', value: mine.memory, unit: 'MB', target: { op: '<=', value: MEMORY_TARGET_MB } },
];
printAims(figures, 1);
recordFigures(figures);
// Chromium's and the database's handles would keep Node running after the report.
process.exit(figures.every((f) => aimMet(f) !== false) ? 0 : 1);
