// Charts of server totals (issue 14): a chart with `router` reads the rows of that call made with
// its row's request parameters; a weighted mean (`weight`) and share columns (`shares`, e.g.
// 'มีนัยสำคัญ (%)') aggregate the totals rows the way the transects themselves would.
import { describe, expect, it } from 'vitest';
import { compileChart } from '../../../src/engine/charts/compile.ts';
import { chartSpec } from '../../../src/engine/charts/spec.ts';
import { chartRouterQuery, rowsInput } from '../../../src/ui/charts/routerInput.ts';

/** mode=totals rows by district: each the mean rate of its rated transects and how many are significant. */
const totals = [
  { prv_name: 'สงขลา', amp_name: 'สิงหนคร', mean_rate: -2, rated: 30, significant: 15, km: 3.1 },
  { prv_name: 'สงขลา', amp_name: 'เมืองสงขลา', mean_rate: 1, rated: 10, significant: 1, km: 1 },
  { prv_name: 'สงขลา', amp_name: 'จะนะ', mean_rate: null, rated: 0, significant: 0, km: 0.2 },
];
const rateChart = chartSpec({
  id: 'rate-chart',
  title: 'อัตราการเปลี่ยนแปลงเฉลี่ย (LRR)',
  from: 'rates',
  value: { field: 'mean_rate', unit: 'm/yr', aggregate: 'mean', weight: 'rated' },
  shares: [{ label: 'มีนัยสำคัญ (%)', count: 'significant', of: 'rated' }],
  groupBy: [{ fields: ['prv_name'], label: 'จังหวัด', prefix: 'จ.' }, { fields: ['amp_name'], label: 'อำเภอ', prefix: 'อ.' }],
});

describe('charts of server totals', () => {
  it('weighted mean: the total is the mean of every transect, not of the district means; a row without rated transects is left out', () => {
    const chart = compileChart(rateChart, rowsInput(totals, {})!, [])!;
    expect(chart.table?.valueColumns).toEqual(['ม./ปี', 'มีนัยสำคัญ (%)']);
    expect(chart.table?.rows).toEqual([
      { names: ['สงขลา', 'สิงหนคร'], values: ['-2.000', '50.0'] },
      { names: ['สงขลา', 'เมืองสงขลา'], values: ['1.000', '10.0'] },
    ]);
    // (-2 x 30 + 1 x 10) / 40 = -1.25; (15 + 1) / 40 = 40 %
    expect(chart.table?.total).toEqual({ label: 'เฉลี่ย', values: ['-1.250', '40.0'] });
    const tooltip = (chart.vegaLite.encoding as { tooltip: Array<{ title: string }> }).tooltip.map((t) => t.title);
    expect(tooltip).toContain('มีนัยสำคัญ (%)');
    expect((chart.vegaLite.data as { values: Array<Record<string, unknown>> }).values[0]).toMatchObject({ share0: '50.0' });
  });

  it('without weight the mean is of the rows; a share whose whole is 0 reads -', () => {
    const { weight: _w, ...value } = rateChart.value;
    const chart = compileChart({ ...rateChart, value, groupBy: [rateChart.groupBy[1]!] }, rowsInput(totals.slice(0, 2), {})!, [])!;
    expect(chart.table?.total.values).toEqual(['-0.500', '40.0']);
    const zero = compileChart(chartSpec({ ...rateChart, value: { field: 'km', unit: 'km' } }), rowsInput([totals[2]!], {})!, [])!;
    expect(zero.table?.rows[0]?.values).toEqual(['0.200', '-']);
  });

  it("the router query is the row's request parameters with the chart's own; rows read as features", () => {
    const params = { pv: '90', start: '2562', end: '2567', significant: '1' };
    expect(chartRouterQuery({ page: 'transects', mode: 'totals', by: 'district' }, { params })).toEqual({ ...params, page: 'transects', mode: 'totals', by: 'district' });
    expect(chartRouterQuery({ page: 'transects', mode: 'totals' }, undefined)).toBeNull();
    expect(chartRouterQuery({ page: 'transects', mode: 'totals' }, { })).toBeNull();
    expect(rowsInput([], params)).toBeNull();
    expect(rowsInput([{ a: 1 }, null, 'x'], params)).toEqual({ features: { features: [{ properties: { a: 1 } }] }, viewparams: params });
  });
});
