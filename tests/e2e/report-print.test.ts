// The export report's map at print resolution (issue 26 item 4, SPEC.md §2 Export dialog): with
// erosion, accretion and the analysis layer shown on /cmline-changearea, the downloaded PDF's map
// is a picture of at least 200 ppi with the atlas's vector scale bar and north arrow over it (their
// text in pdftotext), the analysis layer's map-service legend picture is at least 200 ppi too, and
// the preview and the print view carry the same scale bar and north arrow. And the atlas download
// on /shoreline-trend (issue 26 item 2): named after the area it downloads ('ดาวน์โหลดรายงานอำเภอ'
// once a district is chosen), and on the beach tab disabled, with a hint, until a beach system is.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { choosePicker, gotoTopic, waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';
import { pdfPictures as pictures } from './support/pdfPictures.ts';
import { th } from '../../src/locale/th.ts';

const OUT = path.join(ROOT_DIR, 'test-results', 'report-print');
/** A scale bar's distance label: '5 กม.', '500 ม.'. */
const SCALE_LABEL = /(^|\s)\d+(\.\d+)? (กม\.|ม\.)(\s|$)/;

const pageText = (file: string, n: number) => execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' });

async function showRows(page: Page, rows: string[]): Promise<void> {
  for (const id of rows) {
    await page.locator(`.toggle-row[data-row="${id}"] button`).click();
    await page.waitForFunction((r) => document.querySelector(`.toggle-row[data-row="${r}"]`)?.getAttribute('data-state') === 'active', id, { timeout: 30_000 });
  }
}

const rowState = (page: Page) => page.locator('[data-row="rates"]').getAttribute('data-state');

describe('report map at print resolution; atlas download names its area', { timeout: 120_000 }, () => {
  const suite = backendSuite(OUT, { viewport: { width: 1440, height: 900 } });

  it("the report PDF's and print view's map: >= 200 ppi, scale bar and north arrow; the legend picture >= 200 ppi", { timeout: 180_000 }, async () => {
    const { page } = suite.s;
    await page.goto(suite.app.url('cmline-changearea'));
    await choosePicker(page, 'province', '90');
    await showRows(page, ['erosion', 'accretion', 'analysis']);
    await page.getByRole('button', { name: th.topMenu.export, exact: true }).click();
    const preview = page.locator('.report-preview');
    await page.waitForFunction(() => !!document.querySelector('.report-print .report-map-image'), null, { timeout: 30_000 });
    // the preview's live map carries the scale bar and north arrow the PDF will
    const decorations = preview.locator('.report-map-decorations');
    await decorations.waitFor();
    expect(await decorations.locator('text').allTextContents()).toEqual(expect.arrayContaining(['N', expect.stringMatching(SCALE_LABEL)]));
    // The PDF first: the print emulation and the phone size below re-lay the preview out.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'ดาวน์โหลด PDF' }).click()]);
    const saved = path.join(OUT, 'download.pdf');
    await download.saveAs(saved);
    execFileSync('pdftoppm', ['-r', '150', '-f', '1', '-l', '1', '-png', saved, path.join(OUT, 'download-page')]);
    const onFirst = pictures(saved).filter((p) => p.page === 1).sort((a, b) => b.width * b.height - a.width * a.height);
    expect(onFirst[0]?.ppi, 'PDF map ppi').toBeGreaterThanOrEqual(200);
    const firstText = pageText(saved, 1);
    expect(firstText).toMatch(/(^|\s)N(\s|$)/);
    expect(firstText).toMatch(SCALE_LABEL);
    // the analysis layer's GetLegendGraphic picture (no config legend): wider than tall, printed sharp
    const legendPicture = pictures(saved).find((p) => p.page <= 2 && p !== onFirst[0] && p.width > 2 * p.height);
    // all its pixels (3x: 639 x 156 for 213 x 52 CSS px), not the CSS size drawn again
    expect(legendPicture).toMatchObject({ width: 639, height: 156 });
    expect(legendPicture?.ppi, 'legend picture ppi').toBeGreaterThanOrEqual(200);
    await page.screenshot({ path: path.join(OUT, 'preview-1440.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(OUT, 'preview-390.png') });
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.emulateMedia({ media: 'print' });
    const printed = path.join(OUT, 'print.pdf');
    writeFileSync(printed, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    await page.emulateMedia({ media: 'screen' });
    const printPictures = pictures(printed).filter((p) => p.page === 1).sort((a, b) => b.width * b.height - a.width * a.height);
    expect(printPictures[0]?.ppi, 'print view map ppi').toBeGreaterThanOrEqual(200);
    const printLegend = printPictures.find((p) => p !== printPictures[0] && p.width > 2 * p.height);
    expect(printLegend?.ppi, 'print view legend picture ppi').toBeGreaterThanOrEqual(200);
    const printText = pageText(printed, 1);
    expect(printText).toMatch(/(^|\s)N(\s|$)/);
    expect(printText).toMatch(SCALE_LABEL);

    await page.keyboard.press('Escape');
  });

  it('the atlas download names the area it downloads and waits for a beach system', async () => {
    const { page } = suite.s;
    await gotoTopic(page, suite.app, 'shoreline-trend', 'แนวโน้มการเปลี่ยนแปลงชายฝั่ง');
    await choosePicker(page, 'province', '90');
    await waitForPickersSettled(page);
    await page.locator('[data-row="rates"] button').click();
    await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
    const atlas = page.locator('.download-section button[data-file="atlas.pdf"]');
    await expect.poll(() => atlas.textContent(), { timeout: 30_000 }).toContain('ดาวน์โหลดรายงานจังหวัด');
    await choosePicker(page, 'district');
    await expect.poll(() => atlas.textContent(), { timeout: 60_000 }).toContain('ดาวน์โหลดรายงานอำเภอ');
    await expect.poll(() => atlas.isEnabled(), { timeout: 30_000 }).toBe(true);

    await gotoTopic(page, suite.app, 'shoreline-trend/beach', 'แนวโน้มการเปลี่ยนแปลงชายฝั่ง');
    await choosePicker(page, 'beach-main');
    await waitForPickersSettled(page);
    await page.locator('[data-row="rates"] button').click();
    await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
    await expect.poll(() => page.locator('.download-section button[data-file="transects.csv"]').isEnabled(), { timeout: 30_000 }).toBe(true);
    const beachAtlas = page.locator('.download-section button[data-file="atlas.pdf"]');
    expect(await beachAtlas.isDisabled()).toBe(true);
    const hint = page.locator('.download-section .download-hint');
    expect((await hint.textContent())?.trim()).toBe('กรุณาเลือกระบบหาดก่อนดาวน์โหลดรายงาน');
    await beachAtlas.scrollIntoViewIfNeeded();
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'beach-hint-1440.png') });
    await choosePicker(page, 'beach-sub');
    await choosePicker(page, 'beach-system');
    await expect.poll(() => beachAtlas.isEnabled(), { timeout: 60_000 }).toBe(true);
    expect(await hint.count()).toBe(0);
  });
});
