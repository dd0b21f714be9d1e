// Issue 24 defects 2 and 7 on /shoreline-trend, as a Thai visitor meets them at 1440x900
// (SPEC.md §4 Charts, §5 Validation): the stacked length chart gets the sidebar's width (its
// legend goes under the plot), its table fits the sidebar with no horizontal scroll on both
// tabs; the drawer's trend chart draws a line and band that stand out on white, its first and
// last years whole, with a Thai legend naming the line and the band; a period momentarily
// invalid says what is wrong and what to do, keeps the points, and draws them again once valid.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { th } from '../../src/locale/th.ts';
import { describeProblems, waitForMapIdle } from './support/browser.ts';
import { gotoTopic, providerApiPatterns, waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';

const SHOTS = process.env.VISITOR_TREND_SHOTS ?? path.join(ROOT_DIR, 'test-results', 'visitor-trend');
const TITLE = 'แนวโน้มการเปลี่ยนแปลงชายฝั่ง';

type Drawn = Array<{ properties: Record<string, unknown>; point: [number, number] }>;
const drawn = (page: Page) => page.evaluate(() => window.__qa?.drawnFeatures('rates') ?? []) as Promise<Drawn>;
const rowState = (page: Page) => page.locator('[data-row="rates"]').getAttribute('data-state');
const picker = (page: Page, id: string) => page.locator(`[data-picker="${id}"] select`);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The plot area of a vega chart (the widest axis domain line: the value axis of bars, the year
 *  axis of a trend) and the boxes of its legend and of its point symbols, in page pixels. */
function chartGeometry(page: Page, selector: string) {
  return page.locator(selector).evaluate((root) => {
    const box = (e: Element): Box => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const domains = [...root.querySelectorAll('.role-axis-domain')].map(box);
    const plot = domains.reduce((a, b) => (b.width > a.width ? b : a));
    const yAxis = domains.reduce((a, b) => (b.height > a.height ? b : a));
    return {
      plot,
      yAxis,
      legends: [...root.querySelectorAll('.role-legend')].map(box),
      legendText: [...root.querySelectorAll('.role-legend text')].map((t) => t.textContent ?? ''),
      symbols: [...root.querySelectorAll('.mark-symbol path')].map(box),
    };
  });
}

/** WCAG contrast ratio of a colour drawn at `opacity` over white. */
function contrastOnWhite(css: string, opacity: number): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(css)?.[1];
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(css);
  const channels = hex ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) : rgb ? rgb.slice(1, 4).map(Number) : null;
  if (!channels) throw new Error(`not a colour: ${css}`);
  const lum = channels
    .map((c) => (c * opacity + 255 * (1 - opacity)) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  return 1.05 / (lum + 0.05);
}

/** The colour and opacity a vega path is painted with (its own attributes, else its group's). */
function paint(page: Page, selector: string, attr: 'stroke' | 'fill') {
  return page.locator(selector).first().evaluate((e, a) => {
    const own = (name: string) => e.getAttribute(name) ?? e.parentElement?.getAttribute(name) ?? null;
    return { color: own(a) ?? '', opacity: Number(own(`${a}-opacity`) ?? own('opacity') ?? 1) };
  }, attr);
}

