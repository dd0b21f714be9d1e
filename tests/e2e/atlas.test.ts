// The province atlas from the sidebar (issue 26 item 2): on /shoreline-trend with Songkhla chosen,
// 'ดาวน์โหลดรายงานจังหวัด' saves the server's atlas PDF; its QR code decodes to a permalink that,
// opened in Chromium, restores the same province and period.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { gotoTopic, waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';

const SHOTS = path.join(ROOT_DIR, 'test-results', 'atlas');

/** The QR code on the PDF's last page. */
function qrOf(pdf: string): string | undefined {
  const dir = mkdtempSync(path.join(tmpdir(), 'atlas-qr-'));
  execFileSync('pdftoppm', ['-r', '80', '-png', pdf, path.join(dir, 'page')]);
  const last = readdirSync(dir).filter((f) => f.endsWith('.png')).sort().at(-1)!;
  const png = PNG.sync.read(readFileSync(path.join(dir, last)));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('province atlas', { timeout: 120_000 }, () => {
  const suite = backendSuite(SHOTS);

  it("downloads from the sidebar; the PDF's QR code opens the same province and period", async () => {
    const { page } = suite.s;
    await gotoTopic(page, suite.app, 'shoreline-trend', 'แนวโน้มการเปลี่ยนแปลงชายฝั่ง');
    await waitForPickersSettled(page);
    await page.locator('[data-picker="province"] select').selectOption('90');
    await waitForPickersSettled(page);
    await page.locator('[data-row="rates"] button').click();
    await expect.poll(() => page.locator('[data-row="rates"]').getAttribute('data-state'), { timeout: 60_000 }).toBe('active');
    const button = page.getByRole('button', { name: 'ดาวน์โหลดรายงานจังหวัด' });
    await expect.poll(() => button.isEnabled(), { timeout: 30_000 }).toBe(true);
    await button.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'sidebar.png') });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), button.click()]);
    expect(download.suggestedFilename()).toBe('atlas.pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'atlas-e2e-')), 'atlas.pdf');
    await download.saveAs(file);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('รายงานจังหวัดสงขลา');

    const link = qrOf(file);
    expect(link).toBe(`${suite.app.url('shoreline-trend')}?v=1&p.province=90&p.start=2562&p.end=2567`);
    await page.goto(link!);
    await page.getByRole('heading', { level: 1, name: 'แนวโน้มการเปลี่ยนแปลงชายฝั่ง' }).waitFor();
    await waitForPickersSettled(page);
    await expect.poll(() => page.locator('[data-picker="province"] select').inputValue(), { timeout: 30_000 }).toBe('90');
    expect(await page.locator('[data-picker="start"] select').inputValue()).toBe('2562');
    expect(await page.locator('[data-picker="end"] select').inputValue()).toBe('2567');
    await page.screenshot({ path: path.join(SHOTS, 'restored.png') });
  });
});
