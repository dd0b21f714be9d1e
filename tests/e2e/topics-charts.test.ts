// Charts, tables, downloads and the feature drawer in Chromium against the real backend (router,
// WMS, WFS on a copy of the generated sample database), on /cmline-changearea:
// - SPEC.md §4 Charts: erosion shows a vega-lite bar chart and a table whose figures equal the
//   sums the database returns for the same query; they slide in; hiding the row clears them.
// - SPEC.md §7/§8 download: erosion.zip through the router, with the toasts; its .dbf holds the
//   Thai names (UTF-8, .cpg says so).
// - SPEC.md §4 Map click, §2 Feature drawer: a click on a drawn coastline opens the drawer, draws
//   the red box and marker for 5 s, sends one GetFeatureInfo per distinct WMS URL through
//   router?page=wms; the attributes show as text (a stored '<img src=x onerror=alert(1)>' stays
//   literal and opens no dialog), empty values are hidden, shape_leng is km with 4 decimals;
//   closing clears.
// Screenshots go to $CHARTS_SHOTS (default test-results/topics-charts).
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openSampleDatabase, type TestDatabase } from '../server/db/testDatabase.ts';
import { describeProblems, DESKTOP, waitForMapIdle } from './support/browser.ts';
import { findColour } from './support/drawer.ts';
import { openSession, providerApiPatterns, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { CONFIG_DIR, loadBundle, ROOT_DIR, startApp, type RunningApp } from './support/server.ts';
import { th } from '../../src/locale/th.ts';

const bundle = await loadBundle(CONFIG_DIR);
const SHOTS = process.env.CHARTS_SHOTS ?? path.join(ROOT_DIR, 'test-results', 'topics-charts');
mkdirSync(SHOTS, { recursive: true });

const ROUTE = 'cmline-changearea';
const TITLE = bundle.topics.find((t) => t.route === ROUTE)!.title.th;
const PROVINCE = '90'; // สงขลา
const START = '2562';
const END = '2567';
const XSS = '<img src=x onerror=alert(1)>';
/** The 2567 colour of the coastline legend (config/legends.yaml cmline-years). */
const LINE_2567 = bundle.legends.find((l) => l.id === 'cmline-years')!.items.find((i) => String(i.code) === END)!.color!;
const TOAST = { progress: 'กำลังดาวน์โหลด...', done: 'ดาวน์โหลดเสร็จสมบูรณ์' };
const NO_DATA = 'ไม่พบข้อมูล';
const LOADING = 'กำลังโหลด';

const thai3 = (n: number) => n.toLocaleString('th-TH', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const num = (text: string) => Number(text.replace(/,/g, ''));

/** The toggle row of the rows section whose label is exactly `label`. */
function row(page: Page, label: string): Locator {
  return page.locator('li').filter({ has: page.getByText(label, { exact: true }) });
}

async function choosePickers(page: Page): Promise<void> {
  await waitForPickersSettled(page);
  await page.getByLabel('จังหวัด', { exact: true }).selectOption(PROVINCE);
  await page.getByLabel('ปีเริ่มต้น', { exact: true }).selectOption(START);
  await page.getByLabel('ปีสิ้นสุด', { exact: true }).selectOption(END);
}

/** Clicks the row's button and waits for it to read `after`. */
async function toggleRow(page: Page, label: string, after: 'แสดง' | 'ซ่อน'): Promise<void> {
  const r = row(page, label);
  await r.getByRole('button').click();
  await r.getByRole('button', { name: after }).waitFor({ timeout: 30_000 });
}

let db: TestDatabase;
let app: RunningApp;
let s: BrowserSession;
let page: Page;
const dialogs: string[] = [];

/** The erosion areas of the same query the page sends (viewparams code, start, end), grouped as
 *  the chart groups them: by province, district, sub-district. */
/** A province query is the province view: its chart goes province > district (SPEC.md §4). */
async function erosionSums(): Promise<Array<{ prv_name: string; amp_name: string; area: number }>> {
  const { rows } = await db.db.query<{ prv_name: string; amp_name: string; area: number }>(
    `SELECT prv_name, amp_name, sum(area)::float8 AS area FROM change_area
      WHERE dataset = 'cmline' AND zone = 'mainland' AND kind = 'erosion' AND start_year = $1 AND end_year = $2 AND prv_code = $3
        AND amp_name IS NOT NULL
      GROUP BY prv_name, amp_name`,
    [Number(START), Number(END), PROVINCE],
  );
  return rows;
}

beforeAll(async () => {
  db = await openSampleDatabase();
  // A stored attribute holding markup, on the coastline the drawer will show (SPEC.md: values are
  // text, never HTML), and an empty value that must be hidden.
  await db.db.query(`UPDATE cmline SET tam_name = $1, tam_code = NULL WHERE zone = 'mainland' AND prv_code = $2`, [XSS, PROVINCE]);
  app = await startApp(CONFIG_DIR, { db: db.db });
  s = await openSession(DESKTOP);
  page = s.page;
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
}, 240_000);

afterAll(async () => {
  await s?.close();
  await app?.close();
  await db?.close();
});

describe(`/${ROUTE}: charts, tables, download and feature information`, () => {
  it('SPEC §4 Charts: erosion shows a bar chart and a table whose areas equal the database sums for the same query', async () => {
    s.log.clear();
    // vega / vega-lite / vega-embed live in their own chunk, fetched only when a chart is drawn.
    const lazyChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/embed-[^/]*\.js$/.test(new URL(r.url()).pathname)) lazyChunks.push(r.url());
    });
    await page.goto(app.url(ROUTE));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await choosePickers(page);
    await waitForMapIdle(page);
    expect(lazyChunks, 'the chart libraries are not part of the page load').toEqual([]);

    const chart = page.getByTestId('chart-erosion-chart');
    const download = page.getByRole('button', { name: 'ดาวน์โหลดพื้นที่กัดเซาะ' });
    // No result yet: no chart, and the download flag is off.
    expect(await chart.count()).toBe(0);
    expect(await download.isDisabled()).toBe(true);

    await toggleRow(page, 'พื้นที่กัดเซาะ', 'ซ่อน');
    await chart.waitFor({ timeout: 30_000 });
    // The panel slides in (~100 ms after the data) and the lazily loaded vega-lite chart draws.
    await chart.and(page.locator('.chart-panel-in')).waitFor();
    await chart.locator('.vega-chart[data-state="ready"] svg').waitFor({ timeout: 30_000 });
    expect(lazyChunks.length, 'the chart libraries load on demand').toBe(1);
    expect(await chart.getByRole('heading', { name: 'พื้นที่กัดเซาะ', exact: true }).isVisible()).toBe(true);
    expect(await download.isEnabled()).toBe(true);
    // Only erosion has data: no accretion chart.
    expect(await page.getByTestId('chart-accretion-chart').count()).toBe(0);

    const expected = await erosionSums();
    expect(expected.length).toBeGreaterThan(0);
    const key = (p: string, d: string) => `${p}|${d}`;
    const byKey = new Map(expected.map((r) => [key(r.prv_name, r.amp_name), r.area]));
    const total = expected.reduce((sum, r) => sum + r.area, 0);

    // Only a province was chosen: the province view, charted province > district (SPEC.md §4).
    expect(await chart.getAttribute('data-level')).toBe('อำเภอ'); // the deepest level charted: districts
    // One province: its name is said once under the caption, not on every row (issue 11: the
    // ตร.กม. column was cut off in the sidebar).
    const headers = await chart.locator('thead th').allInnerTexts();
    expect(headers.map((h) => h.trim())).toEqual(['อำเภอ', 'ไร่', 'งาน', 'ตร.วา', 'ตร.กม.']);
    const p = (await chart.locator('.chart-table-scope').innerText()).replace(/^จังหวัด /, '');
    expect(p).toBe(expected[0]!.prv_name);

    const rows = await chart.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows).toHaveLength(expected.length);
    for (const [d, rai, ngan, wah, sqkm] of rows as string[][]) {
      const area = byKey.get(key(p!, d!));
      expect(area, `row ${p} ${d} is in the database result`).toBeDefined();
      // Numbers th-TH: rai and ngan whole, square wah and sq km with exactly 3 decimals (issue 16).
      for (const cell of [rai!, ngan!]) expect(cell).toMatch(/^-?\d{1,3}(,\d{3})*$/);
      for (const cell of [wah!, sqkm!]) expect(cell).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{3}$/);
      expect(sqkm).toBe(thai3(area! / 1_000_000));
      // rai + ngan + square wah make the area (1 rai = 4 ngan = 400 wah = 1600 sq m).
      expect(Math.abs(num(rai!) * 1600 + num(ngan!) * 400 + num(wah!) * 4 - area!)).toBeLessThan(0.01);
      expect(num(ngan!)).toBeLessThan(4);
      expect(num(wah!)).toBeLessThan(100);
    }
    const foot = await chart.locator('tfoot td').allInnerTexts();
    expect(foot.at(-1)).toBe(thai3(total / 1_000_000));
    expect(await chart.locator('.chart-total').innerText()).toContain(`${Math.floor(total / 1600).toLocaleString('th-TH')} ไร่`);

    // The bars: one per row, each the area in rai of its district.
    const bars = await chart.locator('.vega-chart svg .mark-rect path').evaluateAll((ps) => ps.map((p) => p.getAttribute('aria-label') ?? ''));
    expect(bars).toHaveLength(expected.length);
    for (const label of bars) {
      const rai = Number(/^พื้นที่ \(ไร่\): ([\d,.]+)/.exec(label)?.[1]?.replace(/,/g, ''));
      const [p, d] = ['จังหวัด', 'อำเภอ'].map((k) => new RegExp(`${k}: ([^;]+)`).exec(label)?.[1]?.trim() ?? '');
      const area = byKey.get(key(p!, d!));
      expect(area, label).toBeDefined();
      expect(Math.abs(rai - area! / 1600), label).toBeLessThan(0.0006);
    }
    // The bar colour is the config colour; the axis text is Thai.
    expect(await chart.locator('.vega-chart svg .mark-rect path').first().getAttribute('fill')).toBe('#FF0000');
    expect(await chart.locator('.vega-chart svg').innerHTML()).toContain('พื้นที่ (ไร่)');

    // What the user sees: the panel scrolled to the top of the sidebar, then its table.
    await chart.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'chart-erosion.png') });
    await chart.locator('.chart-table-wrap').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SHOTS, 'table-erosion.png') });
    // At 1024 px the sidebar is at its narrowest: every column, ตร.กม. included, still fits.
    const viewport = page.viewportSize()!;
    await page.setViewportSize({ width: 1024, height: viewport.height });
    await expect.poll(() => chart.locator('.chart-table-wrap').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize(viewport);
    expect(describeProblems(s.log.unexpected(providerApiPatterns(bundle)))).toBe('');
  });

  it('SPEC §7/§8 download: erosion.zip through the router with the toasts; its .dbf holds the Thai names', async () => {
    const download = page.getByRole('button', { name: 'ดาวน์โหลดพื้นที่กัดเซาะ' });
    const asked: URL[] = [];
    const onRequest = (r: { url(): string }) => {
      const u = new URL(r.url());
      if (u.searchParams.get('page') === 'download') asked.push(u);
    };
    page.on('request', onRequest);
    const saving = page.waitForEvent('download');
    await download.click();
    const file = await saving;
    page.off('request', onRequest);

    expect(file.suggestedFilename()).toBe('erosion.zip');
    expect(asked).toHaveLength(1);
    const q = asked[0]!.searchParams;
    expect(asked[0]!.pathname).toBe(`/${bundle.app.product}/v2/router`);
    expect(Object.fromEntries(q)).toMatchObject({
      page: 'download',
      mode: 'changecoastline',
      outputFormat: 'shape-zip',
      typeName: `${bundle.app.product}:erosion_area`,
      viewparams: `code:${PROVINCE};start:${START};end:${END}`,
    });

    const toast = page.locator('.toast', { hasText: TOAST.done });
    await toast.waitFor();
    // Success closes by itself after app.delays.toastCloseMs (3 s).
    await toast.waitFor({ state: 'detached', timeout: bundle.app.delays.toastCloseMs + 3000 });

    const zip = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    const names = Object.keys(zip);
    const dbfName = names.find((n) => n.toLowerCase().endsWith('.dbf'));
    expect(dbfName, names.join(', ')).toBeDefined();
    expect(names.some((n) => n.toLowerCase().endsWith('.shp'))).toBe(true);
    const cpg = names.find((n) => n.toLowerCase().endsWith('.cpg'));
    expect(new TextDecoder().decode(zip[cpg!]).trim().toUpperCase()).toMatch(/^UTF-?8$/);
    // The records after the dBASE header (its length is the uint16 at byte 8), read as UTF-8.
    const bytes = zip[dbfName!]!;
    const headerLength = bytes[8]! | (bytes[9]! << 8);
    const dbf = new TextDecoder('utf-8').decode(bytes.subarray(headerLength));
    expect(dbf).not.toContain('\uFFFD');
    expect(dbf).toContain('สงขลา');
    // Every district and sub-district name of the query, in Thai, as the database has them.
    const { rows: names2 } = await db.db.query<{ amp_name: string; tam_name: string }>(
      `SELECT DISTINCT amp_name, tam_name FROM change_area WHERE dataset = 'cmline' AND zone = 'mainland' AND kind = 'erosion'
        AND start_year = $1 AND end_year = $2 AND prv_code = $3 AND tam_name IS NOT NULL`,
      [Number(START), Number(END), PROVINCE],
    );
    expect(names2.length).toBeGreaterThan(0);
    for (const r of names2) {
      expect(dbf, r.tam_name).toContain(r.tam_name);
      expect(dbf, r.amp_name).toContain(r.amp_name);
    }
  });

  it('SPEC §4: hiding the row clears the chart, the table and the download flag', async () => {
    await toggleRow(page, 'พื้นที่กัดเซาะ', 'แสดง');
    await page.getByTestId('chart-erosion-chart').waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'ดาวน์โหลดพื้นที่กัดเซาะ' }).isDisabled()).toBe(true);
  });

  it('SPEC §4 Map click: a click on a drawn coastline shows its attributes as text in the drawer; one GetFeatureInfo per WMS URL via the router proxy', async () => {
    s.log.clear();
    // Erosion fits the map to Songkhla; then the coastline (WMS) alone is drawn.
    await toggleRow(page, 'พื้นที่กัดเซาะ', 'ซ่อน');
    await toggleRow(page, 'แนวชายฝั่ง', 'ซ่อน');
    await toggleRow(page, 'พื้นที่กัดเซาะ', 'แสดง');
    // The coastline's tiles: the map may go idle between the row's toggles before they are drawn.
    await waitForMapIdle(page);
    await expect.poll(() => findColour(page, LINE_2567), { timeout: 20_000, message: `a ${LINE_2567} coastline pixel on the map` }).not.toBeNull();
    const hit = await findColour(page, LINE_2567);

    const infoRequests: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.searchParams.get('page') === 'wms') infoRequests.push(u);
    });
    // Hold the answer a moment to see the loading state.
    const isInfo = (u: URL) => u.pathname.endsWith('/v2/router') && u.searchParams.get('page') === 'wms';
    await page.route(isInfo, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });

    const box = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.click(box.x + hit!.x, box.y + hit!.y);
    const drawer = page.getByRole('complementary', { name: th.featureInfo });
    await drawer.locator('[data-info-status="loading"]', { hasText: LOADING }).waitFor();
    // The click feedback: a marker and a small red box on the clicked point, for app.delays.infoMarkerMs.
    expect(await page.getByTestId('feature-info-marker').count()).toBe(1);
    const RED = '#FF0000';
    await expect.poll(() => findColour(page, RED, 40, { ...hit!, radius: 12 }), { timeout: 4000 }).not.toBeNull();
    await page.screenshot({ path: path.join(SHOTS, 'drawer-loading.png') });

    const content = drawer.getByTestId('feature-info');
    await content.waitFor({ timeout: 15_000 });
    await page.unroute(isInfo);
    await page.screenshot({ path: path.join(SHOTS, 'drawer.png') });

    // One request for the one WMS URL of the page, through router?page=wms&wms=<encoded url>.
    expect(infoRequests).toHaveLength(1);
    const wms = new URL(infoRequests[0]!.searchParams.get('wms')!, app.origin);
    expect(infoRequests[0]!.pathname).toBe(`/${bundle.app.product}/v2/router`);
    expect(wms.pathname).toBe(`/geoserver/${bundle.app.product}_postgres/wms`);
    const p = Object.fromEntries(wms.searchParams);
    expect(p).toMatchObject({
      SERVICE: 'WMS',
      VERSION: '1.1.0',
      REQUEST: 'GetFeatureInfo',
      SRS: 'EPSG:4326',
      INFO_FORMAT: 'application/json',
      QUERY_LAYERS: `${bundle.app.product}:cmline_change`,
      CQL_FILTER: `prv_code = '${PROVINCE}'`,
    });
    const mapSize = await page.getByTestId('map').evaluate((el) => ({ w: el.clientWidth, h: el.clientHeight }));
    expect(Number(p.WIDTH)).toBe(mapSize.w);
    expect(Number(p.HEIGHT)).toBe(mapSize.h);
    expect(Math.abs(Number(p.X) - hit!.x)).toBeLessThanOrEqual(1.5);
    expect(p.BBOX!.split(',')).toHaveLength(4);

    // A table per feature, headed by the layer name; values are text.
    const layerName = `แนวชายฝั่ง พ.ศ. ${START} และ พ.ศ. ${END}`;
    expect(await content.getByRole('heading', { name: layerName }).count()).toBeGreaterThan(0);
    const first = content.locator('table').first();
    const cells = Object.fromEntries(
      await first.locator('tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? ''])),
    );
    expect(cells['จังหวัด']).toBe('สงขลา');
    expect(cells['ความยาว (กม.)']).toMatch(/^\d{1,3}(,\d{3})*\.\d{4}$/);
    // The stored markup is shown literally, never parsed.
    expect(cells['ตำบล']).toBe(XSS);
    expect(await drawer.locator('img').count()).toBe(0);
    expect(await drawer.getByText(XSS, { exact: true }).first().isVisible()).toBe(true);
    // The empty tam_code is hidden.
    expect(cells['รหัสตำบล']).toBeUndefined();
    expect(Object.keys(cells)).not.toContain('รหัสตำบล');

    // shape_leng x 0.001 equals the stored value in km (of one of the province's lines: the gid
    // is an internal id the drawer hides, issue 24).
    const { rows } = await db.db.query<{ shape_leng: number }>('SELECT shape_leng FROM cmline WHERE prv_code = $1', [PROVINCE]);
    expect(rows.map((r) => (r.shape_leng * 0.001).toLocaleString('th-TH', { minimumFractionDigits: 4, maximumFractionDigits: 4 }))).toContain(cells['ความยาว (กม.)']);

    // The marker goes after 5 s.
    await page.getByTestId('feature-info-marker').waitFor({ state: 'detached', timeout: bundle.app.delays.infoMarkerMs + 3000 });
    await expect.poll(() => findColour(page, RED, 40, { ...hit!, radius: 12 }), { timeout: 4000 }).toBeNull();
    await page.waitForTimeout(500);
    expect(dialogs).toEqual([]);

    // Closing clears the content.
    await drawer.getByRole('button', { name: 'ปิด' }).click();
    await page.locator('[data-testid="feature-drawer"][aria-hidden="true"]').waitFor({ state: 'attached' });
    expect(await page.getByTestId('feature-info').count()).toBe(0);
    expect(await page.getByTestId('feature-drawer').innerText()).toContain(NO_DATA);
    expect(describeProblems(s.log.unexpected(providerApiPatterns(bundle)))).toBe('');
  });

  it("SPEC §8: a click where there is no feature says 'ไม่พบข้อมูล'", async () => {
    const box = (await page.getByTestId('map').boundingBox())!;
    // The top-left sea corner, clear of the lines.
    await page.mouse.click(box.x + 80, box.y + 80);
    const drawer = page.getByRole('complementary', { name: th.featureInfo });
    await drawer.locator('[data-info-status="empty"]', { hasText: NO_DATA }).waitFor({ timeout: 15_000 });
    expect(await drawer.getByTestId('feature-info').count()).toBe(0);
    await drawer.getByRole('button', { name: 'ปิด' }).click();
    expect(dialogs).toEqual([]);
  });
});
