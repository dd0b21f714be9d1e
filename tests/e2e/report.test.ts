// The export report in Chromium (SPEC.md §2 Export dialog, issue 10): with erosion and accretion
// shown on /cmline-changearea the preview has a title page and a chart page (and the analysis layer,
// which has no config legend, its map-service legend picture, in the PDF too); the title edits in
// place (click 'คลิกเพื่อแก้ไข', type, Enter); the print view is A4 pages holding the edited title,
// 'รายละเอียดชั้นข้อมูล' and the chart's district names; 'ดาวน์โหลด PDF' saves the same report as
// an A4 PDF with selectable Thai, laid out in its worker, its pictures without soft masks; a page
// with no chart data has no chart page; a PDF worker that cannot be loaded gets the Thai message.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describeProblems } from './support/browser.ts';
import { navigateInApp, waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';
import { pdfPictures as pictures } from './support/pdfPictures.ts';
import { th } from '../../src/locale/th.ts';

const OUT = path.join(ROOT_DIR, 'test-results', 'report');
const text = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
const info = (file: string) => {
  const out = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const size = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(out);
  return { pages: Number(/Pages:\s+(\d+)/.exec(out)?.[1]), width: Math.round(Number(size?.[1])), height: Math.round(Number(size?.[2])) };
};

/** Pixels with ink (any channel below 160) in the two leftmost columns of each picture on the pages
 *  from `firstPage` on (the chart pages) of `pdf`. */
function inkAtLeftEdge(pdf: string, firstPage: number): Record<string, number> {
  const dir = path.join(OUT, 'chart-pictures');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  execFileSync('pdfimages', ['-f', String(firstPage), '-png', pdf, path.join(dir, 'picture')]);
  const out: Record<string, number> = {};
  for (const file of readdirSync(dir)) {
    const png = PNG.sync.read(readFileSync(path.join(dir, file)));
    let ink = 0;
    for (let y = 0; y < png.height; y++) {
      for (const x of [0, 1]) {
        const i = (y * png.width + x) * 4;
        if (png.data[i]! < 160 || png.data[i + 1]! < 160 || png.data[i + 2]! < 160) ink++;
      }
    }
    out[file] = ink;
  }
  return out;
}

async function showRows(page: Page, rows: string[]): Promise<void> {
  for (const id of rows) {
    await page.locator(`.toggle-row[data-row="${id}"] button`).click();
    await page.waitForFunction((r) => document.querySelector(`.toggle-row[data-row="${r}"]`)?.getAttribute('data-state') === 'active', id, { timeout: 30_000 });
  }
}

describe('export report', { timeout: 150_000 }, () => {
  const suite = backendSuite(OUT, { viewport: { width: 1280, height: 900 } });

  it('/cmline-changearea with erosion and accretion: preview, title edit, print view and PDF download', async () => {
    const { page } = suite.s;
    const app = suite.app;
    await page.goto(app.url('cmline-changearea'));
    await waitForPickersSettled(page);
    const province = page.locator('.picker[data-picker="province"] select').last();
    await province.locator('option[value="90"]').waitFor({ state: 'attached' });
    await province.selectOption('90');
    await showRows(page, ['erosion', 'accretion', 'analysis']);
    const districts = (await page.locator('[data-testid="chart-erosion-chart"] table tbody tr td:nth-child(1)').allTextContents()).map((t) => t.trim());
    expect(districts.length).toBeGreaterThan(0);

    await page.getByRole('button', { name: th.topMenu.export, exact: true }).click();
    const preview = page.locator('.report-preview');
    await preview.locator('.report-page').first().waitFor();
    expect(await preview.locator('.report-page').count()).toBeGreaterThanOrEqual(2);
    expect(await preview.locator('.report-page[data-page-kind="charts"]').count()).toBeGreaterThanOrEqual(1);
    expect((await preview.locator('.report-title').textContent())?.trim()).toBe('ข้อมูลแผนที่');
    expect(await preview.getByRole('heading', { name: 'รายละเอียดชั้นข้อมูล' }).count()).toBe(1);
    const legendText = (await preview.locator('.report-legend').first().textContent()) ?? '';
    expect(legendText).toContain('การกัดเซาะ');
    expect(legendText).toContain('การทับถม');

    await preview.getByRole('button', { name: /คลิกเพื่อแก้ไข/ }).click();
    const input = preview.getByRole('textbox', { name: 'ชื่อรายงาน' });
    await input.fill('รายงานชายฝั่ง ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง');
    await input.press('Enter');
    expect((await preview.locator('.report-title').textContent())?.trim()).toBe('รายงานชายฝั่ง ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง');

    // The small map is drawn (its picture feeds print and PDF) and the charts are ready.
    await page.waitForFunction(() => !!document.querySelector('.report-print .report-map-image'), null, { timeout: 30_000 });
    await preview.locator('.vega-chart[data-state="ready"]').first().waitFor();
    await page.screenshot({ path: path.join(OUT, 'preview.png') });

    await page.emulateMedia({ media: 'print' });
    const printed = path.join(OUT, 'print.pdf');
    writeFileSync(printed, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    await page.emulateMedia({ media: 'screen' });
    const printInfo = info(printed);
    expect(printInfo.pages).toBeGreaterThanOrEqual(2);
    expect([printInfo.width, printInfo.height]).toEqual([595, 842]);
    // Chromium positions Thai marks as their own glyph runs: pdftotext then reads 'ฝั่ ง'. The
    // print view is compared without white space; our own PDF below is compared exactly.
    const squeeze = (t: string) => t.replace(/\s+/g, '');
    const printText = squeeze(text(printed));
    for (const expected of ['รายงานชายฝั่ง ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง', 'รายละเอียดชั้นข้อมูล', ...districts]) expect(printText, expected).toContain(squeeze(expected));
    expect(printText).not.toContain('คลิกเพื่อแก้ไข');

    const legendRequests: string[] = [];
    const onRequest = (r: { url: () => string }) => void (/GetLegendGraphic/i.test(r.url()) && legendRequests.push(r.url()));
    const logged: string[] = [];
    const onConsole = (m: { text: () => string }) => void logged.push(m.text());
    page.on('request', onRequest);
    page.on('console', onConsole);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'ดาวน์โหลด PDF' }).click()]);
    page.off('request', onRequest);
    page.off('console', onConsole);
    // laid out in the report's PDF worker, off the page's thread (issue 29 aim 6)
    expect(logged).toContain('report: laying the PDF out in the worker');
    // the legend picture is taken from the preview, where it is already drawn: not asked for again
    expect(legendRequests).toEqual([]);
    const saved = path.join(OUT, 'download.pdf');
    await download.saveAs(saved);
    expect(download.suggestedFilename()).toBe('tcs-report.pdf');
    const pdf = info(saved);
    expect(pdf.pages).toBeGreaterThanOrEqual(2);
    expect([pdf.width, pdf.height]).toEqual([595, 842]);
    const pdfText = text(saved);
    for (const expected of ['รายงานชายฝั่ง ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง', 'รายละเอียดชั้นข้อมูล', 'พื้นที่กัดเซาะ', 'พื้นที่ทับถม', ...districts]) expect(pdfText, expected).toContain(expected);
    // every picture (the map's JPEG, the charts' and the legend's opaque PNGs) copied in as it is:
    // no soft mask, which an RGBA PNG gets after pdfkit splits it in JavaScript (issue 29 aim 6)
    const imageTypes = execFileSync('pdfimages', ['-list', saved], { encoding: 'utf8' }).split('\n').slice(2).filter((l) => l.trim()).map((l) => l.trim().split(/\s+/)[2]);
    expect(imageTypes.length).toBeGreaterThanOrEqual(3);
    expect(imageTypes.filter((t) => t !== 'image')).toEqual([]);
    execFileSync('pdftoppm', ['-r', '50', '-png', saved, path.join(OUT, 'download')]);
    // The charts' pictures hold their whole labels: drawn from the SVG without the page's fonts, the
    // longest Thai district label ran off the left edge ('ง.เมืองสงขลา' for 'อ.เมืองสงขลา').
    const chartPage = Array.from({ length: pdf.pages }, (_, i) => i + 1).find((n) =>
      execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(n), '-l', String(n), saved, '-'], { encoding: 'utf8' }).split('\n').some((line) => line.trim() === 'พื้นที่กัดเซาะ'),
    );
    expect(chartPage).toBeGreaterThan(1);
    const edges = inkAtLeftEdge(saved, chartPage!);
    expect(Object.keys(edges).length).toBeGreaterThan(0);
    expect(edges).toEqual(Object.fromEntries(Object.keys(edges).map((file) => [file, 0])));
    // The analysis layer has no config legend: its block is the server's GetLegendGraphic picture
    // (213 x 52 px, asked for at 3x since issue 26 item 4: 639 x 156), drawn before the chart pages;
    // it used to be left out, leaving its heading bare.
    expect(pdfText).toContain('พื้นที่วิเคราะห์');
    expect(pictures(saved).filter((p) => p.page < chartPage! && p.width === 639 && p.height === 156)).toHaveLength(1);
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
    await page.keyboard.press('Escape');
  });

  it("when the PDF worker cannot be loaded, 'ดาวน์โหลด PDF' says so in Thai (SPEC.md §8) and makes the PDF once it can", async () => {
    const { page } = suite.s;
    const app = suite.app;
    const workerScript = '**/assets/worker-*.js';
    await page.route(workerScript, (route) => route.abort());
    try {
      // a fresh page: the worker of the tests before is not reused
      await page.goto(app.url('cmline-changearea'));
      await waitForPickersSettled(page);
      await page.getByRole('button', { name: th.topMenu.export, exact: true }).click();
      await page.locator('.report-preview .report-page').first().waitFor();
      await page.getByRole('button', { name: th.report.downloadPdf }).click();
      // the message is shown inside the open dialog: outside it, it would be dimmed under the
      // backdrop and inert (its × not pressable)
      const failure = page.locator('dialog[open] .toast', { hasText: th.report.pdfFailed });
      await failure.waitFor({ timeout: 30_000 });
      const onTop = await failure.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
      });
      expect(onTop).toBe(true);
      await failure.getByRole('button', { name: th.close }).click();
      await failure.waitFor({ state: 'detached' });
      expect(await page.locator('dialog[open] .report-preview').isVisible()).toBe(true);
    } finally {
      await page.unroute(workerScript);
    }
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: th.report.downloadPdf }).click()]);
    const saved = path.join(OUT, 'after-failure.pdf');
    await download.saveAs(saved);
    expect(info(saved).pages).toBeGreaterThanOrEqual(1);
    expect(text(saved)).toContain('รายละเอียดชั้นข้อมูล');
    await page.keyboard.press('Escape');
  });

  it('a page whose layers have no chart data has no chart page', async () => {
    const { page } = suite.s;
    const app = suite.app;
    await page.keyboard.press('Escape');
    await navigateInApp(page, app.url('radar'));
    await page.getByRole('heading', { level: 1, name: 'เรดาร์ชายฝั่ง' }).waitFor();
    await page.waitForFunction(() => document.querySelector('.top-menu .badge')?.textContent === '2');
    await page.getByRole('button', { name: th.topMenu.export, exact: true }).click();
    const preview = page.locator('.report-preview');
    await preview.locator('.report-page').first().waitFor();
    expect(await preview.locator('.report-page[data-page-kind="charts"]').count()).toBe(0);
    const legendText = (await preview.locator('.report-legend').first().textContent()) ?? '';
    expect(legendText).toContain('สถานีเรดาร์ชายฝั่ง');
    expect(legendText).toContain('กระแสน้ำผิวหน้า');
    await page.keyboard.press('Escape');
  });
});
