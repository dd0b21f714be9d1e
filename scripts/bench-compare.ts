// `npx tsx scripts/bench-compare.ts` (issue 25 measures): serves the built app on the sample
// database, opens /cmline in Chromium (SwiftShader WebGL2) with the province that has the most
// transects (or BENCH_PROVINCE), and measures
//   - frames per second while dragging the swipe divider (rAF frame intervals, median);
//   - frames per second while scrubbing the year slider back and forth (deck.gl, data loaded);
//   - the baseline: the same years stepped with a WMS round trip each (the compare side's year
//     changed, waiting until its tiles are drawn): steps per second;
//   - memory of the area's loaded data: the page's JS heap after loading the slider's data minus
//     before (both after a forced garbage collection).
// Exit 1 when a median is below 30 fps or the data is 50 MB or more.
import { launchBrowser, useOfflineBasemap, waitForMapIdle } from '../tests/e2e/support/browser.ts';
import { startApp } from '../tests/e2e/support/server.ts';
import { openSampleDatabase } from '../tests/server/db/testDatabase.ts';
import { recordFigures } from './lib/benchResult.ts';
import type { Page } from 'playwright-core';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const FPS_TARGET = 30;
const MEMORY_TARGET_MB = 50;

const database = await openSampleDatabase();
const largest = (await database.db.query<{ prv_code: string; n: number }>('SELECT prv_code, count(*)::int AS n FROM transect GROUP BY prv_code ORDER BY n DESC LIMIT 1')).rows[0];
const province = process.env.BENCH_PROVINCE ?? largest?.prv_code ?? '90';
const app = await startApp(undefined, { db: database.db });
const browser = await launchBrowser({ width: 1280, height: 800 });

/** Starts counting animation frames in the page (a string: tsx would wrap a named inner function
 *  in a helper the page does not have). */
const startFrames = (page: Page) =>
  page.evaluate(`(() => {
    window.frameTimes = [];
    window.counting = true;
    const tick = (t) => { window.frameTimes.push(t); if (window.counting) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);

/** Stops counting; the median frames per second over the frame intervals. */
const stopFrames = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { frameTimes: number[]; counting: boolean };
    w.counting = false;
    const gaps = w.frameTimes.slice(1).map((t, i) => t - w.frameTimes[i]!).sort((a, b) => a - b);
    return gaps.length ? 1000 / gaps[gaps.length >> 1]! : 0;
  });

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

let divider = 0;
let scrub = 0;
let wms = 0;
let memory = 0;
try {
  await useOfflineBasemap(browser.context);
  const page = browser.context.pages()[0] ?? (await browser.context.newPage());
  page.setDefaultTimeout(120_000);
  await page.goto(app.url(`cmline?p.province=${province}`));
  await page.waitForFunction(() => !document.querySelector('.picker[aria-busy="true"]') && document.querySelector('.sidebar-content')?.childElementCount);
  await waitForMapIdle(page);

  // The year slider: load the area's data, then scrub with the arrow keys as fast as they go.
  const before = await heapMb(page);
  await page.getByRole('button', { name: 'เลื่อนดูรายปี' }).click();
  await page.locator('[data-timeline-year="2567"]').waitFor({ state: 'attached' });
  await waitForMapIdle(page);
  memory = (await heapMb(page)) - before;
  const slider = page.locator('#timeline-year');
  await slider.focus();
  await startFrames(page);
  const until = Date.now() + SECONDS * 1000;
  for (let i = 0; Date.now() < until; i++) await page.keyboard.press(Math.floor(i / 11) % 2 === 0 ? 'ArrowLeft' : 'ArrowRight');
  scrub = await stopFrames(page);
  await page.getByRole('button', { name: 'เลื่อนดูรายปี' }).click();

  // The swipe divider dragged across and back.
  await page.getByRole('button', { name: 'เปรียบเทียบปี' }).click();
  await page.locator('[data-testid="compare-map"][data-idle="true"]').waitFor({ state: 'attached' });
  const box = (await page.getByTestId('map').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  await startFrames(page);
  const dragUntil = Date.now() + SECONDS * 1000;
  for (let i = 0; Date.now() < dragUntil; i++) await page.mouse.move(box.x + box.width * (0.1 + 0.8 * Math.abs(Math.sin(i / 20))), y);
  divider = await stopFrames(page);
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
  wms = (years.length * 2) / ((performance.now() - started) / 1000);
} finally {
  await browser.close();
  await app.close();
  await database.close();
}
console.log(`province ${province} (${largest?.n ?? '?'} transects)`);
console.log(`divider drag: median ${divider.toFixed(1)} fps (target >= ${FPS_TARGET})`);
console.log(`year slider scrub (deck.gl, no request): median ${scrub.toFixed(1)} fps (target >= ${FPS_TARGET})`);
console.log(`baseline, a WMS round trip per year: ${wms.toFixed(1)} years/s`);
console.log(`loaded data in the page: ${memory.toFixed(1)} MB of JS heap (target < ${MEMORY_TARGET_MB})`);
recordFigures([
  { bench: 'compare', measure: 'divider drag, median fps', value: divider, unit: 'fps', target: { op: '>=', value: FPS_TARGET } },
  { bench: 'compare', measure: 'slider scrub (deck.gl), median fps', value: scrub, unit: 'fps', target: { op: '>=', value: FPS_TARGET } },
  { bench: 'compare', measure: 'baseline: WMS round trip per year', value: wms, unit: 'years/s' },
  { bench: 'compare', measure: 'loaded data of the largest province', value: memory, unit: 'MB', target: { op: '<=', value: MEMORY_TARGET_MB } },
]);
process.exitCode = divider >= FPS_TARGET && scrub >= FPS_TARGET && memory < MEMORY_TARGET_MB ? 0 : 1;
