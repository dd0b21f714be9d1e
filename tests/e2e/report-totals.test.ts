// The export report holds every chart the page draws, a `totals` section's too (SPEC.md §2
// Export dialog, issue 23 item 2): on /landtotals (tests/fixtures/config-layer-values: a totals
// chart of area_rai by province and district from /tcs/v2/totals, no layer row) the preview has a
// chart page with the totals chart drawn and its table, the same district rows as the sidebar's,
// and 'ดาวน์โหลด PDF' saves it: the Thai title, the chart title and every district label as text,
// and the chart's picture with its green bars (#2E7D32) on that page. Before, the report took only
// `kind: chart` sections and had no chart page here.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { describeProblems } from './support/browser.ts';
import { waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';
import { th } from '../../src/locale/th.ts';

const OUT = path.join(ROOT_DIR, 'test-results', 'report-totals');
const CHART_TITLE = 'พื้นที่การใช้ประโยชน์ที่ดิน พ.ศ. 2558';
const pageText = (file: string, page?: number) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', ...(page ? ['-f', String(page), '-l', String(page)] : []), file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

/** Pixels of `png` within 40 of the bars' colour #2E7D32 on each channel. */
function barInk(file: string): number {
  const png = PNG.sync.read(readFileSync(file));
  let ink = 0;
  for (let i = 0; i < png.data.length; i += 4) {
    if (Math.abs(png.data[i]! - 0x2e) < 40 && Math.abs(png.data[i + 1]! - 0x7d) < 40 && Math.abs(png.data[i + 2]! - 0x32) < 40) ink++;
  }
  return ink;
}

describe('export report of a totals chart', { timeout: 180_000 }, () => {
  const suite = backendSuite(OUT, { viewport: { width: 1280, height: 900 }, fixture: 'config-layer-values' });

  it('/landtotals: the preview and the PDF hold the totals chart, its picture and its table', async () => {
    const { page } = suite.s;
    await page.goto(suite.app.url('landtotals'));
    await page.getByRole('heading', { level: 1, name: 'สรุปพื้นที่การใช้ประโยชน์ที่ดินชายฝั่ง' }).waitFor();
    await waitForPickersSettled(page);
    const panel = page.locator('[data-testid="chart-area-by-district"]');
    await panel.locator('.vega-chart[data-state="ready"]').waitFor();
    // One province: the chart is by its districts.
    const province = page.locator('.picker[data-picker="province"] select').last();
    const firstProvince = await province.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).find(Boolean) ?? '');
    const before = await panel.locator('table tbody tr').count();
    await province.selectOption(firstProvince);
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="chart-area-by-district"] table tbody tr').length !== n, before);
    await panel.locator('.vega-chart[data-state="ready"]').waitFor();
    const rowNames = async (table: ReturnType<typeof page.locator>) => (await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelector('td, th')?.textContent?.trim() ?? ''))).filter(Boolean);
    const districts = await rowNames(panel.locator('table'));
    expect(districts.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: th.topMenu.export, exact: true }).click();
    const preview = page.locator('.report-preview');
    await preview.locator('.report-page').first().waitFor();
    const reported = preview.locator('.report-page[data-page-kind="charts"] .report-chart[data-chart="area-by-district"]');
    await reported.locator('.vega-chart[data-state="ready"]').waitFor();
    expect((await reported.locator('h4').textContent())?.trim()).toBe(CHART_TITLE);
    expect(await reported.locator('svg .mark-rect path, svg .mark-rect rect').count()).toBeGreaterThan(0);
    expect(await rowNames(reported.locator('table'))).toEqual(districts);
    expect((await preview.locator('.report-chart-heading').first().textContent())?.trim()).toBe('สรุปพื้นที่การใช้ประโยชน์ที่ดินชายฝั่ง');
    await reported.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'preview.png') });

    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'ดาวน์โหลด PDF' }).click()]);
    const saved = path.join(OUT, 'download.pdf');
    await download.saveAs(saved);
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [saved], { encoding: 'utf8' }))?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = pageText(saved);
    for (const expected of ['ข้อมูลแผนที่', 'สรุปพื้นที่การใช้ประโยชน์ที่ดินชายฝั่ง', CHART_TITLE, ...districts]) expect(text, expected).toContain(expected);
    const chartPage = Array.from({ length: pages }, (_, i) => i + 1).find((n) => pageText(saved, n).includes(CHART_TITLE));
    expect(chartPage).toBeGreaterThan(1);
    // The chart page drawn: its bars' green is there (the title page, with no layer, has none).
    execFileSync('pdftoppm', ['-r', '72', '-png', saved, path.join(OUT, 'download')]);
    const rendered = (n: number) => path.join(OUT, `download-${String(n).padStart(String(pages).length, '0')}.png`);
    expect(barInk(rendered(chartPage!))).toBeGreaterThan(500);
    expect(barInk(rendered(1))).toBe(0);
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
    await page.keyboard.press('Escape');
  });
});
