// Map tools in a real browser (SPEC.md §2 Map tools, §4 Measure and GPS, §9 units): a 3-point
// measurement shows the area in rai that geodesic.ts computes for the clicked points and the
// 'การวัดพื้นที่' popup, and stays drawn on the map across a base-map change; GPS under
// Chromium's geolocation emulation shows the red marker with the accuracy, goes on stop, and stops
// by itself when permission is denied.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProblems, VIEWPORTS, waitForMapIdle } from './support/browser.ts';
import { gotoTopic, openSession, providerApiPatterns, type BrowserSession } from './support/app.ts';
import { CONFIG_DIR, loadBundle, ROOT_DIR, startApp, type RunningApp } from './support/server.ts';
import { geodesicArea } from '../../src/engine/geodesic.ts';
import { th } from '../../src/locale/th.ts';

const bundle = await loadBundle(CONFIG_DIR);
const route = bundle.app.defaultRoute ?? bundle.topics[0]!.route;
const title = bundle.topics.find((t) => t.route === route)!.title.th;
const shots = `${ROOT_DIR}/test-results`;
mkdirSync(shots, { recursive: true });

let app: RunningApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.close();
});

/** '12.900000, 100.900000' ('lat, lng') -> [lng, lat]. */
const lngLatOf = (decimal: string): [number, number] => {
  const [lat, lng] = decimal.split(',').map((s) => Number(s.trim()));
  return [lng!, lat!];
};
/** Pixels of the map canvas in the finished measurement's colour #C8F2BE (its 3 px outline). */
async function measureInk(page: Page): Promise<number> {
  const png = PNG.sync.read(await page.locator('[data-testid="map"] canvas').first().screenshot());
  let n = 0;
  for (let i = 0; i < png.data.length; i += 4) if (Math.abs(png.data[i]! - 0xc8) + Math.abs(png.data[i + 1]! - 0xf2) + Math.abs(png.data[i + 2]! - 0xbe) < 12) n++;
  return n;
}
const thaiNumber = (text: string) => Number(text.replace(/[^\d.]/g, ''));
/** '1,234 ไร่ 1 งาน 12.500 ตร.วา' (whole rai and ngan, square wah to 3 decimals) in decimal rai. */
const raiOf = (text: string) => {
  const m = /^([\d,]+) ไร่ (\d) งาน ([\d,]+\.\d{3}) ตร\.วา$/.exec(text.trim());
  if (!m) throw new Error(`not rai, ngan and square wah: ${text}`);
  return thaiNumber(m[1]!) + thaiNumber(m[2]!) / 4 + thaiNumber(m[3]!) / 400;
};

