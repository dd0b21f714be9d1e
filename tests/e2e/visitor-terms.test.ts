// What a Thai visitor reads (issue 24, Thai text items 2-4), in Chromium on the sample data: the
// top menu and the feature drawer are Thai (SPEC.md §2 names them without quoting English labels),
// /project names its file types in Thai, a GPS failure says why, and a list that fails to load says
// so with what to do, not just '--'.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE } from './support/browser.ts';
import { openSession, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import { th } from '../../src/locale/th.ts';

const sampleApp = useSampleApp();
const SHOTS = path.join(process.cwd(), 'test-results', 'visitor-terms');
mkdirSync(SHOTS, { recursive: true });

/** ASCII words on screen that are not product names, codes or file types the spec allows. */
const englishWords = (text: string) => (text.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !['GISTDA', 'CCTV', 'CVI', 'PDF', 'docx', 'pdf', 'LRR'].includes(w));

for (const [name, viewport] of [['1440', { width: 1440, height: 900 }], ['390', MOBILE]] as const) {
  describe(`Thai words a visitor meets, ${name} px`, { timeout: 60_000 }, () => {
    let s: BrowserSession;
    beforeAll(async () => {
      s = await openSession(viewport);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('the top menu and the feature drawer are Thai: เมนู, ชั้นข้อมูล N, แผนที่ฐาน, ส่งออก', async () => {
      const { page } = s;
      await page.goto(sampleApp().url('cmline'));
      await waitForPickersSettled(page);
      const toolbar = page.getByRole('toolbar');
      const buttons = async () => (await toolbar.getByRole('button').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      // /cmline declares years to compare and a timeline layer: its two compare buttons (issue 25).
      // Polled: allInnerTexts does not wait, and under load the toolbar can still be empty here.
      await expect.poll(buttons, { timeout: 15_000 }).toEqual(['เมนู', 'ชั้นข้อมูล 0', 'แผนที่ฐาน', 'ส่งออก', 'เปรียบเทียบปี', 'เลื่อนดูรายปี', 'คัดลอกลิงก์']);
      const drawer = page.getByTestId('feature-drawer');
      expect(await drawer.getAttribute('aria-label')).toBe('รายละเอียดข้อมูล');
      expect(englishWords(await drawer.locator('h2').textContent() ?? '')).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `cmline-${name}.png`) });
    });

    it('/project names the file types in Thai (no DOCX, Word)', async () => {
      const { page } = s;
      await page.goto(sampleApp().url('project'));
      const files = page.locator('.files-section');
      await files.waitFor();
      const text = await files.innerText();
      expect(englishWords(text)).toEqual([]);
      expect(text).toContain(th.fileTypes.docx.badge);
      expect(text).toContain(th.fileTypes.docx.name);
      await page.screenshot({ path: path.join(SHOTS, `project-${name}.png`), fullPage: true });
    });
  });
}

describe('failures say why and what to do next, 1440 px', { timeout: 60_000 }, () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('GPS denied: a Thai message says the location permission is off and how to turn it on', async () => {
    const { page, browser } = s;
    await page.goto(sampleApp().url('cmline'));
    await waitForPickersSettled(page);
    await browser.context.clearPermissions();
    await page.getByTitle(th.gps.toggle).click();
    const toast = page.locator('.toast', { hasText: 'ไม่ได้รับอนุญาตให้เข้าถึงตำแหน่ง' });
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.innerText()).toContain('ลองใหม่อีกครั้ง');
    await page.screenshot({ path: path.join(SHOTS, 'gps-denied-1440.png') });
  });

  it("/cctv: a list that fails to load says so with ลองใหม่, not just '--'", async () => {
    const { page } = s;
    await page.route('**/assets/data/cctv.json', (route) => route.abort('connectionrefused'));
    await page.goto(sampleApp().url('cctv'));
    const list = page.locator('.feature-list');
    const note = list.getByRole('alert');
    await note.waitFor({ timeout: 15_000 });
    expect(await note.innerText()).toContain(th.failures.list);
    expect(englishWords(await list.innerText())).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'cctv-list-failed-1440.png') });
    await page.unroute('**/assets/data/cctv.json');
    await note.getByRole('button', { name: th.failures.retry }).click();
    await list.locator('.place-list button').first().waitFor({ timeout: 15_000 });
  });
});
