// A shown layer and its chart follow the pickers they use (issue 23 item 4), and the drawer
// honours a field's glossary decimals. The fixture /yearwatch (tests/fixtures/config-picker-reload)
// shows a WFS layer {product}:cmline_{year} filtered by province and charts its length by
// district. With the layer shown, choosing another year re-requests it with the new year (no
// click on 'แสดง'), redraws it with that year's lines and the chart's figures change. The admin's
// glossary edit `length_km: { ..., decimals: 1 }` makes the drawer show the length with one decimal.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDecimals, formatThaiNumber } from '../../src/engine/units.ts';
import { waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { describeProblems, waitForMapIdle } from './support/browser.ts';
import { colourPixel, drawerRowsAt, type Rgb } from './support/drawer.ts';
import { CONFIG_DIR, ROOT_DIR } from './support/server.ts';
import { th } from '../../src/locale/th.ts';

const FIXTURE = path.join(ROOT_DIR, 'tests', 'fixtures', 'config-picker-reload');
const SHOTS = path.join(ROOT_DIR, 'test-results', 'picker-reload');
const LINE: Rgb = [0xff, 0x00, 0xff];
const GLOSSARY_LINE = 'length_km: { th: ความยาว, en: Length, unit: km, duplicateOf: shape_leng }';

type Drawn = Array<{ properties: Record<string, unknown> }>;

describe('a shown WFS layer and its chart follow the year picker; drawer decimals', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-reload-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const suite = backendSuite(SHOTS, {
    configDir: () => {
      cpSync(CONFIG_DIR, dir, { recursive: true });
      cpSync(FIXTURE, dir, { recursive: true });
      const glossary = path.join(dir, 'glossary.yaml');
      const text = readFileSync(glossary, 'utf8');
      if (!text.includes(GLOSSARY_LINE)) throw new Error(`config/glossary.yaml no longer has "${GLOSSARY_LINE}"`);
      // (without duplicateOf: shown next to shape_leng, issue 24)
      writeFileSync(glossary, text.replace(GLOSSARY_LINE, 'length_km: { th: ความยาว, en: Length, unit: km, decimals: 1 }'));
      return dir;
    },
  });

  it('/yearwatch: 2567 shown, then year 2566 re-requests cmline_2566, redraws and re-charts; the drawer shows length_km with 1 decimal', async () => {
    const { page } = suite.s;
    const app = suite.app;
    // Each GetFeature as 'type name + CQL', and the total length_km of each answer, in order.
    const typeNames: string[] = [];
    const answers: number[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/wfs')) return;
      const params = new URLSearchParams(new URL(r.url()).search);
      for (const [k, v] of new URLSearchParams(r.postData() ?? '')) params.append(k, v);
      if (params.get('request') !== 'GetFeature') return;
      typeNames.push(`${params.get('typeNames')} ${params.get('CQL_FILTER')}`);
      void r.response().then(async (res) => {
        const body = (await res?.json()) as { features: Drawn } | undefined;
        answers.push((body?.features ?? []).reduce((sum, f) => sum + Number(f.properties.length_km), 0));
      });
    });
    await page.goto(app.url('yearwatch?qa=1'));
    await page.getByRole('heading', { level: 1, name: 'แนวชายฝั่งรายปี' }).waitFor();
    await waitForPickersSettled(page);
    const row = page.locator('.toggle-row[data-row="lines"]');
    const settled = () => page.waitForFunction(() => document.querySelector('.toggle-row[data-row="lines"]')?.getAttribute('data-state') !== 'loading');
    const drawn = () => page.evaluate(() => (window.__qa?.drawnFeatures('lines') ?? []) as Drawn);
    const panel = page.locator('[data-testid="chart-length-by-district"]');
    const total = () => panel.locator('table tr').last().locator('td').last().textContent();

    // Songkhla (90): 18 coastline segments a year in the sample data, 164.847 km in 2567 and
    // 164.841 km in 2566 (Bangkok's one segment is 4.422 km both years: no use here).
    const code = '90';
    await page.locator('.picker[data-picker="province"] select').last().selectOption(code);
    await waitForPickersSettled(page);
    await row.locator('button').click();
    await settled();
    expect(await row.getAttribute('data-state')).toBe('active');
    await waitForMapIdle(page);
    expect(typeNames).toEqual([`tcs:cmline_2567 prv_code = '${code}'`]);
    expect([...new Set((await drawn()).map((f) => f.properties.line_year))]).toEqual([2567]);
    await expect.poll(() => answers.length).toBe(1);
    await expect.poll(total).toBe(formatThaiNumber(answers[0]!));
    const total2567 = await total();
    await page.screenshot({ path: path.join(SHOTS, 'yearwatch-2567.png') });

    // The year picker alone: no click on the row.
    await page.locator('.picker[data-picker="year"] select').last().selectOption('2566');
    await expect.poll(() => typeNames, { timeout: 20_000 }).toEqual([`tcs:cmline_2567 prv_code = '${code}'`, `tcs:cmline_2566 prv_code = '${code}'`]);
    await settled();
    expect(await row.getAttribute('data-state')).toBe('active');
    await waitForMapIdle(page);
    await expect.poll(async () => [...new Set((await drawn()).map((f) => f.properties.line_year))], { timeout: 15_000 }).toEqual([2566]);
    // The chart follows: its total is the 2566 answer's, not the 2567 one's.
    await expect.poll(() => answers.length).toBe(2);
    await expect.poll(total, { timeout: 15_000 }).toBe(formatThaiNumber(answers[1]!));
    expect(await total()).not.toBe(total2567);
    // One layer in the list: the 2566 one replaced the 2567 one.
    expect(await page.getByRole('button', { name: `${th.topMenu.layers} 1` }).count()).toBe(1);
    await page.waitForTimeout(600); // the chart's slide
    await page.screenshot({ path: path.join(SHOTS, 'yearwatch-2566.png') });

    // The drawer: a click on a drawn line shows its length with the glossary's 1 decimal.
    const lengths = (await drawn()).map((f) => formatDecimals(Number(f.properties.length_km), 1));
    const hit = await colourPixel(page, [LINE], 30);
    expect(hit, 'a #FF00FF line pixel on the map').not.toBeNull();
    const rows = await drawerRowsAt(page, hit!);
    const length = rows.find(([label]) => label === 'ความยาว (กม.)')?.[1] ?? '';
    expect(length).toMatch(/^\d{1,3}(,\d{3})*\.\d$/);
    expect(lengths).toContain(length);
    await page.locator('[data-testid="feature-drawer"].drawer-open').waitFor();
    await page.waitForTimeout(600); // the drawer's slide
    await page.screenshot({ path: path.join(SHOTS, 'yearwatch-drawer.png') });
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
  });
});
