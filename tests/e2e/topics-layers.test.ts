// The coastline pages of issue 4 in Chromium against the real backend (router, WMS, WFS on the
// generated sample database): /cmline (4 variants) and /shoreline. Each flow chooses pickers and
// adds a layer or toggles rows, then checks what the map asks the backend (WMS tile CQL_FILTER,
// WFS viewparams), that the layer draws and the row reads 'ซ่อน', and the SPEC.md §5 messages of
// its case (choose a province, an island). /cmline-changearea, /change and the failures are in
// topics-changearea.test.ts. Screenshots go to $TOPICS_SHOTS (default test-results/topics-layers).
import { describe, expect, it } from 'vitest';
import { waitForMapIdle } from './support/browser.ts';
import { th } from '../../src/locale/th.ts';
import {
  alertText, app, countColour, EROSION, expectDrawn, expectWmsCql, MSG, noProblems, open, pick, pickerSelect, requests, row, s, shot, toggle, useCoastlineSuite,
} from './support/coastlineFlows.ts';

// Generous limits: a small CI machine renders WebGL in software and the server shares its cores.
describe('coastline topics with the real backend: /cmline and /shoreline', { timeout: 120_000 }, () => {
  useCoastlineSuite();

  it('/cmline: the cascade clears children; a year row adds cmline_2567 with CQL_FILTER of the chosen levels; removing it in the layer list returns the row', async () => {
    const { page } = s;
    s.log.clear();
    await open(s, app, 'cmline');
    await expect.poll(() => pickerSelect(page, 'district').isDisabled()).toBe(true);
    await pick(page, 'province', '90');
    await pick(page, 'district', '9001');
    await expect.poll(() => pickerSelect(page, 'subdistrict').isDisabled()).toBe(false);
    // A new province clears the district (and so disables the sub-district again).
    await pick(page, 'province', '84');
    await expect.poll(() => pickerSelect(page, 'district').inputValue()).toBe('');
    await expect.poll(() => pickerSelect(page, 'subdistrict').isDisabled()).toBe(true);
    await pick(page, 'province', '90');
    await pick(page, 'district', '9001');
    requests.clear();

    expect(await row(page, 'cmline-2567').locator('button').textContent()).toBe('แสดง');
    expect(await toggle(page, 'cmline-2567')).toEqual({ state: 'active', text: 'ซ่อน' });
    await expectWmsCql(requests, 'tcs:cmline_2567', "prv_code = '90' and amp_code = '9001'");
    // fit: the router's getbound with the same filter.
    expect(requests.router('wfs').map((p) => [p.get('mode'), p.get('layer'), p.get('cql_filter')])).toEqual([['getbound', 'tcs:cmline_2567', "prv_code = '90' and amp_code = '9001'"]]);
    await expect.poll(() => page.getByRole('button', { name: `${th.topMenu.layers} 1` }).count()).toBe(1);
    await shot(page, 'cmline-2567');

    // Removed in the layer list: the row returns to 'แสดง'.
    await page.getByRole('button', { name: `${th.topMenu.layers} 1` }).click();
    await page.getByRole('button', { name: 'ลบ แนวชายฝั่ง พ.ศ. 2567' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'ปิด' }).click();
    await expect.poll(() => row(page, 'cmline-2567').getAttribute('data-state')).toBe('inactive');
    expect(await row(page, 'cmline-2567').locator('button').textContent()).toBe('แสดง');
    // Hiding removes the layer.
    await toggle(page, 'cmline-2566');
    expect(await toggle(page, 'cmline-2566')).toEqual({ state: 'inactive', text: 'แสดง' });
    await expect.poll(() => page.getByRole('button', { name: `${th.topMenu.layers} 0` }).count()).toBe(1);
    noProblems();
  });

  it('/cmline/island: กรุณาเลือกเกาะ; islands as removable chips; year layer CQL with gid IN; erosion per island through WFS 1.0.0 (POST) drawn red; year checks', async () => {
    const { page } = s;
    s.log.clear();
    await open(s, app, 'cmline/island');
    expect((await toggle(page, 'analysis')).state).toBe('inactive');
    expect(await alertText(page)).toEqual([MSG.island]);
    await pick(page, 'province', '84');
    await pick(page, 'district', '8404');
    await pick(page, 'islands', '3');
    await pick(page, 'islands', '6');
    await pick(page, 'islands', '5');
    const chips = page.locator('.picker[data-picker="islands"] .chip');
    await expect.poll(() => chips.count()).toBe(3);
    await page.getByRole('button', { name: 'ลบ เกาะวัวตาหลับ' }).click();
    await expect.poll(() => chips.allTextContents()).toEqual(['เกาะสมุย×', 'เกาะพะลวย×']);
    // The start and end years default to the last and first of the island year list.
    await expect.poll(() => pickerSelect(page, 'start').inputValue()).toBe('2562');
    await expect.poll(() => pickerSelect(page, 'end').inputValue()).toBe('2567');
    requests.clear();

    expect((await toggle(page, 'cmline-island-2567')).text).toBe('ซ่อน');
    // The analysis area through the router's wfsisland, one request per island.
    expect((await toggle(page, 'analysis')).text).toBe('ซ่อน');
    expect(requests.router('wfsisland').map((p) => [p.get('island'), p.get('typeNames')])).toEqual([
      ['เกาะสมุย', 'tcs:cmline_island_analysis'],
      ['เกาะพะลวย', 'tcs:cmline_island_analysis'],
    ]);
    expect((await toggle(page, 'analysis')).text).toBe('แสดง');
    await expectWmsCql(requests, 'tcs:cmline_island_2567', "prv_code = '84' and amp_code = '8404' and gid IN ('3','6')");

    // §5 year checks before erosion.
    await pick(page, 'end', '2562');
    expect((await toggle(page, 'erosion')).state).toBe('inactive');
    expect(await alertText(page)).toEqual([MSG.differ]);
    await pick(page, 'start', '2567');
    expect((await toggle(page, 'erosion')).state).toBe('inactive');
    expect(await alertText(page)).toEqual([MSG.ordered]);
    expect(requests.wfs('tcs:erosion_island')).toEqual([]);
    await pick(page, 'start', '2562');
    await pick(page, 'end', '2567');

    expect(await toggle(page, 'erosion')).toEqual({ state: 'active', text: 'ซ่อน' });
    expect(requests.wfs('tcs:erosion_island')).toEqual([
      { method: 'POST', version: '1.0.0', viewparams: 'island:เกาะสมุย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567' },
      { method: 'POST', version: '1.0.0', viewparams: 'island:เกาะพะลวย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567' },
    ]);
    await expectDrawn(page, EROSION, 'island erosion');
    await shot(page, 'cmline-island-erosion');
    // Hiding removes the drawn erosion.
    expect((await toggle(page, 'erosion')).text).toBe('แสดง');
    await expect.poll(() => countColour(page, EROSION)).toBeLessThan(5);
    noProblems();
  });

  it('/cmline/songkhla-lake-land: provinces default to 90 and 93; the 2567 row filters prv_code IN both', async () => {
    const { page } = s;
    s.log.clear();
    await open(s, app, 'cmline/songkhla-lake-land');
    await expect.poll(() => page.locator('.picker[data-picker="province"] .chip').allTextContents()).toEqual(['สงขลา×', 'พัทลุง×']);
    // The district list holds the districts of both provinces (codes 90.. and 93..).
    await expect.poll(async () => (await pickerSelect(page, 'district').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).filter(Boolean).map((c) => c.slice(0, 2))).toEqual(expect.arrayContaining(['90', '93']));
    requests.clear();
    expect((await toggle(page, 'lake-land-2567')).text).toBe('ซ่อน');
    await expectWmsCql(requests, 'tcs:cmline_lake_land_2567', "prv_code IN ('90','93')");
    // This layer does not fit the map (no `fit` in config): the whole south in the picture.
    await page.getByRole('button', { name: 'กลับสู่มุมมองเริ่มต้น' }).click();
    await waitForMapIdle(page).catch(() => undefined);
    await page.getByRole('button', { name: 'ซูมออก' }).click();
    await shot(page, 'cmline-lake-land');
    noProblems();
  });

  it('/cmline/songkhla-lake-island: the add-layer button needs an island (กรุณาเลือกเกาะทะเลสาบสงขลาก่อน), then adds the 2567 layer of it', async () => {
    const { page } = s;
    s.log.clear();
    await open(s, app, 'cmline/songkhla-lake-island');
    requests.clear();
    const add = page.getByRole('button', { name: 'เพิ่มชั้นข้อมูล พ.ศ. 2567' });
    await add.click();
    expect(await alertText(page)).toEqual([MSG.lakeIsland]);
    // Nothing was fetched.
    expect(requests.router('wfs')).toEqual([]);
    expect(requests.wmsCql('tcs:cmline_lake_island_2567')).toEqual([]);
    await pick(page, 'lake-island', '1');
    expect(await alertText(page)).toEqual([]);
    await add.click();
    await expectWmsCql(requests, 'tcs:cmline_lake_island_2567', "id = '1'");
    await expect.poll(() => page.getByRole('button', { name: `${th.topMenu.layers} 1` }).count()).toBe(1);
    await shot(page, 'cmline-lake-island');
    noProblems();
  });

  it('/shoreline: years 2559..2548 as rows in their colours; 2559 adds shoreline_2559 with the province filter', async () => {
    const { page } = s;
    s.log.clear();
    await open(s, app, 'shoreline');
    await expect.poll(() => page.locator('.year-layers .toggle-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row')))).toEqual(['shoreline-2559', 'shoreline-2558', 'shoreline-2557', 'shoreline-2556', 'shoreline-2554', 'shoreline-2548']);
    await pick(page, 'province', '84');
    requests.clear();
    expect((await toggle(page, 'shoreline-2559')).text).toBe('ซ่อน');
    expect((await toggle(page, 'shoreline-2548')).text).toBe('ซ่อน');
    await expectWmsCql(requests, 'tcs:shoreline_2559', "prv_code = '84'");
    await expectWmsCql(requests, 'tcs:shoreline_2548', "prv_code = '84'");
    await shot(page, 'shoreline');
    noProblems();
  });
});
