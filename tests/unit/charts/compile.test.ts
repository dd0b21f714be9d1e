// Declarative charts compiled to table text and vega-lite (issue 9 item 5, SPEC.md §4, §9):
// units, bar labels, colours from a legend, stacked bars, lines, means and counts.
import { parse, View } from 'vega';
import { compile } from 'vega-lite';
import { describe, expect, it } from 'vitest';
import { chartColor, compileChart, legendClass, type CompiledChart } from '../../../src/engine/charts/compile.ts';
import { chartSpec, type ChartSpec } from '../../../src/engine/charts/spec.ts';
import type { Legend } from '../../../src/engine/types.ts';
import { adminChart, erosionAccretion } from './fixtures/specs.ts';

const input = (features: Array<Record<string, unknown>>, viewparams?: Record<string, string>) => ({
  features: { features: features.map((properties) => ({ properties })) },
  ...(viewparams ? { viewparams } : {}),
});

const changeRate: Legend = {
  id: 'change-rate',
  title: 'อัตราการเปลี่ยนแปลงชายฝั่ง (เมตร/ปี)',
  type: 'line',
  field: 'epr',
  items: [
    { label: 'กัดเซาะ', max: -1, color: '#B2182B' },
    { label: 'ไม่เปลี่ยนแปลง', code: 0, color: '#BDBDBD' },
    { label: 'สะสมตัว', min: -1, color: '#2166AC' },
  ],
};
const coastal: Legend = {
  id: 'coastal-status',
  title: 'สถานภาพชายฝั่ง',
  type: 'line',
  field: 'coastal_s',
  items: [
    { label: 'SV กัดเซาะรุนแรง', code: 'SV', color: '#D7191C' },
    { label: 'EQ สมดุลตะกอน', code: 'EQ', color: '#A6CEE3' },
  ],
};
const legends = [erosionAccretion, changeRate, coastal];
const province = { fields: ['pv_th'], label: 'จังหวัด', prefix: 'จ.' };

/** vega-lite accepts the spec and vega draws it (no container in node: a fixed width). */
async function draws(chart: CompiledChart): Promise<string> {
  const warnings: string[] = [];
  const logger = { level: () => logger, warn: (...m: unknown[]) => (warnings.push(m.join(' ')), logger), info: () => logger, debug: () => logger, error: (...m: unknown[]) => (warnings.push(m.join(' ')), logger) };
  const svg = await new View(parse(compile({ ...chart.vegaLite, width: 400 } as never, { logger: logger as never }).spec), { renderer: 'none' }).toSVG();
  expect(warnings).toEqual([]);
  return svg;
}

describe('§9 units', () => {
  const erosion = adminChart('erosion', 'พื้นที่การกัดเซาะ');

  it('§9 sq m: one row per district with whole rai, whole ngan, square wah and sq km, 3 decimals th-TH; bars in decimal rai', () => {
    // 2,050 sq m = 1 rai 1 ngan 12.5 wah = 0.00205 sq km; 1,600,000 sq m = 1,000 rai = 1.6 sq km.
    const chart = compileChart(
      erosion,
      input([{ prv_name: 'สงขลา', amp_name: 'สิงหนคร', area: 2050 }, { prv_name: 'สงขลา', amp_name: 'เมืองสงขลา', area: 1_600_000 }], { code: '90' }),
      legends,
    )!;
    expect(chart.table).toEqual({
      nameColumns: ['จังหวัด', 'อำเภอ'],
      valueColumns: ['ไร่', 'งาน', 'ตร.วา', 'ตร.กม.'],
      rows: [
        { names: ['สงขลา', 'สิงหนคร'], values: ['1', '1', '12.500', '0.002'] },
        { names: ['สงขลา', 'เมืองสงขลา'], values: ['1,000', '0', '0.000', '1.600'] },
      ],
      total: { label: 'รวม', values: ['1,001', '1', '12.500', '1.602'] },
    });
    expect(chart.totalText).toBe('รวม 1,001 ไร่ 1 งาน 12.500 ตร.วา');
    const values = (chart.vegaLite.data as { values: Array<Record<string, unknown>> }).values;
    expect(values.map((v) => [v.label, v.rai, v.raiText, v.sqkmText])).toEqual([
      ['อ.สิงหนคร จ.สงขลา', 1.28125, '1 ไร่ 1 งาน 12.500 ตร.วา', '0.002 ตร.กม.'],
      ['อ.เมืองสงขลา จ.สงขลา', 1000, '1,000 ไร่ 0 งาน 0.000 ตร.วา', '1.600 ตร.กม.'],
    ]);
  });

  it('sq km, km, m/yr: bars and one table column in that unit', () => {
    const spec = (unit: ChartSpec['value']['unit']) => chartSpec({ id: 'c', title: 'T', from: 'r', color: '#000000', value: { field: 'v', unit }, groupBy: [province] });
    const rows = [{ pv_th: 'สงขลา', v: 1.5 }];
    expect(compileChart(spec('sqkm'), input(rows), [])?.table?.valueColumns).toEqual(['ตร.กม.']);
    const km = compileChart(spec('km'), input(rows), [])!;
    expect([km.totalText, km.table?.rows, (km.vegaLite.encoding as { x: { title: string } }).x.title]).toEqual(['รวม 1.500 กม.', [{ names: ['สงขลา'], values: ['1.500'] }], 'ความยาว (กม.)']);
    expect(compileChart(spec('m/yr'), input(rows), [])?.totalText).toBe('รวม 1.500 ม./ปี');
  });
});

