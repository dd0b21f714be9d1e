// Lists and totals of a published layer by config alone (issue 23 item 2): the fixture
// /landtotals lists the provinces present in the catalog layer coastallu_2558 as a picker's
// options, the districts of the chosen province in a second picker (a cascade), and charts the
// sum of area_rai by province and district from /tcs/v2/totals, with no layer row on the map.
// The expected lists and sums come from the same layer read through WFS GetFeature.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeProblems } from './support/browser.ts';
import { waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';

const SHOTS = path.join(ROOT_DIR, 'test-results', 'layer-values');
const thai = new Intl.Collator('th', { numeric: true });

interface Land { prv_code: string; prv_name: string; amp_code: string; amp_name: string; tam_code: string; tam_name: string; area_rai: number }

/** code -> name of the distinct values, in Thai order of the name. */
function distinct(rows: readonly Land[], code: 'prv_code' | 'amp_code' | 'tam_code', name: 'prv_name' | 'amp_name' | 'tam_name'): Array<[string, string]> {
  return [...new Map(rows.map((r) => [r[code], r[name]])).entries()].sort((a, b) => thai.compare(a[1], b[1]));
}

describe('a picker lists the values of a published layer; a totals section charts its sums', { timeout: 180_000 }, () => {
  const suite = backendSuite(SHOTS, { fixture: 'config-layer-values' });

  it('/landtotals: provinces and districts of coastallu_2558 as options, the chart and table of area by district of the chosen province', async () => {
    const { page } = suite.s;
    const app = suite.app;
    const wfs = await fetch(`${app.origin}/geoserver/tcs_postgres/wfs?service=WFS&version=2.0.0&request=GetFeature&typeNames=tcs:coastallu_2558&count=10000&outputFormat=application/json&propertyName=prv_code,prv_name,amp_code,amp_name,tam_code,tam_name,area_rai`);
    const land = ((await wfs.json()) as { features: Array<{ properties: Land }> }).features.map((f) => f.properties);
    expect(land.length).toBeGreaterThan(0);
    const asked: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/\/tcs\/v2\/(values|totals)$/.test(url.pathname)) asked.push(url);
    });

    await page.goto(app.url('landtotals'));
    await page.getByRole('heading', { level: 1, name: 'สรุปพื้นที่การใช้ประโยชน์ที่ดินชายฝั่ง' }).waitFor();
    await waitForPickersSettled(page);
    const options = (picker: string) =>
      page.locator(`.picker[data-picker="${picker}"] select`).last().locator('option').evaluateAll((os) => os.flatMap((o) => ((o as HTMLOptionElement).value ? [[(o as HTMLOptionElement).value, o.textContent ?? '']] : [])));
    expect(await options('province')).toEqual(distinct(land, 'prv_code', 'prv_name'));

    // Before a province is chosen the chart sums every province.
    const panel = page.locator('[data-testid="chart-area-by-district"]');
    await panel.locator('.vega-chart[data-state="ready"]').waitFor();
    const total = async () => Number(((await panel.locator('table tfoot td').last().textContent()) ?? '').replace(/[^\d.]/g, ''));
    const sum = (rows: readonly Land[]) => rows.reduce((s, r) => s + Number(r.area_rai), 0);
    expect(await total()).toBeCloseTo(sum(land), 0);

    // The province with the most districts: its districts become the second picker's options.
    const [code, name] = distinct(land, 'prv_code', 'prv_name').sort((a, b) => distinct(land.filter((r) => r.prv_code === b[0]), 'amp_code', 'amp_name').length - distinct(land.filter((r) => r.prv_code === a[0]), 'amp_code', 'amp_name').length)[0]!;
    const inProvince = land.filter((r) => r.prv_code === code);
    await page.locator('.picker[data-picker="province"] select').last().selectOption(code);
    await page.waitForFunction((n) => document.querySelectorAll('.picker[data-picker="district"] select option').length === n + 1, distinct(inProvince, 'amp_code', 'amp_name').length);
    expect(await options('district')).toEqual(distinct(inProvince, 'amp_code', 'amp_name'));
    expect(asked.some((u) => u.pathname.endsWith('/values') && u.searchParams.get('value') === 'amp_code' && u.searchParams.get('filter.prv_code') === code)).toBe(true);
    // The sub-districts of the province (no district chosen yet), capped at the picker's 5 with the note.
    const tambons = distinct(inProvince, 'tam_code', 'tam_name');
    expect(tambons.length).toBeGreaterThan(5);
    const capped = page.locator('.picker[data-picker="subdistrict"]');
    await capped.locator('.cap-note').waitFor();
    expect(await options('subdistrict')).toEqual(tambons.slice(0, 5));
    expect(await capped.locator('.cap-note').textContent()).toBe(`แสดง 5 จาก ${tambons.length} ผลลัพธ์ กรุณาปรับการค้นหาของคุณ`);

    // The chart follows the province: one row per district, the total the province's sum.
    await expect.poll(total, { timeout: 15_000 }).toBeCloseTo(sum(inProvince), 0);
    const rowNames = await panel.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelector('td, th')?.textContent ?? ''));
    expect(rowNames.length).toBe(distinct(inProvince, 'amp_code', 'amp_name').length);
    expect(asked.some((u) => u.pathname.endsWith('/totals') && u.searchParams.get('op') === 'sum' && u.searchParams.get('field') === 'area_rai' && u.searchParams.get('groupBy') === 'prv_name,amp_name' && u.searchParams.get('filter.prv_code') === code)).toBe(true);
    expect(await panel.textContent()).toContain(name);
    await panel.locator('.chart-panel-in').or(page.locator('[data-testid="chart-area-by-district"].chart-panel-in')).first().waitFor();
    await page.waitForTimeout(400); // the panel's 0.3 s slide-in
    await page.screenshot({ path: path.join(SHOTS, 'landtotals.png') });
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
  });
});
