// The place search of the top menu (issue 11 item 2) in Chromium on the sample database, by
// keyboard only: Tab to the box, type a Thai name without its tone mark, one debounced request,
// Down/Up move the active option (aria-activedescendant), Escape closes, Enter takes the island
// and the map moves onto it. On a 390 px phone the box has a row of its own and the top menu does
// not overflow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE, describeProblems, waitForMapIdle } from './support/browser.ts';
import { openSession, providerApiPatterns, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import { thPlaceSearch } from '../../src/locale/placeSearch.ts';

const sampleApp = useSampleApp();

const box = (page: Page) => page.getByRole('combobox', { name: thPlaceSearch.label });
const view = (page: Page) => {
  const params = new URL(page.url()).searchParams;
  const [lng, lat] = (params.get('c') ?? '').split(',').map(Number);
  return { lng: lng ?? NaN, lat: lat ?? NaN, zoom: Number(params.get('z')) };
};

/** Presses Tab until the search box has the focus (the keyboard way there). */
async function tabToSearch(page: Page): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    if (await box(page).evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error('Tab never reached the place search');
}

describe('place search, keyboard only', { timeout: 120_000 }, () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(DESKTOP);
  });
  afterAll(async () => s?.close());

  it('types เกาะชาง, arrows to the island เกาะช้าง, Enter fits the map to it', async () => {
    const { page } = s;
    const app = sampleApp();
    const searches: string[] = [];
    page.on('request', (r) => {
      if (/[?&]page=search\b/.test(r.url())) searches.push(r.url());
    });
    await page.goto(app.url('cmline'));
    await waitForMapIdle(page);
    const before = view(page);

    await tabToSearch(page);
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.type('เกาะชาง');
    const list = page.getByRole('listbox', { name: thPlaceSearch.results });
    await list.waitFor({ state: 'visible' });
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('true');
    // Seven letters typed at once are one request (debounced), with the text bound as q.
    expect(searches).toHaveLength(1);
    expect(new URL(searches[0]!).searchParams.get('q')).toBe('เกาะชาง');

    const options = list.getByRole('option');
    const kinds = await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-kind')));
    const names = await options.locator('.place-search-name').allTextContents();
    const island = kinds.indexOf('island');
    expect(island, `options: ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(names[island]).toBe('เกาะช้าง');

    // Down opens at the first option, Up from there wraps to the last; focus stays in the box.
    await page.keyboard.press('ArrowDown');
    const activeId = () => box(page).getAttribute('aria-activedescendant');
    await expect.poll(activeId).toBe(await options.nth(0).getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    await expect.poll(activeId).toBe(await options.nth(kinds.length - 1).getAttribute('id'));
    // Escape closes the list and keeps the text; Down opens it again at the first option.
    await page.keyboard.press('Escape');
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('false');
    expect(await box(page).inputValue()).toBe('เกาะชาง');
    expect(await activeId()).toBeNull();
    for (let i = 0; i <= island; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(activeId).toBe(await options.nth(island).getAttribute('id'));
    expect(await options.nth(island).getAttribute('aria-selected')).toBe('true');
    expect(await box(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await expect.poll(() => box(page).getAttribute('aria-expanded')).toBe('false');
    expect(await box(page).inputValue()).toBe('เกาะช้าง');
    // The router's box of the island; the map's centre ends inside it, zoomed in from the start.
    const answer = (await (await fetch(`${app.origin}/${app.bundle.app.product}/v2/router?page=search&q=${encodeURIComponent('เกาะช้าง')}`)).json()) as { data: Array<{ kind: string; bbox: number[] }> };
    const [x0, y0, x1, y1] = answer.data.find((p) => p.kind === 'island')!.bbox as [number, number, number, number];
    await expect
      .poll(() => {
        const v = view(page);
        return v.lng >= x0 && v.lng <= x1 && v.lat >= y0 && v.lat <= y1 && v.zoom > before.zoom + 3;
      }, { timeout: 20_000 })
      .toBe(true);
    expect(searches).toHaveLength(1);
    expect(describeProblems(s.log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
  });
});

describe('place search on a 390 px phone', { timeout: 120_000 }, () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(MOBILE);
  });
  afterAll(async () => s?.close());

  it('fits the width, and its list stays on screen', async () => {
    const { page } = s;
    await page.goto(sampleApp().url('cmline'));
    await waitForMapIdle(page);
    const menu = page.locator('.top-menu');
    expect(await menu.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const input = (await box(page).boundingBox())!;
    expect(input.x).toBeGreaterThanOrEqual(0);
    expect(input.x + input.width).toBeLessThanOrEqual(MOBILE.width);
    await box(page).focus();
    await page.keyboard.type('สงขลา');
    const list = page.getByRole('listbox', { name: thPlaceSearch.results });
    await list.waitFor({ state: 'visible' });
    const shown = (await list.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await list.getByRole('option').first().locator('.place-search-name').textContent()).toBe('สงขลา');
  });
});
