// Compare two years and the year slider (issue 25) in Chromium on the sample database, /cmline with
// Songkhla: 'เปรียบเทียบปี' opens a swipe divider whose two sides show their own year's line colour;
// the divider moves by mouse and by the keyboard; each side's year is chosen; side by side splits
// the map; a link restores compare mode, years and divider; axe finds no violation; the year
// slider plays through every year and scrubbing it asks the server nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, describeProblems, waitForMapIdle } from './support/browser.ts';
import { openSession, providerApiPatterns, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import { axe, expectNoViolations } from './support/axe.ts';
import { colourCountBySide, type Rgb } from './support/drawer.ts';
import { th } from '../../src/locale/th.ts';

const sampleApp = useSampleApp();

// config/legends.yaml cmline-years
const COLOUR: Record<string, Rgb> = { '2562': [0x91, 0x1e, 0xb4], '2565': [0xff, 0xe1, 0x19], '2567': [0xe6, 0x19, 0x4b] };
const SONGKHLA = 'v=1&c=100.5800,7.1500&z=10.00&p.province=90';
const TIMELINE_YEARS = ['2548', '2554', '2556', '2557', '2558', '2559', '2562', '2563', '2564', '2565', '2566', '2567'];

const query = (page: Page) => new URL(page.url()).searchParams;
const divider = (page: Page) => page.getByRole('slider', { name: th.compare.divider });

async function bothIdle(page: Page): Promise<void> {
  await page.locator('[data-testid="compare-map"][data-idle="true"]').waitFor({ state: 'attached', timeout: 30_000 });
  await waitForMapIdle(page);
}

describe('compare two years and the year slider (issue 25)', { timeout: 120_000 }, () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('swipe: each side shows its own year; the divider follows the mouse and the keyboard; side by side; a link restores it; axe finds nothing', async () => {
    const { page } = s;
    const app = sampleApp();
    await page.goto(app.url(`cmline?${SONGKHLA}`));
    await waitForPickersSettled(page);
    await waitForMapIdle(page);
    await page.getByRole('button', { name: th.compare.open }).click();
    await expect.poll(() => query(page).get('cmp')).toBe('swipe');
    await bothIdle(page);
    // Left of the divider the 2562 line (purple), right of it the 2567 line (red).
    const purple = await colourCountBySide(page, COLOUR['2562']!, 50);
    const red = await colourCountBySide(page, COLOUR['2567']!, 50);
    expect(purple.left, 'the left side draws 2562').toBeGreaterThan(20);
    expect(purple.right, 'the right side does not draw 2562').toBeLessThan(purple.left / 10);
    expect(red.right, 'the right side draws 2567').toBeGreaterThan(20);
    expect(red.left, 'the left side does not draw 2567').toBeLessThan(red.right / 10);
    await expect.poll(() => page.getByTestId('compare-label-left').textContent()).toBe(`${th.compare.sides.left} · พ.ศ. 2562`);
    await expect.poll(() => page.getByTestId('compare-legend').textContent()).toContain(`${th.compare.sides.right}: แนวชายฝั่ง พ.ศ. 2567`);

    // Mouse: drag the divider to 30 % of the map; keyboard: two steps right, then End.
    const box = (await page.getByTestId('map').boundingBox())!;
    const handle = (await divider(page).boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(Number(await divider(page).getAttribute('aria-valuenow'))).toBeCloseTo(30, 0);
    await divider(page).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(Number(await divider(page).getAttribute('aria-valuenow'))).toBeCloseTo(40, 0);
    await expect.poll(() => Number(query(page).get('cmpx'))).toBeCloseTo(40, 0);
    await page.keyboard.press('End');
    expect(await divider(page).getAttribute('aria-valuenow')).toBe('100');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');

    // The right side's year: 2565 (yellow) right of the divider at 35 %.
    await page.getByLabel(th.compare.sideYear(th.compare.sides.right)).selectOption('2565');
    await expect.poll(() => query(page).get('cmpy')).toBe('2562,2565');
    await page.locator('[data-testid="compare-map"][data-idle="false"]').waitFor({ state: 'attached' }).catch(() => {});
    await bothIdle(page);
    await expect.poll(async () => (await colourCountBySide(page, COLOUR['2565']!, 35)).right, { timeout: 15_000 }).toBeGreaterThan(20);
    expect((await colourCountBySide(page, COLOUR['2565']!, 35)).left).toBeLessThan(10);

    // Side by side: the main map takes half the panel.
    await page.getByRole('button', { name: th.compare.split }).click();
    await expect.poll(() => query(page).get('cmp')).toBe('split');
    const main = (await page.locator('[data-testid="map"] > div').first().boundingBox())!;
    expect(main.width).toBeCloseTo(box.width / 2, -1);
    const sideBySide = await axe(page, 'compare mode, side by side');
    await page.getByRole('button', { name: th.compare.swipe }).click();
    expectNoViolations([...sideBySide, ...(await axe(page, 'compare mode, swipe'))]);

    // A link restores compare mode, both years and the divider.
    await page.goto(app.url(`cmline?${SONGKHLA}&cmp=swipe&cmpy=2563,2566&cmpx=25`));
    await waitForPickersSettled(page);
    await expect.poll(() => divider(page).getAttribute('aria-valuenow')).toBe('25');
    await expect(page.getByLabel(th.compare.sideYear(th.compare.sides.left)).inputValue()).resolves.toBe('2563');
    await expect(page.getByLabel(th.compare.sideYear(th.compare.sides.right)).inputValue()).resolves.toBe('2566');
    await expect.poll(() => page.getByTestId('compare-label-right').textContent()).toBe(`${th.compare.sides.right} · พ.ศ. 2566`);
    await page.getByRole('button', { name: th.compare.close }).click();
    await expect.poll(() => query(page).get('cmp')).toBeNull();
    expect(describeProblems(s.log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
  });

  it('the year slider plays through every year; scrubbing asks the server nothing once loaded', async () => {
    const { page } = s;
    await page.getByRole('button', { name: th.compare.slider }).click();
    await page.locator(`[data-timeline-year="2567"]`).waitFor({ state: 'attached', timeout: 30_000 });
    await waitForMapIdle(page);
    const requests: string[] = [];
    page.on('request', (r) => {
      if (/\/geoserver\/|\/router/.test(r.url())) requests.push(r.url());
    });
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenYears: string[] }).seenYears = seen;
      const map = document.querySelector('[data-timeline-year]')!;
      new MutationObserver(() => seen.push(map.getAttribute('data-timeline-year') ?? '')).observe(map, { attributes: true, attributeFilter: ['data-timeline-year'] });
    });
    await page.getByRole('button', { name: th.compare.play }).click();
    await expect.poll(() => page.getByTestId('timeline-year').textContent(), { timeout: 20_000 }).toBe('พ.ศ. 2567');
    await expect.poll(() => page.getByRole('button', { name: th.compare.play }).count()).toBe(1);
    const seen = await page.evaluate(() => [...new Set((window as unknown as { seenYears: string[] }).seenYears)]);
    expect(seen).toEqual(TIMELINE_YEARS);
    // Scrub back through every year with the keyboard.
    await page.getByRole('slider', { name: th.compare.slider }).focus();
    for (let i = 0; i < TIMELINE_YEARS.length; i++) await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('timeline-year').textContent()).toBe('พ.ศ. 2548');
    expect(requests, 'no server request while playing and scrubbing').toEqual([]);
  });
});
