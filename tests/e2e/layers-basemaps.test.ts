// Layers panel, base maps, satellite years and the QA panel (issue 5 §1, §2, §5) in Chromium at
// 1280x800 and 390x844 against the real backend (router + our own WMS on the sample database):
// two cmline year layers are reordered by drag and by keyboard and the map's drawn order
// (MapLibre style layers, read through the ?qa=1 handle) follows; the base-map choice survives a
// reload; satellite years send GetMap tiles with LAYERS=gistda_satellite_YYYY drawn below the
// topic layers; the QA panel downloads traces that scripts/replay.ts replays ok. Screenshots go to
// $LAYERS_SHOTS (default test-results/layers-basemaps).
import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeProblems, VIEWPORTS } from './support/browser.ts';
import { openSession, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { ROOT_DIR, type RunningApp } from './support/server.ts';
import { useSampleApp } from './support/sampleApp.ts';
import { th } from '../../src/locale/th.ts';

const SHOTS = process.env.LAYERS_SHOTS ?? path.join(ROOT_DIR, 'test-results', 'layers-basemaps');
mkdirSync(SHOTS, { recursive: true });
// A 1x1 PNG: stands in for public base-map tiles (no network in CI).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const sampleApp = useSampleApp();
let app: RunningApp;
beforeAll(() => {
  app = sampleApp();
});

const styleIds = (page: Page) => page.evaluate(() => window.__qa?.styleLayerIds() ?? []);
const listIds = (page: Page) => page.locator('.layer-list li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-layer-id') ?? ''));
/** Listed layer ids in the map's drawn order, top first. */
async function drawnTopFirst(page: Page, ids: readonly string[]): Promise<string[]> {
  const style = await styleIds(page);
  return ids.filter((id) => style.includes(id)).sort((a, b) => style.indexOf(b) - style.indexOf(a));
}
const yearLabel = (page: Page, year: number) => page.locator(`label[for="gistda_satellite_${year}"]`);
const row = (page: Page, id: string) => page.locator(`.toggle-row[data-row="${id}"]`);

async function showYear(page: Page, id: string): Promise<void> {
  await row(page, id).locator('button').click();
  await expect.poll(() => row(page, id).getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
}

/** /maps/cmline?qa=1 with Songkhla chosen and two year layers shown (2566, then 2567 on top). */
async function addTwoLayers(page: Page): Promise<string[]> {
  await page.goto(app.url('cmline?qa=1'));
  await page.locator('.variant-body').first().waitFor();
  const phone = (page.viewportSize()?.width ?? 1280) <= 768;
  if (phone) await page.locator('.mobile-header button').first().click();
  await waitForPickersSettled(page);
  const province = page.locator('.picker[data-picker="province"] select').last();
  await province.locator('option[value="90"]').waitFor({ state: 'attached' });
  await province.selectOption('90');
  await waitForPickersSettled(page);
  await showYear(page, 'cmline-2566');
  await showYear(page, 'cmline-2567');
  if (phone) {
    await page.locator('.sidebar .mobile-only').click();
    await page.waitForFunction(() => document.querySelector('.sidebar')?.hasAttribute('inert'));
  }
  await page.getByRole('button', { name: `${th.topMenu.layers} 2` }).click();
  const ids = await listIds(page);
  expect(ids).toHaveLength(2);
  await expect.poll(() => drawnTopFirst(page, ids)).toEqual(ids);
  return ids;
}

async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));
}

