// What a visitor meets in the export report (issue 24 defects 1 and 3, SPEC.md §2 Export dialog):
// 'พิมพ์' prints every chart the preview shows, drawn at the A4 width (the hidden print copy drew
// its charts while invisible, 0 px wide: blank chart pages); at 390 px the A4 preview scales to
// the screen, its title and edit link in view (it was cut off on the left, out of scroll reach).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { th } from '../../src/locale/th.ts';
import { describeProblems } from './support/browser.ts';
import { waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';

const OUT = path.join(ROOT_DIR, 'test-results', 'visitor-report');

/** Opens the export dialog and waits for its first page. */
async function openExport(page: Page): Promise<void> {
  await page.getByRole('button', { name: th.topMenu.export, exact: true }).click();
  await page.locator('.report-preview .report-page').first().waitFor();
}

/** Opens /cmline-changearea for สงขลา with erosion and accretion shown, then the export dialog. */
async function openReport(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForPickersSettled(page);
  const province = page.locator('.picker[data-picker="province"] select').last();
  await province.locator('option[value="90"]').waitFor({ state: 'attached' });
  await province.selectOption('90');
  for (const id of ['erosion', 'accretion']) {
    await page.locator(`.toggle-row[data-row="${id}"] button`).click();
    await page.waitForFunction((r) => document.querySelector(`.toggle-row[data-row="${r}"]`)?.getAttribute('data-state') === 'active', id, { timeout: 30_000 });
  }
  await openExport(page);
}

/** Each chart of `root` as its id, its box width, its drawing's width and its bars' total width. */
function drawnCharts(page: Page, root: string) {
  return page.locator(`${root} .report-chart`).evaluateAll((charts) =>
    charts.map((chart) => {
      const svg = chart.querySelector('.vega-chart svg');
      const bars = [...chart.querySelectorAll<SVGGraphicsElement>('.vega-chart .mark-rect path')];
      return {
        id: chart.getAttribute('data-chart'),
        box: Math.round(chart.getBoundingClientRect().width),
        drawing: Math.round(svg?.getBoundingClientRect().width ?? 0),
        bars: bars.length,
        barsWidth: Math.round(bars.reduce((sum, b) => sum + b.getBoundingClientRect().width, 0)),
      };
    }),
  );
}

/** Share of the pixels inside `box` (CSS px of an A4 sheet at 96 dpi) of a PNG rendered at `dpi`
 *  that are coloured (a bar), not white, grey or black (text, lines). */
function colouredShare(png: PNG, dpi: number, box: { x: number; y: number; width: number; height: number }): number {
  const k = dpi / 96;
  let coloured = 0;
  let all = 0;
  for (let y = Math.round(box.y * k); y < Math.min(png.height, Math.round((box.y + box.height) * k)); y++) {
    for (let x = Math.round(box.x * k); x < Math.min(png.width, Math.round((box.x + box.width) * k)); x++) {
      const i = (y * png.width + x) * 4;
      const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      all++;
      if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured++;
    }
  }
  return all ? coloured / all : 0;
}

describe('visitor report: print and mobile preview', { timeout: 120_000 }, () => {
  const suite = backendSuite(OUT, { viewport: { width: 1440, height: 900 } });

  it("'พิมพ์' prints every chart of the preview, drawn at the page's width (defect 1)", async () => {
    const { page } = suite.s;
    await openReport(page, suite.app.url('cmline-changearea'));
    await page.locator('.report-preview .vega-chart[data-state="ready"]').first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.report-print .vega-chart[data-state="ready"]').length === document.querySelectorAll('.report-preview .vega-chart').length);
    const preview = await drawnCharts(page, '.report-preview');
    expect(preview.length).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: path.join(OUT, 'preview-1440.png') });

    // The real print path, with the browser's dialog left out: window.print() returns at once.
    await page.evaluate(() => (window.print = () => undefined));
    await page.getByRole('button', { name: th.exportDialog.print, exact: true }).click();
    await page.emulateMedia({ media: 'print' });
    const printed = await drawnCharts(page, '.report-print');
    expect(printed.map((c) => c.id)).toEqual(preview.map((c) => c.id));
    for (const c of printed) {
      // the drawing fills its A4 column (703 px) and its bars have width, as in the preview
      expect(c.drawing, `${c.id} drawing width`).toBeGreaterThan(0.9 * c.box);
      expect(c.bars, `${c.id} bars`).toBe(preview.find((p) => p.id === c.id)?.bars);
      expect(c.barsWidth, `${c.id} bars width`).toBeGreaterThan(0.2 * c.box);
    }
    // The sheets as the browser prints them: each chart's area has coloured bars on paper.
    const sheet = 1122.5; // 297 mm in CSS px
    const boxes = await page.locator('.report-print .report-chart .vega-chart').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
    const pdf = path.join(OUT, 'print.pdf');
    writeFileSync(pdf, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    await page.emulateMedia({ media: 'screen' });
    execFileSync('pdftoppm', ['-r', '48', '-png', pdf, path.join(OUT, 'print')]);
    const sheets = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }).match(/Pages:\s+(\d+)/)?.[1];
    const pngName = (n: number) => path.join(OUT, `print-${String(n).padStart(String(sheets).length, '0')}.png`);
    for (const [k, box] of boxes.entries()) {
      const n = Math.floor(box.y / sheet);
      const png = PNG.sync.read(readFileSync(pngName(n + 1)));
      expect(colouredShare(png, 48, { ...box, y: box.y - n * sheet }), `chart ${printed[k]?.id} on sheet ${n + 1}`).toBeGreaterThan(0.05);
    }
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
    await page.keyboard.press('Escape');
  });

  it('at 390x844 the A4 preview fits the screen: title and edit link in view (defect 3)', async () => {
    const { page } = suite.s;
    // the same page as above (its charts shown), now on a phone's screen
    await page.emulateMedia({ media: 'screen' });
    if (await page.locator('.report-preview').count()) await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 390, height: 844 });
    await openExport(page);
    const preview = page.locator('.report-preview');
    const title = preview.locator('.report-title');
    const edit = preview.getByRole('button', { name: new RegExp(th.report.clickToEdit) });
    await preview.locator('.vega-chart[data-state="ready"]').first().waitFor();
    await page.screenshot({ path: path.join(OUT, 'preview-390.png') });
    for (const [name, box] of [
      ['title', await title.boundingBox()],
      ['edit link', await edit.boundingBox()],
      ['first page', await preview.locator('.report-page').first().boundingBox()],
    ] as const) {
      expect(box, name).not.toBeNull();
      expect(box!.x, `${name} left`).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${name} right`).toBeLessThanOrEqual(390);
    }
    // A4 kept: the scaled page is as tall as 297/210 of its width (or taller, min-height)
    const page1 = (await preview.locator('.report-page').first().boundingBox())!;
    expect(page1.height / page1.width).toBeGreaterThanOrEqual(297 / 210 - 0.01);
    // nothing to scroll sideways to
    expect(await preview.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    await preview.locator('.report-page[data-page-kind="charts"]').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'preview-390-charts.png') });
    // scrolled down, the dialog's close button is still there to tap (the buttons covered it)
    const close = page.getByRole('dialog', { name: th.exportDialog.title }).locator('.modal-header button');
    const closeOnTop = await close.evaluate((button) => {
      const r = button.getBoundingClientRect();
      return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.closest('button') === button;
    });
    expect(closeOnTop).toBe(true);
    // the edit link still works on the scaled page
    await edit.click();
    await expect.poll(() => preview.getByRole('textbox', { name: th.report.titleLabel }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
