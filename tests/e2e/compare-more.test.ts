// Compare mode's leftovers (issue 25) in Chromium on the sample database, /cmline with Songkhla:
// a click on a transect of the year slider's layer (drawn by deck.gl) opens the drawer with its
// Thai fields from the glossary; the report names the compare view and the divider's place
// (SPEC.md §2 Export dialog); on a 390x844 phone side by side keeps both halves, top and bottom,
// on the screen.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MOBILE, waitForMapIdle } from './support/browser.ts';
import { openSession, waitForPickersSettled, type BrowserSession } from './support/app.ts';
import { useSampleApp } from './support/sampleApp.ts';
import { th } from '../../src/locale/th.ts';

const sampleApp = useSampleApp();
const SONGKHLA = 'p.province=90';
const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function showSlider(page: Page): Promise<void> {
  await page.getByRole('button', { name: th.compare.slider }).click();
  await page.locator('[data-timeline-year="2567"]').waitFor({ state: 'attached', timeout: 30_000 });
  await waitForMapIdle(page);
}

describe('compare mode: the drawer, the report, the phone (issue 25)', { timeout: 60_000 }, () => {
  const sessions: BrowserSession[] = [];
  afterAll(async () => {
    await Promise.all(sessions.map((s) => s.close()));
  });

  it("a click on a transect of the year slider's layer shows its fields in Thai; the report names the compare view and the divider", async () => {
    const s = await openSession({ width: 1440, height: 900 });
    sessions.push(s);
    const { page } = s;
    const app = sampleApp();
    // The transects' rows the slider loads: one with a rate up to 2567, to click on.
    const series = page.waitForResponse((r) => /mode=series/.test(r.url()), { timeout: 45_000 });
    await page.goto(app.url(`cmline?${SONGKHLA}`));
    await waitForPickersSettled(page);
    await showSlider(page);
    const rows = ((await (await series).json()) as { data: Array<{ gid: number; lon: number; lat: number; years: number[] }> }).data;
    // Its place on screen from the map's bounds (Web Mercator), away from the map's controls.
    const [west, south, east, north] = (await page.getByTestId('map').getAttribute('data-bounds'))!.split(',').map(Number) as [number, number, number, number];
    const mercator = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
    const box = (await page.getByTestId('map').boundingBox())!;
    const place = (r: { lon: number; lat: number }) => ({ x: (r.lon - west) / (east - west), y: (mercator(north) - mercator(r.lat)) / (mercator(north) - mercator(south)) });
    const inside = (f: number) => f > 0.2 && f < 0.8;
    const row = rows.find((r) => r.years.includes(2567) && r.years.length > 1 && inside(place(r).x) && inside(place(r).y))!;
    const x = box.x + place(row).x * box.width;
    const y = box.y + place(row).y * box.height;
    await page.mouse.click(x, y);
    const drawer = page.getByTestId('feature-drawer');
    await expect.poll(() => drawer.textContent(), { timeout: 15_000 }).toContain('อัตราจุดปลาย (EPR)');
    const text = (await drawer.textContent()) ?? '';
    expect(text).toContain('แนวชายฝั่งรายปี');
    expect(text).toContain('ปีเริ่มต้น (พ.ศ.)');
    expect(text).toContain('ปีสิ้นสุด (พ.ศ.)2567');
    expect(text, 'the line of the year under the click').toContain('ปี พ.ศ.2567');
    await shot(page, 'drawer-1440');

    // The report of compare mode says which view and where the divider is.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: th.compare.open }).click();
    await page.getByRole('slider', { name: th.compare.divider }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: th.topMenu.export, exact: true }).click();
    const note = page.locator('.report-preview .report-map-note');
    await expect.poll(() => note.textContent()).toBe('การเปรียบเทียบ: เลื่อนเส้นแบ่ง · เส้นแบ่งอยู่ที่ 45% จากด้านซ้าย');
    await shot(page, 'report-1440');
  });

  it('at 390x844 side by side shows both halves, top and bottom, on the screen', async () => {
    const s = await openSession(MOBILE);
    sessions.push(s);
    const { page } = s;
    await page.goto(sampleApp().url(`cmline?v=1&${SONGKHLA}&cmp=split`));
    await waitForPickersSettled(page);
    await page.getByTestId('compare-panel').waitFor();
    await page.locator('[data-testid="compare-map"][data-idle="true"]').waitFor({ state: 'attached', timeout: 30_000 });
    await shot(page, 'split-390');
    const main = (await page.getByTestId('map').boundingBox())!;
    const lower = (await page.getByTestId('compare-map').boundingBox())!;
    expect(lower.y, 'the lower view starts below the upper one').toBeGreaterThan(main.y + 60);
    expect(lower.y + lower.height, 'the lower view ends on the screen').toBeLessThanOrEqual(MOBILE.height);
    expect(lower.height, 'the lower view has room to show the coast').toBeGreaterThan(120);
  });
});
