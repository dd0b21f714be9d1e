// /shoreline-trend end to end on the reference backend (issue 14 items 4-6): the page draws rate
// points coloured by class; a click opens the drawer with the rate ± 95 % interval in words and
// the chart of every year; changing the period changes the totals; the significance toggle hides
// the non-significant points; both downloads open in GDAL's ogrinfo with Thai intact.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeProblems, waitForMapIdle, waitForMapZoom } from './support/browser.ts';
import { gotoTopic, providerApiPatterns, waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR, type RunningApp } from './support/server.ts';
import { th } from '../../src/locale/th.ts';

const SHOTS = process.env.TREND_SHOTS ?? path.join(ROOT_DIR, 'test-results', 'shoreline-trend');
const RATE_CLASSES = ['severe_erosion', 'moderate_erosion', 'low_erosion', 'none', 'low_accretion', 'moderate_accretion', 'severe_accretion'];

type Drawn = Array<{ properties: Record<string, unknown>; point: [number, number] }>;
const drawn = (page: Page) => page.evaluate(() => window.__qa?.drawnFeatures('rates') ?? []) as Promise<Drawn>;
const rowState = (page: Page) => page.locator('[data-row="rates"]').getAttribute('data-state');
const tableText = (page: Page, id: string) => page.locator(`[data-testid="chart-${id}"] .chart-table`).innerText();

/** Songkhla (90), period 2562-2567, rate points shown. */
async function showSongkhla(page: Page, app: RunningApp): Promise<void> {
  await gotoTopic(page, app, 'shoreline-trend?qa=1', 'แนวโน้มการเปลี่ยนแปลงชายฝั่ง');
  await waitForPickersSettled(page);
  await page.locator('[data-picker="province"] select').selectOption('90');
  await waitForPickersSettled(page);
  expect(await page.locator('[data-picker="start"] select').inputValue()).toBe('2562');
  expect(await page.locator('[data-picker="end"] select').inputValue()).toBe('2567');
  await page.locator('[data-row="rates"] button').click();
  await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
}

/** The map canvas position of a drawn point well inside the map. */
async function pointInside(page: Page, points: Drawn): Promise<{ x: number; y: number; properties: Record<string, unknown> }> {
  const box = await page.locator('[data-testid="map"] canvas.maplibregl-canvas').first().boundingBox();
  const inside = points.find((p) => p.point[0] > 60 && p.point[1] > 80 && p.point[0] < (box?.width ?? 0) - 60 && p.point[1] < (box?.height ?? 0) - 60);
  expect(inside, 'a rate point inside the map').toBeDefined();
  return { x: (box?.x ?? 0) + inside!.point[0], y: (box?.y ?? 0) + inside!.point[1], properties: inside!.properties };
}

