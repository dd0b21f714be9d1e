// Issue 23 "Done when": the GIS admin's example works by config alone and draws in Chromium. The
// beach-litter survey (tests/fixtures/admin-beachwatch: 40 points, BE 2564-2567) is a table of the
// database, published per year by the layer catalog; /beachwatch lists the provinces present in it
// (a picker of the layer's own values), draws the chosen year's points in the legend's classes,
// charts kilograms by province ('กก.', 1 decimal from the glossary), follows the year picker, and
// the drawer says the amount with its unit's decimals.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDecimals } from '../../src/engine/units.ts';
import { beachwatchConfig, beachwatchRows, writeBeachwatchTable } from '../support/beachwatch.ts';
import { waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { describeProblems, waitForMapIdle } from './support/browser.ts';
import { colourPixel, drawerRowsAt, type Rgb } from './support/drawer.ts';
import { ROOT_DIR } from './support/server.ts';

const SHOTS = path.join(ROOT_DIR, 'test-results', 'admin-beachwatch');
/** The legend's class colours (tests/fixtures/admin-beachwatch/legends.yaml). */
const CLASS_COLOURS: Rgb[] = [[0x1a, 0x98, 0x50], [0xfe, 0xe0, 0x8b], [0xfc, 0x8d, 0x59], [0xd7, 0x30, 0x27]];

/** Kilograms by province of a year's survey, as the chart's table shows them. */
function expectedKg(year: number): Map<string, string> {
  const sums = new Map<string, number>();
  for (const r of beachwatchRows().filter((row) => row.year === year)) sums.set(r.province, (sums.get(r.province) ?? 0) + r.litter_kg);
  return new Map([...sums].map(([province, kg]) => [province, formatDecimals(kg, 1)]));
}

describe('the admin example /beachwatch works by config alone (issue 23)', { timeout: 180_000 }, () => {
  const config = beachwatchConfig();
  afterAll(config.cleanup);
  const suite = backendSuite(SHOTS, { configDir: () => config.dir, prepare: writeBeachwatchTable });

  it('lists the provinces of the survey, draws and charts the chosen year, follows the year picker; the drawer says kg with 1 decimal', async () => {
    const { page } = suite.s;
    const asked: string[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/wfs')) return;
      const params = new URLSearchParams(new URL(r.url()).search);
      for (const [k, v] of new URLSearchParams(r.postData() ?? '')) params.append(k, v);
      if (params.get('request') === 'GetFeature') asked.push(params.get('typeNames') ?? '');
    });
    await page.goto(suite.app.url('beachwatch?qa=1'));
    await page.getByRole('heading', { level: 1, name: 'เฝ้าระวังขยะชายหาด' }).waitFor();
    await waitForPickersSettled(page);

    // The province picker lists what the table holds, in Thai order: no list typed by hand.
    const provinces = await page.locator('.picker[data-picker="province"] select').last().locator('option').evaluateAll((os) => os.map((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']));
    expect(provinces).toEqual([['', 'ทุกจังหวัด'], ['20', 'ชลบุรี'], ['21', 'ระยอง'], ['90', 'สงขลา']]);

    const row = page.locator('.toggle-row[data-row="litter"]');
    const settled = () => page.waitForFunction(() => document.querySelector('.toggle-row[data-row="litter"]')?.getAttribute('data-state') !== 'loading');
    const drawn = () => page.evaluate(() => (window.__qa?.drawnFeatures('litter') ?? []) as Array<{ properties: Record<string, unknown> }>);
    await row.locator('button').click();
    await settled();
    expect(await row.getAttribute('data-state')).toBe('active');
    await waitForMapIdle(page);
    expect(asked).toEqual(['tcs:beachwatch_2567']);
    expect((await drawn()).length).toBe(10);

    // The chart: kilograms by province, headed with the glossary's unit.
    const panel = page.locator('[data-testid="chart-litter-by-province"]');
    await panel.locator('.vega-chart[data-state="ready"]').waitFor();
    const table = async () => {
      const rows = await panel.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
      return new Map(rows.map((cells) => [cells[0] ?? '', cells.at(-1) ?? '']));
    };
    expect(await panel.locator('table thead').textContent()).toContain('กก.');
    await expect.poll(table).toEqual(expectedKg(2567));
    await page.screenshot({ path: path.join(SHOTS, 'beachwatch-2567.png') });

    // Another year: the shown layer and the chart follow without a click.
    await page.locator('.picker[data-picker="year"] select').last().selectOption('2565');
    await expect.poll(() => asked, { timeout: 20_000 }).toEqual(['tcs:beachwatch_2567', 'tcs:beachwatch_2565']);
    await settled();
    await waitForMapIdle(page);
    await expect.poll(async () => [...new Set((await drawn()).map((f) => f.properties.year))], { timeout: 15_000 }).toEqual([2565]);
    await expect.poll(table, { timeout: 15_000 }).toEqual(expectedKg(2565));

    // The drawer: a click on a drawn symbol shows the amount with the unit's one decimal.
    const amounts = (await drawn()).map((f) => `${formatDecimals(Number(f.properties.litter_kg), 1)}`);
    const hit = await colourPixel(page, CLASS_COLOURS, 11);
    expect(hit, 'a legend-coloured symbol on the map').not.toBeNull();
    const cells = await drawerRowsAt(page, hit!);
    const amount = cells.find(([label]) => label === 'ปริมาณขยะ (กก.)')?.[1] ?? '';
    expect(amount).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
    expect(amounts).toContain(amount);
    expect(cells.find(([label]) => label === 'ชื่อชายหาด')?.[1]).toMatch(/^หาด/);
    await page.waitForTimeout(600); // the drawer's slide
    await page.screenshot({ path: path.join(SHOTS, 'beachwatch-drawer.png') });
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
  });
});
