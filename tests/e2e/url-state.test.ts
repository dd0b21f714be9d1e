// Map state in the URL (issue 11 item 1) in Chromium against the sample database: on /cmline a
// province, two year layers (one hidden, reordered), a zoom, the offline base map and a satellite
// year are written as a short query; 'คัดลอกลิงก์' copies it with a Thai toast; the link opened in
// a fresh browser restores the same pickers, layers (order and visibility), view, base map and
// satellite year. Back returns to earlier states, also after switching tab; a link with unknown
// values shows one Thai toast and the rest of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, describeProblems, waitForMapIdle } from './support/browser.ts';
import { openSession, providerApiPatterns, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import type { RunningApp } from './support/server.ts';
import { th } from '../../src/locale/th.ts';

const sampleApp = useSampleApp();

const row = (page: Page, id: string) => page.locator(`.toggle-row[data-row="${id}"]`);
const province = (page: Page) => page.locator('.picker[data-picker="province"] select').last();
const listIds = (page: Page) => page.locator('.layer-list li').evaluateAll((lis) => lis.map((li) => `${li.getAttribute('data-layer-id')}:${li.querySelector('.muted') ? 'hidden' : 'shown'}`));
const zoomOf = async (page: Page) => Number(await page.locator('[data-testid="map"]').getAttribute('data-zoom'));
const query = (page: Page) => new URL(page.url()).searchParams;

async function showYear(page: Page, id: string): Promise<void> {
  await row(page, id).locator('button').click();
  await expect.poll(() => row(page, id).getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
}

async function layerList(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: new RegExp(`^${th.topMenu.layers} \\d+$`) }).click();
  const ids = await listIds(page);
  await page.keyboard.press('Escape');
  return ids;
}

describe('URL state, desktop', { timeout: 120_000 }, () => {
  let s: BrowserSession;
  let fresh: BrowserSession | undefined;
  let app: RunningApp;
  beforeAll(async () => {
    app = sampleApp();
    s = await openSession(DESKTOP);
    await s.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
  });
  afterAll(async () => {
    await s?.close();
    await fresh?.close();
  });

  it('a copied link restores the same view in a fresh browser; Back walks the states', async () => {
    const { page } = s;
    await page.goto(app.url('cmline'));
    // The URL holds the map's view, so it is written once the map is there: the map view loads
    // beside the shell (issue 13), and the pickers can be ready before it.
    await waitForMapIdle(page);
    await waitForPickersSettled(page);
    await province(page).locator('option[value="90"]').waitFor({ state: 'attached' });
    await province(page).selectOption('90');
    await waitForPickersSettled(page);
    await expect.poll(() => query(page).get('p.province')).toBe('90');
    await showYear(page, 'cmline-2566');
    await showYear(page, 'cmline-2567');
    // 2566 on top and hidden; a satellite year; zoom in once the fits are done.
    await page.getByRole('button', { name: new RegExp(`^${th.topMenu.layers} \\d+$`) }).click();
    await page.locator('.layer-list li[data-layer-id="cmline-2566"]').getByRole('button', { name: /^เลื่อนขึ้น/ }).click();
    await page.locator('.layer-list li[data-layer-id="cmline-2566"]').getByRole('button', { name: th.hide }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: th.topMenu.basemap, exact: true }).click();
    await page.locator('label[for="gistda_satellite_2567"]').click();
    await page.keyboard.press('Escape');
    await waitForMapIdle(page);
    await page.getByRole('button', { name: th.zoomIn }).click();
    await expect.poll(() => query(page).get('rows')).toBe('~cmline-2566,cmline-2567');
    await expect.poll(() => query(page).get('sat')).toBe('2567');
    await waitForMapIdle(page);
    const zoom = await zoomOf(page);
    await expect.poll(() => Number(query(page).get('z'))).toBeCloseTo(zoom, 1);

    await page.getByRole('button', { name: th.urlState.copyLink }).click();
    await page.getByText(th.urlState.copied).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/maps\/cmline\?v=1&c=[\d.]+,[\d.]+&z=[\d.]+&p\.province=90&rows=~cmline-2566,cmline-2567&bm=offline&sat=2567$/);
    const before = await layerList(page);
    expect(before).toEqual(['cmline-2566:hidden', 'cmline-2567:shown']);

    // A fresh browser (new profile, nothing remembered) opens the link.
    fresh = await openSession(DESKTOP, { basemapUnset: true });
    const other = fresh.page;
    await other.goto(link);
    await waitForPickersSettled(other);
    await expect.poll(() => province(other).inputValue(), { timeout: 20_000 }).toBe('90');
    await expect.poll(() => row(other, 'cmline-2567').getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await expect.poll(() => row(other, 'cmline-2566').getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await expect.poll(() => layerList(other)).toEqual(before);
    await waitForMapIdle(other);
    expect(await zoomOf(other)).toBeCloseTo(zoom, 1);
    await other.getByRole('button', { name: th.topMenu.basemap, exact: true }).click();
    expect(await other.locator('input[name="basemap"][value="offline"]').isChecked()).toBe(true);
    expect(await other.locator('#gistda_satellite_2567').isChecked()).toBe(true);
    await other.keyboard.press('Escape');
    expect(await other.locator('.toast').allTextContents()).not.toContain(th.urlState.invalid);
    expect(new URL(other.url()).search).toBe(new URL(link).search);
    expect(describeProblems(fresh.log.unexpected(providerApiPatterns(app.bundle)))).toBe('');

    // Back/Forward: to the island tab and back keeps the province and layers.
    await page.getByRole('link', { name: 'เกาะ', exact: true }).click();
    await page.waitForURL(/\/cmline\/island/);
    await page.goBack();
    await expect.poll(() => province(page).inputValue(), { timeout: 20_000 }).toBe('90');
    await expect.poll(() => row(page, 'cmline-2567').getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await expect.poll(() => layerList(page)).toEqual(before);
    // Back again walks the earlier states of the page: before the satellite year, the hidden
    // layer, ... down to the province alone.
    await page.goBack();
    await expect.poll(() => query(page).get('sat')).toBe(null);
    await expect.poll(() => row(page, 'cmline-2567').getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await page.goForward();
    await expect.poll(() => query(page).get('sat')).toBe('2567');
  });

  it('unknown or invalid values are skipped with one Thai toast; the rest is restored', async () => {
    const { page } = s;
    s.log.clear();
    await page.goto(app.url('cmline?v=1&p.province=90&p.district=nope&rows=cmline-2567,bogus&bm=mars&sat=1999&zz=1&c=999,1&z=6'));
    await waitForPickersSettled(page);
    await expect.poll(() => province(page).inputValue(), { timeout: 20_000 }).toBe('90');
    await expect.poll(() => row(page, 'cmline-2567').getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    await expect.poll(() => page.locator('.toast', { hasText: th.urlState.invalid }).count()).toBe(1);
    await page.waitForTimeout(500);
    expect(await page.locator('.toast', { hasText: th.urlState.invalid }).count()).toBe(1);
    expect(s.log.all.filter((p) => p.kind === 'pageerror')).toEqual([]);
    // The URL is rewritten with what was kept (once the map is there: the URL holds its view).
    await waitForMapIdle(page);
    await expect.poll(() => query(page).get('rows'), { timeout: 5000 }).toBe('cmline-2567');
    expect(query(page).get('bm')).not.toBe('mars');
  });
});
