// What a visitor meets in the place search and around the map's points (issue 24 items 8 and 9),
// in Chromium on the sample database at 1440x900, the drawer also at 390x844:
// - the search finds our own CCTV site ('บางแสน'), a province and a district written with their
//   จ./อ. prefix, and the one-letter typo 'สงขา'; choosing a result marks it on the map (a new
//   search clears the mark) and fills the page's province/district pickers;
// - /radar and /cctv fit the map so that the top pin is whole inside the map canvas; the radar
//   legend draws the pin the map draws; a CCTV pin clicked on the map is shown and highlighted in
//   the CCTV list;
// - the open feature drawer leaves the zoom and fullscreen buttons uncovered;
// - a colour swatch's tooltip is the item's Thai label, never a hex code.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { waitForMapIdle } from './support/browser.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';
import { thPlaceSearch } from '../../src/locale/placeSearch.ts';
import { th } from '../../src/locale/th.ts';

const SHOTS = process.env.VISITOR_SEARCH_SHOTS ?? path.join(ROOT_DIR, 'test-results', 'visitor-search');
const DESKTOP_WIDE = { width: 1440, height: 900 } as const;
/** SPEC.md §9 station icon height: the pin stands this many px above its point. */
const PIN_HEIGHT = 28;

type Box = { x: number; y: number; width: number; height: number };
type Drawn = Array<{ properties: Record<string, unknown>; point: [number, number] }>;
const drawn = (page: Page, layerId: string) => page.evaluate((id) => window.__qa?.drawnFeatures(id) ?? [], layerId) as Promise<Drawn>;
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
const canvas = (page: Page) => page.locator('[data-testid="map"] canvas.maplibregl-canvas').first();
const pickerSelect = (page: Page, id: string) => page.locator(`.picker[data-picker="${id}"] select`).first();

/** Waits until the page's fit has moved the map off the app's start view and the map is idle. */
async function waitForFit(page: Page): Promise<void> {
  await expect
    .poll(() => Math.abs(Number((new URL(page.url()).searchParams.get('c') ?? '0,13.7563').split(',')[1]) - 13.7563), { timeout: 30_000 })
    .toBeGreaterThan(0.3);
  await waitForMapIdle(page);
}

/** The highest pin drawn by `layerId`, its head's top and its sides in canvas px. */
async function topPin(page: Page, layerId: string, count: number): Promise<{ top: number; left: number; right: number }> {
  await expect.poll(() => drawn(page, layerId).then((d) => d.length), { timeout: 30_000 }).toBe(count);
  const pins = await drawn(page, layerId);
  const top = Math.min(...pins.map((p) => p.point[1])) - PIN_HEIGHT;
  return { top, left: Math.min(...pins.map((p) => p.point[0])) - 12, right: Math.max(...pins.map((p) => p.point[0])) + 12 };
}