for (const { name, viewport } of VIEWPORTS) {
  const desktop = viewport.width > 800;
  describe(`layers and base maps, ${name}`, { timeout: 60_000 }, () => {
    let s: BrowserSession;
    const requests: URL[] = [];
    beforeAll(async () => {
      s = await openSession(viewport);
      s.page.on('request', (r) => {
        const url = new URL(r.url());
        if (url.pathname.endsWith('/wms')) requests.push(url);
      });
      await s.browser.context.route(/^https:\/\/([a-d]\.basemaps\.cartocdn\.com|tile\.openstreetmap\.org|server\.arcgisonline\.com)\//, (route) =>
        route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
      );
    });
    afterAll(async () => {
      await s?.close();
    });
    afterEach(async ({ task }) => {
      if (task.result?.state !== 'fail') return;
      await s.page.screenshot({ path: path.join(SHOTS, `FAILED-${viewport.width}-${task.name.slice(0, 30).replace(/[^\w-]+/g, '_')}.png`) }).catch(() => undefined);
      // Leave no dialog open for the next flow.
      await s.page.keyboard.press('Escape').catch(() => undefined);
    });

    it('reorders two layers by drag and by keyboard; the map draws them in the list order; hide, show, remove', async () => {
      const { page } = s;
      const [top, bottom] = (await addTwoLayers(page)) as [string, string];
      expect(await page.locator('.layer-list li').evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-zindex'))))).toEqual([601, 600]);

      // Drag the bottom row onto the top row.
      await page.locator(`.layer-list li[data-layer-id="${bottom}"]`).dragTo(page.locator(`.layer-list li[data-layer-id="${top}"]`));
      await expect.poll(() => listIds(page)).toEqual([bottom, top]);
      await expect.poll(() => drawnTopFirst(page, [top, bottom])).toEqual([bottom, top]);

      // Keyboard: Alt+ArrowDown on the focused top row, then the 'เลื่อนขึ้น' button.
      await page.locator(`.layer-list li[data-layer-id="${bottom}"]`).focus();
      await page.keyboard.press('Alt+ArrowDown');
      await expect.poll(() => listIds(page)).toEqual([top, bottom]);
      await expect.poll(() => drawnTopFirst(page, [top, bottom])).toEqual([top, bottom]);
      await page.locator(`.layer-list li[data-layer-id="${bottom}"]`).getByRole('button', { name: /^เลื่อนขึ้น/ }).click();
      await expect.poll(() => listIds(page)).toEqual([bottom, top]);
      await expect.poll(() => drawnTopFirst(page, [top, bottom])).toEqual([bottom, top]);
      expect(await page.locator('.layer-list li').evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-zindex'))))).toEqual([601, 600]);
      await page.screenshot({ path: path.join(SHOTS, `layers-panel-${viewport.width}.png`) });

      // Hide and show keep the place; remove empties the list.
      const bottomRow = page.locator(`.layer-list li[data-layer-id="${bottom}"]`);
      await bottomRow.getByRole('button', { name: 'ซ่อน' }).click();
      await expect.poll(async () => (await styleIds(page)).includes(bottom)).toBe(false);
      await bottomRow.getByRole('button', { name: 'แสดง' }).click();
      await expect.poll(() => drawnTopFirst(page, [top, bottom])).toEqual([bottom, top]);
      if (desktop) {
        await page.getByRole('button', { name: /^ลบ / }).first().click();
        await page.getByRole('button', { name: /^ลบ / }).first().click();
        await expect(page.getByText('ไม่มีเลเยอร์').isVisible()).resolves.toBe(true);
      }
      await closeDialog(page);
      expect(describeProblems(s.log.unexpected())).toBe('');
    });

    it('satellite years: one active, clicking it again clears it; tiles ask our WMS for gistda_satellite_YYYY below the topic layers', async () => {
      const { page } = s;
      if (!desktop) await addTwoLayers(page).then(() => closeDialog(page));
      await page.getByRole('button', { name: th.topMenu.basemap, exact: true }).click();
      const years = page.locator('.satellite-picker input');
      expect(await years.evaluateAll((inputs) => inputs.map((i) => i.id))).toEqual([2562, 2563, 2564, 2565, 2566, 2567].map((y) => `gistda_satellite_${y}`));
      expect(await page.locator('.satellite-picker label').allTextContents()).toEqual([2562, 2563, 2564, 2565, 2566, 2567].map((y) => `ปี พ.ศ. ${y}`));
      requests.length = 0;
      const tilesOf = (layer: string) => requests.filter((u) => u.searchParams.get('LAYERS') === layer && u.searchParams.get('REQUEST') === 'GetMap');

      await yearLabel(page, 2565).click();
      await expect.poll(() => tilesOf('gistda_satellite_2565').length, { timeout: 20_000 }).toBeGreaterThan(0);
      const tile = tilesOf('gistda_satellite_2565')[0]!;
      expect(tile.pathname).toBe('/geoserver/tcs_postgres/wms');
      expect(tile.searchParams.has('key')).toBe(false);
      await page.screenshot({ path: path.join(SHOTS, `basemap-dialog-${viewport.width}.png`) });
      // Lowest overlay: right above the base map, below every topic layer.
      const style = await styleIds(page);
      const sat = style.indexOf('gistda-satellite');
      expect(sat).toBeGreaterThan(0);
      const topicIdx = style.map((id, i) => (id.startsWith('cmline') ? i : -1)).filter((i) => i >= 0);
      if (!desktop) expect(topicIdx.length).toBe(2);
      for (const i of topicIdx) expect(i).toBeGreaterThan(sat);

      await yearLabel(page, 2567).click();
      await expect.poll(() => tilesOf('gistda_satellite_2567').length, { timeout: 20_000 }).toBeGreaterThan(0);
      expect(await page.locator('.satellite-picker input:checked').evaluateAll((i) => i.map((x) => x.id))).toEqual(['gistda_satellite_2567']);
      await yearLabel(page, 2567).click();
      await expect.poll(async () => (await styleIds(page)).includes('gistda-satellite')).toBe(false);
      expect(await page.locator('.satellite-picker input:checked').count()).toBe(0);
      await closeDialog(page);
    });

    it('the base-map choice (four public thumbnails + offline) survives a reload', async () => {
      const { page } = s;
      await page.getByRole('button', { name: th.topMenu.basemap, exact: true }).click();
      expect(await page.locator('.basemap-picker label').allTextContents()).toEqual(['OpenStreetMap', 'Esri World Imagery', 'Carto Positron', 'Carto Dark Matter', 'แผนที่ออฟไลน์']);
      await page.getByText('Carto Positron').click();
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      // The choice is in the link too (issue 11 URL state): the reload restores it from there.
      await page.waitForURL(/[?&]bm=cartoPositron(&|$)/);
      await page.reload();
      await page.getByRole('button', { name: th.topMenu.basemap, exact: true }).click();
      await expect.poll(() => page.locator('.basemap-picker label.selected').textContent()).toBe('Carto Positron');
      expect(await page.evaluate(() => localStorage.getItem('basemap'))).toBe('cartoPositron');
      await closeDialog(page);
    });

    if (desktop) {
      it('the QA panel downloads the session traces and scripts/replay.ts replays them ok', async () => {
        const { page } = s;
        await addTwoLayers(page);
        await closeDialog(page);
        const panel = page.getByRole('region', { name: 'QA' });
        const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button').click()]);
        const file = path.join(SHOTS, 'session-traces.json');
        await download.saveAs(file);
        const { stdout } = await promisify(execFile)(path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx'), ['scripts/replay.ts', file], { cwd: ROOT_DIR });
        const lines = stdout.trim().split('\n');
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line).toMatch(/: ok \(\d+ steps\)$/);
        // Without ?qa=1 there is no panel and no handle.
        await page.goto(app.url('cmline'));
        await page.locator('.variant-body').first().waitFor();
        expect(await page.getByRole('region', { name: 'QA' }).count()).toBe(0);
        expect(await page.evaluate(() => typeof window.__qa)).toBe('undefined');
      });
    }
  });
}