describe('/shoreline-trend', { timeout: 300_000 }, () => {
  const suite = backendSuite(SHOTS);

  it('draws rate points coloured by class; a click opens the rate ± CI in words, the statistics and the chart of every year', async () => {
    const { page } = suite.s;
    const app = suite.app;
    await showSongkhla(page, app);
    await waitForMapIdle(page);
    await expect.poll(async () => (await drawn(page)).length, { timeout: 60_000 }).toBeGreaterThan(100);
    const points = await drawn(page);
    expect(points.every((p) => p.properties.prv_code === '90')).toBe(true);
    expect(new Set(points.map((p) => p.properties.rate_class)).size).toBeGreaterThan(2);
    for (const p of points) if (p.properties.rate_class !== null) expect(RATE_CLASSES).toContain(p.properties.rate_class);
    // The legend names every class in Thai (colour is not the only cue: the chart table too).
    const legend = await page.locator('.legend-card').filter({ hasText: 'อัตราการเปลี่ยนแปลงชายฝั่ง' }).innerText();
    for (const label of ['กัดเซาะรุนแรง', 'กัดเซาะปานกลาง', 'ทับถมมาก']) expect(legend).toContain(label);
    // ... and by symbol: the card shows the marks the map draws (erosion down, accretion up).
    const card = page.locator('.legend-card').filter({ hasText: 'อัตราการเปลี่ยนแปลงชายฝั่ง' });
    const symbols = await card.locator('svg.legend-symbol').evaluateAll((svgs) => svgs.map((s) => s.getAttribute('data-symbol')));
    expect(symbols).toEqual(['triangle-down', 'triangle-down', 'triangle-down', 'circle', 'triangle-up', 'triangle-up', 'triangle-up']);
    expect(await page.evaluate(() => window.__qa?.styleLayerIds().filter((id) => id.startsWith('rates::')))).toEqual(['rates::symbol']);
    // The totals are the server's (mode=totals), with the share of significant trends per district.
    await page.locator('[data-testid="chart-rate-chart"] .chart-table').waitFor({ timeout: 60_000 });
    expect(await tableText(page, 'rate-chart')).toContain('มีนัยสำคัญ (%)');
    await waitForMapIdle(page);
    await page.screenshot({ path: path.join(SHOTS, 'points.png') });

    const router = new URL(app.bundle.app.backend.router.replace('{product}', app.bundle.app.product), app.url()).toString();
    const years = ((await (await page.request.get(`${router}?page=transects&mode=years`)).json()) as { data: number[] }).data;
    const target = await pointInside(page, points);
    await page.mouse.click(target.x, target.y);
    const info = page.locator('[data-testid="trend-info"]');
    await info.waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="trend-chart"] .vega-chart-ready').waitFor({ timeout: 30_000 });
    const rate = (await info.locator('[data-testid="trend-rate"]').innerText()).trim();
    expect(rate).toMatch(/^(ถอยร่น [\d.]+ ± [\d.]+|รุกออกสู่ทะเล [\d.]+ ± [\d.]+|ไม่เปลี่ยนแปลง ± [\d.]+) ม\.\/ปี$/);
    // Every year of the data is in the chart's history and in its table.
    expect(await page.locator('[data-testid="trend-chart"]').getAttribute('data-years')).toBe(years.join(','));
    expect(await page.locator('[data-testid="trend-years"] tbody tr').count()).toBe(years.length);
    const text = await info.innerText();
    for (const label of ['ค่าคลาดเคลื่อนมาตรฐานของ LRR', 'สัมประสิทธิ์การตัดสินใจ R²', 'ปีที่เป็นค่าผิดปกติ', 'คุณภาพข้อมูล']) expect(text).toContain(label);
    // The chart draws the band (area), the fitted line and one symbol per measured year.
    const svg = page.locator('[data-testid="trend-chart"] svg');
    expect(await svg.locator('.mark-area path').count()).toBeGreaterThan(0);
    expect(await svg.locator('.mark-line path').count()).toBeGreaterThan(0);
    expect(await svg.locator('.mark-symbol path').count()).toBeGreaterThan(2);
    await page.screenshot({ path: path.join(SHOTS, 'drawer.png') });
    expect(describeProblems(suite.s.log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
  });

  it('changing the period reloads the points and changes the totals; the toggle hides non-significant points', async () => {
    const { page } = suite.s;
    await page.keyboard.press('Escape');
    const before = { length: await tableText(page, 'length-chart'), rate: await tableText(page, 'rate-chart') };
    const all = await drawn(page);
    await page.locator('[data-picker="start"] select').selectOption('2564');
    await expect.poll(() => tableText(page, 'rate-chart').catch(() => ''), { timeout: 60_000 }).not.toBe(before.rate);
    await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
    expect(await tableText(page, 'length-chart')).not.toBe(before.length);
    expect(await page.locator('.toggle-row-label').first().innerText()).toContain('อัตราถดถอยเชิงเส้น (LRR)');

    await waitForMapIdle(page);
    await expect.poll(async () => (await drawn(page)).length, { timeout: 60_000 }).toBe(all.length);
    const period = await drawn(page);
    const significant = period.filter((p) => p.properties.significant === true).length;
    expect(significant).toBeGreaterThan(0);
    expect(significant).toBeLessThan(period.length);
    await page.getByLabel('แสดงเฉพาะแนวโน้มที่มีนัยสำคัญ').check();
    await expect.poll(async () => (await drawn(page)).length, { timeout: 60_000 }).toBe(significant);
    expect((await drawn(page)).every((p) => p.properties.significant === true)).toBe(true);
    await waitForMapIdle(page);
    await page.screenshot({ path: path.join(SHOTS, 'significant.png') });
    await page.getByLabel('แสดงเฉพาะแนวโน้มที่มีนัยสำคัญ').uncheck();
    await expect.poll(async () => (await drawn(page)).length, { timeout: 60_000 }).toBe(period.length);
    expect(describeProblems(suite.s.log.unexpected(providerApiPatterns(suite.app.bundle)))).toBe('');
  });

  it('the CSV (UTF-8 with BOM) and the shape-zip open in ogrinfo with Thai intact', async () => {
    const { page } = suite.s;
    const dir = mkdtempSync(path.join(tmpdir(), 'trend-dl-'));
    const files: Record<string, string> = {};
    for (const label of ['ดาวน์โหลดตาราง CSV', 'ดาวน์โหลดเชปไฟล์ (Shapefile)']) {
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: label }).click()]);
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      files[download.suggestedFilename()] = file;
    }
    expect(Object.keys(files).sort()).toEqual(['transects.csv', 'transects.zip']);
    const ogr = (...args: string[]) => execFileSync('ogrinfo', ['-ro', '-al', ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const csv = ogr('-q', '-fid', '1', files['transects.csv']!);
    expect(csv).toContain('prv_name (String) = สงขลา');
    expect(csv).toMatch(/amp_name \(String\) = [\u0E00-\u0E7F]+/);
    const zip = ogr('-so', `/vsizip/${files['transects.zip']}`);
    expect(zip).toContain('Geometry: Line String');
    const count = (summary: string) => Number(/Feature Count: (\d+)/.exec(summary)?.[1]);
    expect(count(zip)).toBeGreaterThan(100);
    expect(count(zip)).toBe(count(ogr('-so', files['transects.csv']!)));
    const features = ogr('-q', '-fid', '1', `/vsizip/${files['transects.zip']}`);
    expect(features).toContain('prv_name (String) = สงขลา');
    writeFileSync(path.join(SHOTS, 'ogrinfo.txt'), `${zip}\n${features}`);
  });

  it("'ในขอบเขตแผนที่': the transects and totals of the map's view; zoomed out the row says to zoom in", async () => {
    const { page } = suite.s;
    const app = suite.app;
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('page=transects') && r.url().includes('bbox=')) requests.push(new URL(r.url()).searchParams.toString());
    });
    await gotoTopic(page, app, 'shoreline-trend/view?v=1&c=100.55,7.5&z=6&qa=1', 'แนวโน้มการเปลี่ยนแปลงชายฝั่ง');
    await waitForPickersSettled(page);
    await page.locator('[data-row="rates"] button').click();
    await page.getByText('กรุณาซูมแผนที่เข้าใกล้ชายฝั่งมากขึ้นเพื่อแสดงจุดในขอบเขตแผนที่').waitFor();
    expect(await rowState(page)).toBe('inactive');
    expect(requests).toEqual([]);
    // Zoomed in far enough, the message goes: it is answered.
    await waitForMapZoom(page, (z) => z < 6.5);
    for (let i = 0; i < 4; i++) {
      const before = Number(await page.locator('[data-testid="map"]').first().getAttribute('data-zoom'));
      await page.getByRole('button', { name: /ซูมเข้า|zoom in/i }).first().click();
      await waitForMapZoom(page, (z) => z > before + 0.5);
    }
    await page.getByText('กรุณาซูมแผนที่เข้าใกล้ชายฝั่งมากขึ้นเพื่อแสดงจุดในขอบเขตแผนที่').waitFor({ state: 'detached' });

    await gotoTopic(page, app, 'shoreline-trend/view?v=1&c=100.45,7.3&z=10&qa=1', 'แนวโน้มการเปลี่ยนแปลงชายฝั่ง');
    await waitForPickersSettled(page);
    await waitForMapZoom(page, (z) => z > 9.5); // the link's view is the area
    await page.locator('[data-row="rates"] button').click();
    await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
    await page.locator('[data-testid="chart-rate-chart"] .chart-table').waitFor({ timeout: 60_000 });
    const list = requests.find((q) => q.includes('mode=list'))!;
    const bboxText = new URLSearchParams(list).get('bbox')!;
    const bbox = bboxText.split(',').map(Number) as [number, number, number, number];
    expect(bbox[0]).toBeLessThan(100.45);
    expect(bbox[2]).toBeGreaterThan(100.45);
    // The totals are asked for the same view.
    const totals = requests.filter((q) => q.includes('mode=totals'));
    expect(totals.length).toBeGreaterThan(0);
    expect(totals.every((q) => new URLSearchParams(q).get('bbox') === bboxText)).toBe(true);
    await waitForMapIdle(page);
    await expect.poll(async () => (await drawn(page)).length, { timeout: 60_000 }).toBeGreaterThan(20);
    const lonLat = (await drawn(page)).map((p) => [Number(p.properties.lon), Number(p.properties.lat)]);
    expect(lonLat.every(([x, y]) => x! >= bbox[0] && x! <= bbox[2] && y! >= bbox[1] && y! <= bbox[3])).toBe(true);
    expect(await tableText(page, 'rate-chart')).toContain('มีนัยสำคัญ (%)');
    await page.screenshot({ path: path.join(SHOTS, 'view.png') });

    // Zoomed out too far the points go with the message; zoomed in again they come back unasked.
    const zoomBy = async (name: RegExp, done: (z: number) => boolean) => {
      for (let i = 0; i < 4; i++) {
        const before = Number(await page.locator('[data-testid="map"]').first().getAttribute('data-zoom'));
        if (done(before)) return;
        await page.getByRole('button', { name }).first().click();
        await waitForMapZoom(page, (z) => Math.abs(z - before) > 0.5);
      }
    };
    await zoomBy(/ซูมออก|zoom out/i, (z) => z < 8.5);
    await page.getByText('กรุณาซูมแผนที่เข้าใกล้ชายฝั่งมากขึ้นเพื่อแสดงจุดในขอบเขตแผนที่').waitFor();
    await expect.poll(() => rowState(page)).toBe('inactive');
    await zoomBy(/ซูมเข้า|zoom in/i, (z) => z > 9.5);
    await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
    await page.getByText('กรุณาซูมแผนที่เข้าใกล้ชายฝั่งมากขึ้นเพื่อแสดงจุดในขอบเขตแผนที่').waitFor({ state: 'detached' });
    await waitForMapIdle(page);
    await expect.poll(async () => (await drawn(page)).length, { timeout: 60_000 }).toBeGreaterThan(20);

    // The export report holds the charts of the server's totals, as the sidebar shows them.
    await page.getByRole('button', { name: th.topMenu.export, exact: true }).click();
    for (const id of ['length-chart', 'rate-chart']) {
      await page.locator(`.report-preview .report-chart[data-chart="${id}"] .vega-chart[data-state="ready"]`).waitFor({ timeout: 60_000 });
    }
    expect(await page.locator('.report-preview .report-chart[data-chart="rate-chart"]').textContent()).toContain('มีนัยสำคัญ (%)');
    expect(describeProblems(suite.s.log.unexpected(providerApiPatterns(app.bundle)))).toBe('');
  });
});