describe('visitor: place search, pins, drawer, swatches', { timeout: 180_000 }, () => {
  const suite = backendSuite(SHOTS, { viewport: DESKTOP_WIDE });

  it('finds บางแสน, จ.ชลบุรี, อ.เมืองสงขลา and สงขา, marks the place and fills the area pickers', async () => {
    const { page } = suite.s;
    await page.goto(suite.app.url('cmline-changearea'));
    await pickerSelect(page, 'province').waitFor();
    await waitForMapIdle(page);
    const box = page.getByRole('combobox', { name: thPlaceSearch.label });
    const list = page.getByRole('listbox', { name: thPlaceSearch.results });
    const marker = page.getByTestId('place-found-marker');
    const cases = [
      { q: 'บางแสน', kind: 'cctv', name: 'หาดบางแสน', province: null, district: null },
      { q: 'จ.ชลบุรี', kind: 'province', name: 'ชลบุรี', province: '20', district: null },
      { q: 'อ.เมืองสงขลา', kind: 'district', name: 'เมืองสงขลา', province: '90', district: '9001' },
      { q: 'สงขา', kind: 'province', name: 'สงขลา', province: '90', district: null },
    ];
    for (const c of cases) {
      await box.fill(c.q);
      // A new search clears the previous place's mark.
      expect(await marker.count(), c.q).toBe(0);
      const option = list.locator(`[role="option"][data-kind="${c.kind}"]`).filter({ has: page.locator('.place-search-name', { hasText: new RegExp(`^${c.name}$`) }) });
      await option.first().waitFor({ timeout: 15_000 });
      // The place the visitor means is the first of its kind.
      expect(await list.locator(`[role="option"][data-kind="${c.kind}"] .place-search-name`).first().textContent(), c.q).toBe(c.name);
      await option.first().click();
      await marker.waitFor({ timeout: 15_000 });
      await waitForMapIdle(page);
      const mark = (await marker.boundingBox())!;
      expect(inside(mark, (await canvas(page).boundingBox())!), `${c.q}: the mark is on the map`).toBe(true);
      if (c.province) await expect.poll(() => pickerSelect(page, 'province').inputValue(), { timeout: 15_000 }).toBe(c.province);
      if (c.district) await expect.poll(() => pickerSelect(page, 'district').inputValue(), { timeout: 15_000 }).toBe(c.district);
      await page.screenshot({ path: path.join(SHOTS, `search-${c.kind}-${c.name}.png`) });
    }
  });

  it('a swatch tooltip is the item\'s Thai label, never a hex code', async () => {
    const { page } = suite.s;
    await expect.poll(() => page.getByTestId('swatch-end').getAttribute('title')).toBeTruthy();
    const titles = await page.locator('.swatch[title], [class*="swatch"][title]').evaluateAll((els) => els.map((el) => el.getAttribute('title') ?? ''));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).not.toMatch(/^#[0-9a-f]{6}$/i);
    // the end year's legend label (its wording is the glossary's)
    expect(await page.getByTestId('swatch-end').getAttribute('title')).toMatch(/^\D*2567$/);
  });

  it('/radar: the top pin is whole inside the map; the legend shows the pin the map draws', async () => {
    const { page } = suite.s;
    await page.goto(suite.app.url('radar?qa=1'));
    await waitForFit(page);
    const frame = (await canvas(page).boundingBox())!;
    const pin = await topPin(page, 'radar-stations', 21);
    expect(pin.top, 'the top radar pin is not cut off').toBeGreaterThanOrEqual(0);
    expect(pin.left).toBeGreaterThanOrEqual(0);
    expect(pin.right).toBeLessThanOrEqual(frame.width);
    const legend = page.locator('.legend-card').filter({ hasText: 'สถานีเรดาร์ชายฝั่ง' }); // the glossary's radar-station term
    expect(await legend.locator('.legend-symbol').getAttribute('data-symbol')).toBe('pin');
    await page.screenshot({ path: path.join(SHOTS, 'radar.png') });
  });

  it('/cctv: the top pin is whole inside the map; a pin clicked on the map is shown and highlighted in the list', async () => {
    const { page } = suite.s;
    await page.goto(suite.app.url('cctv?qa=1'));
    await waitForFit(page);
    const frame = (await canvas(page).boundingBox())!;
    const pin = await topPin(page, 'cctv', 22);
    expect(pin.top, 'the top CCTV pin is not cut off').toBeGreaterThanOrEqual(0);

    // The last camera of the list is below the sidebar's fold: clicking its pin brings it up.
    const items = page.locator('.feature-list button');
    await expect.poll(() => items.count()).toBe(22);
    const lastCode = ((await items.nth(21).locator('.feature-list-label').textContent()) ?? '').trim();
    const pins = await drawn(page, 'cctv');
    const target = pins.find((p) => p.properties.CODE === lastCode)!;
    expect(target, `the pin of ${lastCode}`).toBeDefined();
    await page.mouse.click(frame.x + target.point[0], frame.y + target.point[1] - 16);
    await page.locator('.maplibregl-popup .station-popup').waitFor();
    const item = items.nth(21);
    await expect.poll(() => item.getAttribute('aria-current')).toBe('true');
    const scroller = (await page.locator('.sidebar-content').boundingBox())!;
    await expect.poll(async () => inside((await item.boundingBox())!, scroller), { timeout: 5_000 }).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, 'cctv.png') });
  });

  for (const size of [DESKTOP_WIDE, { width: 390, height: 844 }]) {
    it(`the open drawer leaves the zoom and fullscreen buttons free at ${size.width} px`, async () => {
      const { page } = suite.s;
      await page.setViewportSize(size);
      await page.goto(suite.app.url('cmline-changearea'));
      await waitForMapIdle(page);
      const frame = (await canvas(page).boundingBox())!;
      await page.mouse.click(frame.x + frame.width / 2, frame.y + frame.height * 0.7);
      const drawer = page.locator('[data-testid="feature-drawer"].drawer-open');
      await drawer.waitFor();
      // The drawer slides in: measure once it stands still.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const open = (await drawer.boundingBox())!;
      const buttons = [page.getByRole('button', { name: th.zoomIn }), page.getByRole('button', { name: th.zoomOut }), page.getByRole('button', { name: th.zoomReset }), page.locator('.maplibregl-ctrl-fullscreen')];
      for (const button of buttons) {
        const b = (await button.boundingBox())!;
        expect(intersects(b, open), `${await button.getAttribute('aria-label')} at ${size.width} px`).toBe(false);
      }
      await page.screenshot({ path: path.join(SHOTS, `drawer-${size.width}.png`) });
      await drawer.getByRole('button', { name: th.close }).click();
    });
  }
});