describe('aggregates', () => {
  it('m/yr mean: the mean of each group, the total the mean of every feature (not of the groups); missing values skipped', async () => {
    const spec = chartSpec({ id: 'rate', title: 'อัตราเฉลี่ย', from: 'rate', color: '#B2182B', value: { field: 'epr', unit: 'm/yr', aggregate: 'mean' }, groupBy: [province] });
    const chart = compileChart(spec, input([{ pv_th: 'สงขลา', epr: -2 }, { pv_th: 'สงขลา', epr: '-4' }, { pv_th: 'สงขลา', epr: null }, { pv_th: 'ปัตตานี', epr: 3 }]), [])!;
    expect(chart.table?.rows).toEqual([
      { names: ['สงขลา'], values: ['-3.000'] },
      { names: ['ปัตตานี'], values: ['3.000'] },
    ]);
    expect(chart.table?.total).toEqual({ label: 'เฉลี่ย', values: ['-1.000'] });
    expect(chart.totalText).toBe('เฉลี่ย -1.000 ม./ปี');
    await draws(chart);
  });

  it('missing: zero counts a feature without a value in the mean', () => {
    const spec = chartSpec({ id: 'rate', title: 'อัตรา', from: 'rate', value: { field: 'epr', unit: 'm/yr', aggregate: 'mean', missing: 'zero' }, groupBy: [province] });
    expect(compileChart(spec, input([{ pv_th: 'สงขลา', epr: -2 }, { pv_th: 'สงขลา' }]), [])?.totalText).toBe('เฉลี่ย -1.000 ม./ปี');
  });

  it('count: features per group as whole numbers, the value field unread', async () => {
    const spec = chartSpec({ id: 'n', title: 'จำนวนโครงสร้าง', from: 'structures', color: '#333333', value: { unit: 'count', aggregate: 'count' }, groupBy: [province, { fields: ['ap_th'], label: 'อำเภอ', prefix: 'อ.' }] });
    const chart = compileChart(spec, input([{ pv_th: 'สงขลา', ap_th: 'สิงหนคร' }, { pv_th: 'สงขลา', ap_th: 'สิงหนคร', area: 'x' }, { pv_th: 'สงขลา', ap_th: 'จะนะ' }]), [])!;
    expect(chart.table?.rows).toEqual([
      { names: ['สงขลา', 'สิงหนคร'], values: ['2'] },
      { names: ['สงขลา', 'จะนะ'], values: ['1'] },
    ]);
    expect(chart.totalText).toBe('รวม 3');
    expect((chart.vegaLite.data as { values: unknown[] }).values).toContainEqual(expect.objectContaining({ label: 'อ.สิงหนคร จ.สงขลา', count: 2, countText: '2' }));
    await draws(chart);
  });
});