describe.each(VIEWPORTS)('map tools at $name', ({ name, viewport }) => {
  let s: BrowserSession;
  beforeAll(async () => {
    s = await openSession(viewport);
    await gotoTopic(s.page, app, route, title);
    await waitForMapIdle(s.page);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('§4 measure: 3 clicked points give the geodesic area in rai and the การวัดพื้นที่ popup; ลบ deletes it', async () => {
    const { page } = s;
    s.log.clear();
    await page.getByRole('button', { name: 'วัดพื้นที่' }).click();
    const panel = page.getByRole('region', { name: 'วัดระยะทางและพื้นที่' });
    await panel.getByText('คลิกบนแผนที่เพื่อกำหนดจุดเริ่มต้น').waitFor();
    await panel.getByRole('button', { name: 'สร้างการวัดใหม่' }).click();
    await expect(page.getByRole('button', { name: 'วัดพื้นที่' }).isDisabled()).resolves.toBe(true);

    const box = (await page.locator('[data-testid="map"] canvas').first().boundingBox())!;
    const clicks = [[0.3, 0.12], [0.7, 0.14], [0.5, 0.34]] as const;
    const points: Array<[number, number]> = [];
    const decimal = panel.locator('dd').nth(1);
    for (const [i, [fx, fy]] of clicks.entries()) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await panel.locator('dt').first().waitFor();
      await page.waitForFunction((n) => document.querySelectorAll('.measure-results dd').length >= (n === 0 ? 2 : n === 1 ? 3 : 5), i);
      points.push(lngLatOf(await decimal.innerText()));
      await page.waitForTimeout(400); // no double-click
    }
    const rai = geodesicArea(points) / 1600;
    const shown = raiOf(await panel.getByTestId('measure-area').innerText());
    expect(Math.abs(shown - rai) / rai, `shown ${shown} rai, geodesic ${rai} rai`).toBeLessThan(0.001);
    expect(await page.locator('.drawer-open').count(), 'map clicks do not open the feature drawer').toBe(0);

    await panel.getByRole('button', { name: 'เสร็จ' }).click();
    const popup = page.locator('.measure-result-popup');
    await popup.getByText('การวัดพื้นที่').waitFor();
    await expect(popup.innerText()).resolves.toContain('รวมขอบ');
    expect(raiOf(await popup.locator('p').first().innerText())).toBeCloseTo(shown, 3);
    await popup.getByRole('button', { name: 'เน้นบริเวณนี้' }).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${shots}/tools-measure-${name}.png` });
    if (name.startsWith('desktop')) {
      const resultInk = await measureInk(page);
      expect(resultInk, 'the finished measurement is drawn in #C8F2BE').toBeGreaterThan(50);
      // A base-map change replaces the map's style: the measurement is drawn again on the new one
      // (here the public map cannot load offline, so the app falls back to the offline one).
      await page.getByRole('button', { name: th.topMenu.basemap, exact: true }).click();
      await page.getByText('Carto Positron').click();
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      await page.getByText('ไม่สามารถโหลดแผนที่ฐานได้ จึงแสดงแผนที่ออฟไลน์แทน').first().waitFor({ timeout: 30_000 });
      await waitForMapIdle(page);
      await expect.poll(() => measureInk(page), { timeout: 15_000 }).toBeGreaterThan(resultInk / 2);
    }
    await popup.getByRole('button', { name: 'ลบ' }).click();
    await popup.waitFor({ state: 'detached' });
    // the public base map's tiles fail offline, which is what makes the app fall back above
    expect(describeProblems(s.log.unexpected([...providerApiPatterns(bundle), /^https:\/\/[a-d]\.basemaps\.cartocdn\.com\//]))).toBe('');
  });

  it('§4 GPS: emulated fix shows the red marker with position and accuracy; stop removes it; denial stops it', async () => {
    const { page, browser } = s;
    s.log.clear();
    await browser.context.grantPermissions(['geolocation'], { origin: app.origin });
    await browser.context.setGeolocation({ latitude: 13.0402201, longitude: 102.1102309, accuracy: 12 });
    const gps = page.getByTitle('Toggle GPS');
    await gps.click();
    const marker = page.locator('.gps-marker');
    await marker.waitFor();
    const popup = page.locator('.gps-popup');
    await popup.waitFor();
    const text = await popup.innerText();
    expect(text).toContain('ตำแหน่ง: 13.040220, 102.110231');
    expect(text).toContain('ความแม่นยำ: 12.000 เมตร');
    const size = await marker.evaluate((el) => [getComputedStyle(el).backgroundColor, el.getBoundingClientRect().width]);
    expect(size).toEqual(['rgb(255, 0, 0)', 14]); // radius 5 plus a 2px white ring
    await page.screenshot({ path: `${shots}/tools-gps-${name}.png` });
    await gps.click();
    await marker.waitFor({ state: 'detached' });

    await browser.context.clearPermissions();
    await gps.click();
    await page.waitForFunction(() => document.querySelector('.gps-control button')?.getAttribute('aria-pressed') === 'false');
    await page.waitForTimeout(200);
    expect(await marker.count()).toBe(0);
    expect(describeProblems(s.log.unexpected(providerApiPatterns(bundle)))).toBe('');
  });
});
