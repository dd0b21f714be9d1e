// The year slider's deck.gl canvas (issue 25 measures, SPEC.md §2 compare mode) in Chromium on the
// sample database, /cmline with Songkhla: deck.gl draws the slider's lines in a canvas of its own
// over the map, so a step of the slider redraws that canvas only, never the base map and its WMS
// rasters (under SwiftShader the base map was most of a step's time); its transects show on the
// screen; with the swipe divider on, the second map covers them right of the divider; with the
// slider off, its canvas leaves the map.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, waitForMapIdle } from './support/browser.ts';
import { openSession, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import { canvasDraws, countCanvasDraws } from './support/canvasDraws.ts';
import { colourCountBySide, type Rgb } from './support/drawer.ts';
import { th } from '../../src/locale/th.ts';

const sampleApp = useSampleApp();
// config/legends.yaml change-rate: the accreting transects' blues (no line year is drawn in them).
const BLUES: Rgb[] = [[0x67, 0xa9, 0xcf], [0x21, 0x66, 0xac]];

/** The slider's blue transects on the screen, left and right of the middle of the map. */
async function bluesBySide(page: Page): Promise<{ left: number; right: number }> {
  const [a, b] = await Promise.all(BLUES.map((colour) => colourCountBySide(page, colour, 50)));
  return { left: a!.left + b!.left, right: a!.right + b!.right };
}

describe("the year slider's deck.gl canvas (issue 25 measures)", { timeout: 90_000 }, () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(DESKTOP);
    await countCanvasDraws(s.browser.context);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a step of the slider redraws its own canvas, not the map; its transects show, and under the swipe\'s second map they do not; off, its canvas goes', async () => {
    const { page } = s;
    await page.goto(sampleApp().url('cmline?p.province=90'));
    await waitForPickersSettled(page);
    await page.getByRole('button', { name: th.compare.slider }).click();
    await page.locator('[data-timeline-year="2567"]').waitFor({ state: 'attached', timeout: 30_000 });
    await waitForMapIdle(page);
    const slider = page.getByRole('slider', { name: th.compare.slider });
    // The slider's panel made the map shorter: the map redraws (and may load tiles) until it has
    // none left to draw, which its idle attribute does not wait for (a resize is not a move). On a
    // loaded machine a tile can still arrive during a scrub after a quiet second, so a scrub that
    // saw the map draw is tried again, stepping back the other way: a slider that redrew the map
    // would draw it on every try.
    const scrubs = [['2566', '2565', 'ArrowLeft'], ['2566', '2567', 'ArrowRight'], ['2566', '2565', 'ArrowLeft']] as const;
    const mapDrawsPerScrub: number[] = [];
    for (const [first, second, key] of scrubs) {
      let last = -1;
      await expect.poll(async () => last === (last = (await canvasDraws(page)).map), { timeout: 20_000, interval: 1000 }).toBe(true);
      const before = await canvasDraws(page);
      await slider.focus();
      for (const year of [first, second]) {
        await page.keyboard.press(key);
        await page.locator(`[data-timeline-year="${year}"]`).waitFor({ state: 'attached' });
      }
      await expect.poll(async () => (await canvasDraws(page)).other - before.other, { timeout: 15_000 }).toBeGreaterThan(0);
      mapDrawsPerScrub.push((await canvasDraws(page)).map - before.map);
      if (mapDrawsPerScrub.at(-1) === 0) break;
    }
    expect(mapDrawsPerScrub.at(-1), `the main map's pictures while scrubbing (per try: ${mapDrawsPerScrub.join(', ')})`).toBe(0);
    await expect.poll(async () => (await bluesBySide(page)).left, { timeout: 15_000 }).toBeGreaterThan(20);

    // Swipe: right of the divider the second map (its year's WMS line) covers the slider's canvas.
    await page.getByRole('button', { name: th.compare.open }).click();
    await page.locator('[data-testid="compare-map"][data-idle="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    const blues = await bluesBySide(page);
    expect(blues.left, "the slider's transects left of the divider").toBeGreaterThan(20);
    expect(blues.right, 'not right of it, under the second map').toBeLessThan(blues.left / 10);

    // The slider off: its canvas leaves the map (an empty one would cost the compositor every frame).
    const deckCanvas = page.locator('[data-testid="map"] .maplibregl-ctrl-top-left canvas');
    expect(await deckCanvas.count()).toBe(1);
    await page.getByRole('button', { name: th.compare.slider }).click();
    await expect.poll(() => deckCanvas.count()).toBe(0);
  });
});