describe('levels', () => {
  it('`when`: a level used only when the viewparam does not match, any viewparam and pattern', () => {
    const spec = chartSpec({
      id: 'c', title: 'T', from: 'r', value: { unit: 'sqm' },
      groupBy: [province, { fields: ['ap_th'], label: 'อำเภอ', when: { viewparam: 'scope', notMatching: '^(all|country)$' } }],
    });
    const features = [{ pv_th: 'สงขลา', ap_th: 'สิงหนคร', area: 1600 }];
    expect(compileChart(spec, input(features, { scope: 'country' }), [])?.levels).toEqual(['จังหวัด']);
    expect(compileChart(spec, input(features, { scope: 'province' }), [])?.levels).toEqual(['จังหวัด', 'อำเภอ']);
    expect(compileChart(spec, input(features), [])?.levels).toEqual(['จังหวัด', 'อำเภอ']);
  });

  it("barLabel withParent with one level is the name alone; a repeated label gets ' (2)'", () => {
    const spec = chartSpec({ id: 'c', title: 'T', from: 'r', value: { unit: 'count', aggregate: 'count' }, groupBy: [{ fields: ['a'], label: 'A', prefix: 'x' }, { fields: ['b'], label: 'B', prefix: 'y' }] });
    const chart = compileChart({ ...spec, groupBy: [spec.groupBy[0]!] }, input([{ a: '1' }]), [])!;
    expect((chart.vegaLite.data as { values: Array<{ label: string }> }).values[0]?.label).toBe('x1');
    const deep = compileChart({ ...spec, barLabel: 'deepest' }, input([{ a: '1', b: 'k' }, { a: '2', b: 'k' }]), [])!;
    expect((deep.vegaLite.data as { values: Array<{ label: string }> }).values.map((v) => v.label)).toEqual(['yk', 'yk (2)']);
  });
});

