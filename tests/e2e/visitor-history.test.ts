// Issue 24 defects 5 and 6, in Chromium against the sample database.
// 5. Back restores the view each history entry had (not the whole of Thailand); layers added with
//    'เพิ่มชั้นข้อมูล' and by 'CVI Process' are in the copied link and shown again from it.
// 6. Choosing a beach system fits the map to it on every page whose picker chooses an area
//    (/potentialarea, /littoralcell, /cmline-changerate, /erosionsolveline) before any layer is
//    on; /dashboard draws the outline of the chosen area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, waitForMapIdle } from './support/browser.ts';
import { choosePicker, navigateInApp, openSession, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import type { RunningApp } from './support/server.ts';
import { th } from '../../src/locale/th.ts';

const sampleApp = useSampleApp();
const picker = (page: Page, id: string) => page.locator(`.picker[data-picker="${id}"] select`).last();
const OUTLINE = 'area-outline';
const query = (page: Page) => new URL(page.url()).searchParams;
const row = (page: Page, id: string) => page.locator(`.toggle-row[data-row="${id}"]`);

interface View {
  center: [number, number];
  zoom: number;
  /** west, south, east, north */
  bounds: [number, number, number, number];
}

/** The map's view once it is idle (MapView reports it on its container). */
async function settledView(page: Page): Promise<View> {
  await waitForMapIdle(page);
  return page.locator('[data-testid="map"]').evaluate((el: HTMLElement) => {
    const nums = (s: string | undefined) => (s ?? '').split(',').map(Number);
    const [lng = NaN, lat = NaN] = nums(el.dataset.center);
    return { center: [lng, lat], zoom: Number(el.dataset.zoom), bounds: nums(el.dataset.bounds) } as View;
  });
}

/** Waits until the URL's view has caught up with the map (the URL is written after moves settle). */
async function urlFollowsMap(page: Page): Promise<View> {
  let view = await settledView(page);
  await expect
    .poll(async () => {
      view = await settledView(page);
      return Math.abs(Number(query(page).get('z')) - view.zoom) < 0.01;
    })
    .toBe(true);
  return view;
}

function expectSameView(actual: View, expected: View): void {
  expect(actual.zoom).toBeCloseTo(expected.zoom, 1);
  expect(actual.center[0]).toBeCloseTo(expected.center[0], 2);
  expect(actual.center[1]).toBeCloseTo(expected.center[1], 2);
}

const choose = choosePicker;

describe('issue 24: history, link layers, beach-system fit, dashboard outline (desktop)', { timeout: 120_000 }, () => {
  let s: BrowserSession;
  let app: RunningApp;
  const getBBox: URLSearchParams[] = [];
  beforeAll(async () => {
    app = sampleApp();
    s = await openSession(DESKTOP);
    await s.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    s.page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.endsWith('/router') && url.searchParams.get('mode') === 'getBBox') getBBox.push(url.searchParams);
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('Back returns to the view each entry was left with, not all of Thailand; Forward too (defect 5)', async () => {
    const { page } = s;
    await page.goto(app.url('cmline'));
    const thailand = await settledView(page);
    await choose(page, 'province', '90');
    await expect.poll(() => query(page).get('p.province')).toBe('90');
    // The province is an area: choosing it fits the map to it, so its history entry has its view.
    await expect.poll(async () => (await settledView(page)).zoom, { timeout: 20_000 }).toBeGreaterThan(thailand.zoom + 1);
    await page.getByRole('button', { name: th.zoomIn }).click();
    const zoomed = await settledView(page);
    // At once, before the URL has caught up with the zoom: the entry being left must keep it.
    await row(page, 'cmline-2567').locator('button').click();
    await expect.poll(() => query(page).get('rows')).toBe('cmline-2567');
    const withLayer = await urlFollowsMap(page);

    await page.goBack();
    await expect.poll(() => query(page).get('rows')).toBe(null);
    await expect.poll(() => picker(page, 'province').inputValue(), { timeout: 20_000 }).toBe('90');
    expectSameView(await settledView(page), zoomed);
    await page.goForward();
    await expect.poll(() => row(page, 'cmline-2567').getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    expectSameView(await settledView(page), withLayer);
  });

  it("layers added with 'เพิ่มชั้นข้อมูล' and 'CVI Process' are in the copied link and shown from it (defect 5)", async () => {
    const { page } = s;
    const copyLink = async () => {
      await page.getByRole('button', { name: th.urlState.copyLink }).click();
      await page.getByText(th.urlState.copied).first().waitFor();
      return page.evaluate(() => navigator.clipboard.readText());
    };
    await page.goto(app.url('cmline-changerate/songkhla'));
    await waitForPickersSettled(page);
    await page.getByRole('button', { name: 'เพิ่มชั้นข้อมูล พ.ศ. 2567' }).click();
    await expect.poll(() => layerIds(page)).toContain('changerate-lake-2567');
    const lakeLink = await copyLink();

    await page.goto(app.url('cvi'));
    await waitForPickersSettled(page);
    await page.getByRole('switch', { name: 'ธรณีสัณฐานชายฝั่ง' }).check();
    await page.getByRole('switch', { name: 'อัตราการเปลี่ยนแปลงชายฝั่ง' }).check();
    await page.getByRole('button', { name: 'CVI Process' }).click();
    await expect.poll(() => layerIds(page)).toContain('cvi-1_3');
    const cviLink = await copyLink();

    // A new page (nothing of this page's state in it) opens the copied links.
    const other = await s.browser.context.newPage();
    await other.goto(lakeLink);
    await expect.poll(() => layerIds(other), { timeout: 20_000 }).toContain('changerate-lake-2567');
    await other.goto(cviLink);
    await expect.poll(() => layerIds(other), { timeout: 20_000 }).toContain('cvi-1_3');
    expect(await other.getByRole('switch', { name: 'ธรณีสัณฐานชายฝั่ง' }).isChecked()).toBe(true);
    expect(await other.getByRole('switch', { name: 'อัตราการเปลี่ยนแปลงชายฝั่ง' }).isChecked()).toBe(true);
    expect(await other.locator('.toast', { hasText: th.urlState.invalid }).count()).toBe(0);
  });

  it('choosing a beach system fits the map to it before any layer is on (defect 6)', async () => {
    const { page } = s;
    await page.goto(app.url('potentialarea'));
    const routes = ['potentialarea', 'littoralcell', 'cmline-changerate', 'erosionsolveline'];
    for (const [i, route] of routes.entries()) {
      // In the app, as a visitor goes: the map stays where the last page left it.
      if (i > 0) await navigateInApp(page, app.url(route));
      await page.locator(`.variant-body[data-page="${route}/"]`).waitFor();
      // A different main group on each page, so the map has somewhere else to go.
      await choose(page, 'beach-main', await optionAt(page, 'beach-main', i));
      await choose(page, 'beach-sub');
      const system = await choose(page, 'beach-system');
      await expect.poll(() => getBBox.some((q) => q.get('code_b_s') === system), { timeout: 10_000 }).toBe(true);
      const box = await systemBBox(page, system);
      await expect
        .poll(async () => {
          const view = await settledView(page);
          return view.zoom > 7 && contains(view.bounds, box);
        }, { timeout: 20_000, message: `${route}: the map fits beach system ${system}` })
        .toBe(true);
      expect(await layerIds(page)).toEqual([]);
    }
  });

  it('/dashboard draws the outline of the chosen province and beach system (defect 6)', async () => {
    const { page } = s;
    await page.goto(app.url('dashboard'));
    await choose(page, 'province', '90');
    await expect.poll(() => layerIds(page), { timeout: 20_000 }).toEqual([OUTLINE]);
    await page.goto(app.url('dashboard/beach'));
    await choose(page, 'beach-main');
    await expect.poll(() => layerIds(page), { timeout: 20_000 }).toEqual([OUTLINE]);
  });
});

/** Ids of the listed layers (the layer list). */
async function layerIds(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: new RegExp(`^${th.topMenu.layers} \\d+$`) }).click();
  const ids = await page.locator('.layer-list li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-layer-id') ?? ''));
  await page.keyboard.press('Escape');
  return ids;
}

/** The value of a picker's option `index` (0 = the first after the placeholder). */
async function optionAt(page: Page, id: string, index: number): Promise<string> {
  await waitForPickersSettled(page);
  const option = picker(page, id).locator('option[value]:not([value=""])').nth(index);
  await option.waitFor({ state: 'attached' });
  return (await option.getAttribute('value'))!;
}

/** The beach system's bounds as the router gives them. */
async function systemBBox(page: Page, code: string): Promise<[number, number, number, number]> {
  return page.evaluate(async (c) => {
    const res = await fetch(`/tcs/v2/router?page=beachsystem&mode=getBBox&code_b_s=${encodeURIComponent(c)}`);
    return ((await res.json()) as { bbox: [number, number, number, number] }).bbox;
  }, code);
}

function contains(outer: readonly number[], inner: readonly number[]): boolean {
  const [w = 0, s = 0, e = 0, n = 0] = outer;
  const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = inner;
  return w <= x0 && s <= y0 && e >= x1 && n >= y1;
}
