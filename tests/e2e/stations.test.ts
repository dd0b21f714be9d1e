// /radar and /cctv end to end on the reference backend (SPEC.md §2, §3, §9; issue 9 item 7):
// the auto layers are added on entry (21 radar pins and the radar current WMS; 22 CCTV pins) and
// removed on leaving; a radar pin opens a popup with CODE, BAND and SITE and no CCTV link; a CCTV
// pin's popup has the live video and the link 'Coastal CCTV Live'; the CCTV list shows 22 CODEs
// and a click fits the map to the camera; a legend card collapses for real.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeProblems, waitForMapIdle } from './support/browser.ts';
import { navigateInApp } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';

const SHOTS = process.env.STATIONS_SHOTS ?? path.join(ROOT_DIR, 'test-results', 'stations');

type Drawn = Array<{ properties: Record<string, unknown>; point: [number, number] }>;
const drawn = (page: Page, layerId: string) => page.evaluate((id) => window.__qa?.drawnFeatures(id) ?? [], layerId) as Promise<Drawn>;
const listedLayerNames = (page: Page) => page.evaluate(() => window.__qa?.styleLayerIds() ?? []);
const badge = async (page: Page) => ((await page.locator('.top-menu .badge').first().textContent()) ?? '').trim();

describe('/radar and /cctv', { timeout: 120_000 }, () => {
  const suite = backendSuite(SHOTS);

  it('/radar: 21 radar pins and the current layer on entry; a pin opens CODE, BAND, SITE without a CCTV link', async () => {
    const { page } = suite.s;
    const app = suite.app;
    const assets: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/assets/data/')) assets.push(new URL(r.url()).pathname);
    });
    await page.goto(app.url('radar?qa=1'));
    await page.getByRole('heading', { level: 1, name: 'เรดาร์ชายฝั่ง' }).waitFor();
    await expect.poll(() => drawn(page, 'radar-stations').then((d) => d.length), { timeout: 30_000 }).toBe(21);
    expect(assets).toContain('/maps/assets/data/radar_stations.json');
    expect(await listedLayerNames(page)).toContain('radar-currents');
    expect(await badge(page)).toBe('2');
    await waitForMapIdle(page);
    await page.screenshot({ path: path.join(SHOTS, 'radar.png') });

    const pins = await drawn(page, 'radar-stations');
    const canvas = await page.locator('[data-testid="map"] canvas.maplibregl-canvas').first().boundingBox();
    const inside = pins.find((p) => p.point[0] > 40 && p.point[1] > 60 && p.point[0] < (canvas?.width ?? 0) - 40 && p.point[1] < (canvas?.height ?? 0) - 40);
    expect(inside, 'a radar pin inside the map').toBeDefined();
    // The pin is drawn above its point (anchor bottom): click its head.
    await page.mouse.click((canvas?.x ?? 0) + inside!.point[0], (canvas?.y ?? 0) + inside!.point[1] - 16);
    const popup = page.locator('.maplibregl-popup .station-popup');
    await popup.waitFor();
    const text = (await popup.textContent()) ?? '';
    for (const field of ['CODE', 'BAND', 'SITE']) expect(text).toContain(field);
    expect(text).toContain(String(inside!.properties.CODE));
    expect(text).toContain('HF Radar');
    expect(await popup.locator('a, video').count()).toBe(0);
    // The popup answered the click: the feature drawer did not open for it.
    expect(await page.locator('[data-testid="feature-drawer"].drawer-open').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'radar-popup.png') });
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
  });

  it('/cctv: the list shows 22 CODEs, the CCTV layer is added; a click fits the map to the camera; leaving removes the layer', async () => {
    const { page } = suite.s;
    const app = suite.app;
    await navigateInApp(page, app.url('cctv?qa=1'));
    await page.getByRole('heading', { level: 1, name: 'กล้อง CCTV ชายฝั่ง' }).waitFor();
    const items = page.locator('.feature-list button');
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(22);
    const codes = (await items.allTextContents()).map((t) => t.trim());
    expect(new Set(codes).size).toBe(22);
    await expect.poll(() => drawn(page, 'cctv').then((d) => d.length), { timeout: 30_000 }).toBe(22);
    // The radar page's layers left with it.
    expect((await listedLayerNames(page)).some((id) => id.startsWith('radar-'))).toBe(false);
    expect(await badge(page)).toBe('1');

    const zoomBefore = Number(await page.locator('[data-testid="map"]').getAttribute('data-zoom'));
    await items.nth(3).click();
    await expect.poll(async () => Number(await page.locator('[data-testid="map"]').getAttribute('data-zoom')), { timeout: 20_000 }).toBeGreaterThan(zoomBefore + 3);
    await waitForMapIdle(page);
    const pins = await drawn(page, 'cctv');
    const box = await page.locator('[data-testid="map"] canvas.maplibregl-canvas').first().boundingBox();
    const centre: [number, number] = [(box?.width ?? 0) / 2, (box?.height ?? 0) / 2];
    const chosen = pins.find((p) => Math.hypot(p.point[0] - centre[0], p.point[1] - centre[1]) < 30);
    expect(chosen, 'the chosen camera is at the centre of the map').toBeDefined();
    await page.mouse.click((box?.x ?? 0) + chosen!.point[0], (box?.y ?? 0) + chosen!.point[1] - 16);
    const popup = page.locator('.maplibregl-popup .station-popup');
    await popup.waitFor();
    expect(await popup.locator('video').count()).toBe(1);
    expect((await popup.locator('a').textContent())?.trim()).toBe('Coastal CCTV Live');
    await page.screenshot({ path: path.join(SHOTS, 'cctv.png') });

    await navigateInApp(page, app.url('cmline?qa=1'));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expect.poll(() => listedLayerNames(page).then((ids) => ids.some((id) => id.startsWith('cctv')))).toBe(false);
    // The sample cameras' live links point at a host that does not exist (no network here).
    expect(describeProblems(suite.s.log.unexpected([/^https:\/\/cctv\.sample\.invalid\//]))).toBe('');
  });

  it('a legend card collapses and expands for real (SPEC.md §4); collapsed: true starts collapsed', async () => {
    const { page } = suite.s;
    const app = suite.app;
    await navigateInApp(page, app.url('radar'));
    const card = page.locator('.variant-body[data-page="radar/"] .legend-card').first();
    await card.waitFor();
    const items = card.locator('.legend-items');
    expect(await items.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'ย่อ' }).click();
    expect(await items.isVisible()).toBe(false);
    expect((await items.boundingBox())?.height ?? 0).toBe(0);
    await card.getByRole('button', { name: 'แสดง' }).click();
    expect(await items.isVisible()).toBe(true);

    await navigateInApp(page, app.url('landuse'));
    const landuse = page.locator('.variant-body[data-page="landuse/"] .legend-card').first();
    await landuse.waitFor();
    expect(await landuse.locator('.legend-items').isVisible()).toBe(false);
    expect(await landuse.getByRole('button', { name: 'แสดง' }).getAttribute('aria-expanded')).toBe('false');
  });
});