describe('colours and marks', () => {
  it('colour: `color`, else the legend item; none when neither is known', () => {
    expect(chartColor({ legend: 'erosion-accretion', legendItem: 'accretion' }, legends)).toBe('#2AA7FE');
    expect(chartColor({ color: '#123456', legend: 'erosion-accretion', legendItem: 'accretion' }, legends)).toBe('#123456');
    expect(chartColor({ legend: 'erosion-accretion', legendItem: 'none' }, legends)).toBeUndefined();
    expect(chartColor({}, legends)).toBeUndefined();
    const chart = compileChart(chartSpec({ id: 'c', title: 'T', from: 'r', value: { unit: 'sqm' }, groupBy: [province] }), input([{ pv_th: 'ก', area: 1 }]), legends)!;
    expect(chart.color).toBeUndefined();
    expect(chart.vegaLite.mark).toEqual({ type: 'bar', tooltip: true });
  });

  it('legendClass: a code equal as text, else min < value <= max; null for none', () => {
    expect(legendClass(changeRate.items, -5)).toBe(0);
    expect(legendClass(changeRate.items, '-1')).toBe(0);
    expect(legendClass(changeRate.items, 0)).toBe(1);
    expect(legendClass(changeRate.items, -0.5)).toBe(2);
    expect(legendClass(coastal.items, 'EQ')).toBe(1);
    expect(legendClass(coastal.items, 'XX')).toBeNull();
    expect(legendClass(coastal.items, null)).toBeNull();
  });

  it('a length in metres is charted and tabled in km (SPEC.md §9: lengths over 1000 m in km)', () => {
    const spec = chartSpec({ id: 'len', title: 'ความยาวชายฝั่ง', from: 'coast', value: { field: 'coast_m', unit: 'm' }, groupBy: [province] });
    const chart = compileChart(spec, input([{ pv_th: 'สงขลา', coast_m: 340737.997 }, { pv_th: 'สงขลา', coast_m: 1262.003 }]), legends)!;
    expect(chart.table?.valueColumns).toEqual(['กม.']);
    expect(chart.table?.rows).toEqual([{ names: ['สงขลา'], values: ['342.000'] }]);
    expect(chart.totalText).toBe('รวม 342.000 กม.');
    expect(JSON.stringify(chart.vegaLite)).toContain('ความยาว (กม.)');
  });

  it('stackedBar: one segment per legend class present, in legend order and colours; features of no class left out', async () => {
    const spec = chartSpec({
      id: 'status', title: 'สถานภาพชายฝั่ง', from: 'status', mark: 'stackedBar',
      value: { field: 'length_km', unit: 'km' }, groupBy: [province], stack: { field: 'coastal_s', legend: 'coastal-status' },
    });
    const chart = compileChart(spec, input([
      { pv_th: 'สงขลา', coastal_s: 'EQ', length_km: 2 },
      { pv_th: 'สงขลา', coastal_s: 'SV', length_km: 1.5 },
      { pv_th: 'ปัตตานี', coastal_s: 'EQ', length_km: 4 },
      { pv_th: 'ปัตตานี', coastal_s: 'XX', length_km: 100 },
      { pv_th: 'สงขลา', coastal_s: 'EQ', length_km: 1 },
    ]), legends)!;
    expect(chart.table?.nameColumns).toEqual(['จังหวัด', 'สถานภาพชายฝั่ง']);
    expect(chart.table?.rows).toEqual([
      { names: ['สงขลา', 'SV กัดเซาะรุนแรง'], values: ['1.500'] },
      { names: ['สงขลา', 'EQ สมดุลตะกอน'], values: ['3.000'] },
      { names: ['ปัตตานี', 'EQ สมดุลตะกอน'], values: ['4.000'] },
    ]);
    expect(chart.totalText).toBe('รวม 8.500 กม.');
    expect(chart.color).toBeUndefined();
    expect(chart.vegaLite.height).toBe((2 + 0.5) * 38); // two bars, each with its name above it
    const encoding = chart.vegaLite.encoding as { color: Record<string, unknown>; y: { axis: Record<string, unknown> } };
    expect(encoding.color).toMatchObject({
      field: 'stack', type: 'nominal', title: 'สถานภาพชายฝั่ง',
      sort: ['SV กัดเซาะรุนแรง', 'EQ สมดุลตะกอน'], scale: { domain: ['SV กัดเซาะรุนแรง', 'EQ สมดุลตะกอน'], range: ['#D7191C', '#A6CEE3'] },
    });
    // issue 24 item 2: the class legend under the plot and the names above their bars, so the
    // bars get the panel's width in a narrow sidebar.
    expect(encoding.color.legend).toMatchObject({ orient: 'bottom', direction: 'vertical' });
    expect(encoding.y.axis).toMatchObject({ labelAlign: 'left', labelBaseline: 'bottom', labelPadding: 0, ticks: false });
    const svg = await draws(chart);
    expect(svg).toContain('fill="#D7191C"');
    expect(svg).toContain('fill="#A6CEE3"');
  });

  it('line: groups along x in first-seen order, the value up y, one line per stack class', async () => {
    const spec = chartSpec({
      id: 'years', title: 'ความยาวชายฝั่งรายปี', from: 'lines', mark: 'line', color: '#E6194B',
      value: { field: 'length_km', unit: 'km' }, groupBy: [{ fields: ['line_year'], label: 'ปี พ.ศ.' }],
    });
    const chart = compileChart(spec, input([{ line_year: 2562, length_km: 10 }, { line_year: 2567, length_km: 12.5 }, { line_year: 2562, length_km: 1 }]), [])!;
    expect(chart.table?.rows).toEqual([
      { names: ['2562'], values: ['11.000'] },
      { names: ['2567'], values: ['12.500'] },
    ]);
    expect(chart.vegaLite.mark).toEqual({ type: 'line', point: true, color: '#E6194B', tooltip: true });
    expect(chart.vegaLite.height).toBe(240);
    const encoding = chart.vegaLite.encoding as Record<string, { field: string; type: string }>;
    expect([encoding.x?.field, encoding.x?.type, encoding.y?.field]).toEqual(['label', 'ordinal', 'km']);
    await draws(chart);

    const series = compileChart({ ...spec, stack: { field: 'epr', legend: 'change-rate' } }, input([{ line_year: 2562, epr: -3, length_km: 1 }, { line_year: 2562, epr: 2, length_km: 2 }]), legends)!;
    expect(series.vegaLite.mark).toEqual({ type: 'line', point: true, tooltip: true });
    expect(series.table?.rows.map((r) => r.names)).toEqual([['2562', 'กัดเซาะ'], ['2562', 'สะสมตัว']]);
    await draws(series);
  });

  it('table: false leaves the table out', () => {
    const spec = chartSpec({ id: 'c', title: 'T', from: 'r', table: false, value: { unit: 'sqm' }, groupBy: [province] });
    const chart = compileChart(spec, input([{ pv_th: 'ก', area: 1 }]), [])!;
    expect(chart.table).toBeUndefined();
    expect(chart.totalText).toBe('รวม 0 ไร่ 0 งาน 0.250 ตร.วา');
  });
});