describe('/shoreline-trend as a visitor meets it (issue 24 items 2 and 7)', { timeout: 120_000 }, () => {
  const suite = backendSuite(SHOTS, { viewport: { width: 1440, height: 900 } });

  it('the length chart gets the sidebar width with its legend below; its tables fit the sidebar', async () => {
    const { page } = suite.s;
    await gotoTopic(page, suite.app, 'shoreline-trend?qa=1', TITLE);
    await waitForPickersSettled(page);
    await picker(page, 'province').selectOption('90');
    await waitForPickersSettled(page);
    await page.locator('[data-row="rates"] button').click();
    await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
    const chart = '[data-testid="chart-length-chart"]';
    await page.locator(`${chart} .vega-chart[data-state="ready"]`).waitFor({ timeout: 60_000 });
    const sidebar = (await page.locator('.sidebar-content').boundingBox())!;
    const g = await chartGeometry(page, chart);
    expect(g.plot.width, 'plot width vs sidebar width').toBeGreaterThanOrEqual(0.6 * sidebar.width);
    expect(g.legends.length).toBe(1);
    expect(g.legends[0]!.y, 'legend under the plot').toBeGreaterThanOrEqual(g.plot.y);
    for (const id of ['length-chart', 'rate-chart']) {
      const fits = await page.locator(`[data-testid="chart-${id}"] .chart-table-wrap`).evaluate((e) => [e.scrollWidth, e.clientWidth]);
      expect(fits[0], `${id} table scrollWidth <= clientWidth`).toBeLessThanOrEqual(fits[1]!);
    }
    await page.locator(chart).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'length-chart-1440.png') });
  });

  it('the drawer trend chart: a line and band clear on white, whole end points, a Thai legend of both', async () => {
    const { page } = suite.s;
    await waitForMapIdle(page);
    await expect.poll(async () => (await drawn(page)).length, { timeout: 60_000 }).toBeGreaterThan(20);
    // A point of a pale class (its colour barely differs from white): the hardest case.
    const map = (await page.locator('[data-testid="map"] canvas.maplibregl-canvas').first().boundingBox())!;
    const inside = (await drawn(page)).filter((p) => p.point[0] > 60 && p.point[1] > 80 && p.point[0] < map.width - 60 && p.point[1] < map.height - 60);
    const pale = inside.find((p) => ['low_erosion', 'none', 'low_accretion'].includes(String(p.properties.rate_class))) ?? inside[0]!;
    await page.mouse.click(map.x + pale.point[0], map.y + pale.point[1]);
    const chart = '[data-testid="trend-chart"]';
    await page.locator(`${chart} .vega-chart-ready`).waitFor({ timeout: 30_000 });

    const line = await paint(page, `${chart} .mark-line path`, 'stroke');
    expect(contrastOnWhite(line.color, line.opacity), `line ${line.color}`).toBeGreaterThanOrEqual(4.5);
    const band = await paint(page, `${chart} .mark-area path`, 'fill');
    expect(contrastOnWhite(band.color, band.opacity), `band ${band.color} at ${band.opacity}`).toBeGreaterThanOrEqual(1.4);
    const g = await chartGeometry(page, chart);
    expect(g.symbols.length).toBeGreaterThan(2);
    // Every year's symbol is whole inside the plot: none is cut by (or drawn over) the year axis.
    const axisX = g.yAxis.x + g.yAxis.width;
    for (const s of g.symbols) {
      expect(s.x, 'a symbol right of the distance axis').toBeGreaterThanOrEqual(axisX);
      expect(s.x + s.width, 'a symbol inside the plot').toBeLessThanOrEqual(g.plot.x + g.plot.width + 0.5);
    }
    for (const name of [th.trend.fit, th.trend.band, th.trend.measured]) expect(g.legendText).toContain(name);
    await page.locator(chart).screenshot({ path: path.join(SHOTS, 'drawer-chart-1440.png') });
    await page.keyboard.press('Escape');
  });

  it('a momentarily invalid period says what to do, keeps the points, and redraws them once valid', async () => {
    const { page } = suite.s;
    const lists: URLSearchParams[] = [];
    page.on('request', (r) => {
      const q = new URL(r.url()).searchParams;
      if (q.get('page') === 'transects' && q.get('mode') === 'list') lists.push(q);
    });
    const before = (await drawn(page)).length;
    expect(before).toBeGreaterThan(20);
    // Start 2564 then end 2563, as a visitor steps through the two pickers.
    await picker(page, 'start').selectOption('2564');
    await picker(page, 'end').selectOption('2563');
    const alert = page.locator('.rows-section [role="alert"]');
    await alert.waitFor({ timeout: 30_000 });
    // The layer stays on the map with its last valid period while the period is invalid.
    expect(await rowState(page)).toBe('active');
    await waitForMapIdle(page);
    await expect.poll(async () => (await drawn(page)).length, { timeout: 10_000 }).toBeGreaterThan(20);
    const said = await alert.innerText();
    expect(said).toContain('ปีสิ้นสุด');
    expect(said).toContain(th.validation.layerKept);
    await page.screenshot({ path: path.join(SHOTS, 'invalid-period-1440.png') });

    // A valid end year again: the points of the new period are asked for and drawn.
    await picker(page, 'end').selectOption('2566');
    await expect.poll(() => lists.some((q) => q.get('start') === '2564' && q.get('end') === '2566'), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
    await waitForMapIdle(page);
    await expect.poll(async () => (await drawn(page)).length, { timeout: 60_000 }).toBeGreaterThan(20);
    await alert.waitFor({ state: 'detached' });
    expect(describeProblems(suite.s.log.unexpected(providerApiPatterns(suite.app.bundle)))).toBe('');
  });

  it("the beach tab's table shows its one value column (km) with no horizontal scroll", async () => {
    const { page } = suite.s;
    const chart = '[data-testid="chart-length-chart"]';
    await gotoTopic(page, suite.app, 'shoreline-trend/beach?qa=1', TITLE);
    await waitForPickersSettled(page);
    const main = picker(page, 'beach-main');
    await main.locator('option[value]:not([value=""])').first().waitFor({ state: 'attached' });
    await main.selectOption((await main.locator('option[value]:not([value=""])').first().getAttribute('value'))!);
    await waitForPickersSettled(page);
    await page.locator('[data-row="rates"] button').click();
    await expect.poll(() => rowState(page), { timeout: 60_000 }).toBe('active');
    await page.locator(`${chart} .chart-table`).waitFor({ timeout: 60_000 });
    const wrap = page.locator(`${chart} .chart-table-wrap`);
    const [scroll, client] = await wrap.evaluate((e) => [e.scrollWidth, e.clientWidth]);
    expect(scroll, 'beach table scrollWidth <= clientWidth').toBeLessThanOrEqual(client!);
    // The one value column (km) is inside the sidebar, not behind a scroll.
    const km = (await wrap.locator('thead th.num').last().boundingBox())!;
    const wrapBox = (await wrap.boundingBox())!;
    expect(km.x + km.width).toBeLessThanOrEqual(wrapBox.x + wrapBox.width + 1);
    await wrap.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'beach-table-1440.png') });
  });
});
