// Thai text on screen (issue 16), in Chromium: the feature drawer on /landuse labels fields in Thai
// with units (the layer's `fields`, else the glossary), Thai text is drawn in the self-hosted
// Sarabun, and at 390 px the offline-map toast keeps 'ออฟไลน์' on one line.
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, DESKTOP, waitForMapIdle } from './support/browser.ts';
import { openSession, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import { th } from '../../src/locale/th.ts';

const sampleApp = useSampleApp();
const SHOTS = path.join(process.cwd(), 'test-results', 'thai-text');
mkdirSync(SHOTS, { recursive: true });

describe('Thai text, desktop', { timeout: 90_000 }, () => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(DESKTOP);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('/landuse: the drawer labels the fields in Thai with units, none by its raw name', async () => {
    const { page } = s;
    const app = sampleApp();
    await page.goto(app.url('landuse'));
    await waitForPickersSettled(page);
    for (const id of ['province', 'district']) {
      const select = page.locator(`.picker[data-picker="${id}"] select`).last();
      await select.locator('option[value]:not([value=""])').first().waitFor({ state: 'attached' });
      await select.selectOption((await select.locator('option[value]:not([value=""])').first().getAttribute('value'))!);
      await waitForPickersSettled(page);
    }
    await page.locator('.year-layers').getByRole('button', { name: th.show }).first().click();
    await expect.poll(() => page.getByRole('button', { name: `${th.topMenu.layers} 1` }).count()).toBe(1);
    await waitForMapIdle(page).catch(() => undefined);
    // The answer of the click is a land-use feature with the attributes the data holds.
    await page.route(
      (u) => u.pathname.endsWith('/v2/router') && u.searchParams.get('page') === 'wms',
      (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            type: 'FeatureCollection',
            features: [{ type: 'Feature', id: 'coastallu_2558.7', geometry: null, properties: { gid: 7, lu_year: 2558, lul2_code: 'F3', lul2_t: 'ป่าชายเลน', prv_name: 'สงขลา', amp_name: 'สิงหนคร', tam_name: 'ชิงโค', area_rai: 276.4, shape_leng: 2500.25 } }],
          }),
        }),
    );
    const box = (await page.getByTestId('map').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const table = page.getByRole('complementary', { name: th.featureInfo }).getByTestId('feature-info');
    await table.waitFor({ timeout: 15_000 });
    const rows = await table.locator('tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
    await page.screenshot({ path: path.join(SHOTS, 'landuse-drawer.png') });
    const labels = rows.map(([label]) => label);
    // The layer's own labels, then the glossary's (with their units); no raw field name shown.
    // (gid is an internal id: hidden, issue 24; the area's label names no unit: its value has them.)
    expect(labels).toEqual(['ปี พ.ศ.', 'รหัสการใช้ประโยชน์ที่ดิน', 'การใช้ประโยชน์ที่ดิน', 'จังหวัด', 'อำเภอ', 'ตำบล', 'พื้นที่', 'ความยาว (กม.)']);
    for (const label of labels) expect(label).not.toMatch(/[a-z_]{3,}/);
    // Rai and ngan whole, square wah with 3 decimals.
    expect(rows.find(([l]) => l === 'พื้นที่')?.[1]).toBe('276 ไร่ 1 งาน 60.000 ตร.วา');
  });

  it('Thai text is drawn in Sarabun (self-hosted, font-display: swap)', async () => {
    const { page } = s;
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/^"?Sarabun"?,/);
    await page.evaluate(() => document.fonts.ready);
    const faces = await page.evaluate(() => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Sarabun').map((f) => `${f.weight} ${f.display} ${f.status}`));
    expect(faces.sort()).toEqual(['400 swap loaded', '600 swap loaded', '700 swap loaded']);
    // The glyphs on screen are Sarabun's: Chromium reports the face it used for the heading.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('DOM.enable');
    await cdp.send('CSS.enable');
    const { root } = await cdp.send('DOM.getDocument');
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
    const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
    expect(fonts.map((f) => f.familyName)).toContain('Sarabun');
  });
});

describe('Thai text, 390 px', { timeout: 90_000 }, () => {
  let s: BrowserSession;
  beforeAll(async () => {
    // The default base map cannot be reached here: the offline fallback toast appears.
    s = await openSession(MOBILE, { basemapUnset: true });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("the offline-map toast keeps 'ออฟไลน์' on one line (client rects of the word)", async () => {
    const { page } = s;
    await page.goto(sampleApp().url('cmline'));
    const toast = page.locator('.toast-text', { hasText: th.basemapFallback });
    await toast.waitFor({ timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    const lines = await toast.evaluate((el) => {
      const lineTops = (range: Range) => new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      const all = document.createRange();
      all.selectNodeContents(el);
      // The text node holding the word, wherever the markup put it.
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      let node: Text | null = null;
      while (walker.nextNode()) if ((walker.currentNode as Text).data.includes('ออฟไลน์')) node = walker.currentNode as Text;
      const word = document.createRange();
      const start = node!.data.indexOf('ออฟไลน์');
      word.setStart(node!, start);
      word.setEnd(node!, start + 'ออฟไลน์'.length);
      return { word: lineTops(word), toast: lineTops(all), text: el.textContent };
    });
    expect(lines.text, 'the text is exactly the Thai message (no joiners added)').toBe(th.basemapFallback);
    await page.screenshot({ path: path.join(SHOTS, 'toast-390.png') });
    expect(lines.toast, 'the toast wraps at 390 px').toBeGreaterThan(1);
    expect(lines.word).toBe(1);
  });
});
