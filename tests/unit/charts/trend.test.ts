// The trend of one rate point (issue 14): the rate ± 95 % interval in Thai words, the statistics
// rows (outlier years, quality flags, rate class from the legend) and the chart of every year
// with the fitted line and its band (the years come from the answer, none from config).
import { describe, expect, it } from 'vitest';
import { rateInWords, trendChartSpec, trendRows, type TrendAnswer } from '../../../src/engine/charts/trend.ts';
import { contrastOnWhite } from '../../../src/engine/contrast.ts';

const year = (y: number, distance: number | null, extra: Partial<TrendAnswer['history'][number]> = {}) => ({ year: y, distance, in_period: true, outlier: false, fit: distance, lower: distance === null ? null : distance - 1, upper: distance === null ? null : distance + 1, ...extra });
const answer: TrendAnswer = {
  start: 2562, end: 2567, n: 5, n_lrr: 4, lrr: -2.3137, lrr_se: 0.2, lrr_ci95: 0.8412, r2: 0.9, p_value: 0.0123, epr: -2.1, nsm: -10.5, sce: 12, significant: true,
  outlier_years: [2566], flags: ['angle'], rate_class: 'moderate_erosion',
  history: [year(2548, 3, { in_period: false, fit: null, lower: null, upper: null }), year(2562, 0), year(2563, -2), year(2564, null, { fit: -4, lower: -5, upper: -3 }), year(2565, -7), year(2566, 4, { outlier: true }), year(2567, -11)],
};

describe('rateInWords', () => {
  it('a negative rate retreats, a positive one advances, both with the 95 % half-width', () => {
    expect(rateInWords(-2.3137, 0.8412)).toBe('ถอยร่น 2.31 ± 0.84 ม./ปี');
    expect(rateInWords(1.2, 0.3)).toBe('รุกออกสู่ทะเล 1.20 ± 0.30 ม./ปี');
    expect(rateInWords(0.001, 0.4)).toBe('ไม่เปลี่ยนแปลง ± 0.40 ม./ปี');
  });
  it('no interval without one; no rate says why', () => {
    expect(rateInWords(-1, null)).toBe('ถอยร่น 1.00 ม./ปี');
    expect(rateInWords(null, null)).toBe('คำนวณอัตราไม่ได้ (ข้อมูลน้อยกว่า 2 ปี) ลองเลือกช่วงปีที่กว้างขึ้น');
  });
});

describe('trendRows', () => {
  it('statistics with units, outlier years, quality flags in Thai and the class label from the legend', () => {
    const rows = Object.fromEntries(trendRows(answer, (code) => (code === 'moderate_erosion' ? 'กัดเซาะปานกลาง (-5 ถึง -1)' : undefined)).map((r) => [r.key, r.value]));
    expect(rows).toMatchObject({ lrr: '-2.31', lrr_ci95: '0.841', p_value: '0.0123', n: '5 (LRR 4)', rate_class: 'กัดเซาะปานกลาง (-5 ถึง -1)', outliers: '2566' });
    expect(rows.quality).toBe('มุมระหว่างแนวตั้งฉากชายฝั่งกับแนวชายฝั่งแต่ละปีแปรปรวนสูง');
    const clean = Object.fromEntries(trendRows({ ...answer, outlier_years: [], flags: [], lrr: null }, () => undefined).map((r) => [r.key, r.value]));
    expect(clean).toMatchObject({ outliers: 'ไม่มี', quality: 'ปกติ', lrr: '-', rate_class: 'moderate_erosion' });
  });
});

describe('trendChartSpec', () => {
  const spec = trendChartSpec(answer, '#EF8A62') as { layer: Array<{ mark: { type: string }; data: { values: Array<Record<string, unknown>> } }> };
  it('a band, the fitted line and every measured year (the missing one left out)', () => {
    expect(spec.layer.map((l) => l.mark.type)).toEqual(['area', 'line', 'point']);
    expect(spec.layer[2]?.data.values.map((v) => v.year)).toEqual([2548, 2562, 2563, 2565, 2566, 2567]);
    expect(spec.layer[0]?.data.values.map((v) => v.year)).toEqual([2562, 2563, 2564, 2565, 2566, 2567]);
  });
  it('outliers and years outside the period are told by their shape, not only by colour', () => {
    const kinds = Object.fromEntries(spec.layer[2]!.data.values.map((v) => [v.year, v.kind]));
    expect(kinds).toMatchObject({ 2548: 'นอกช่วงปีที่เลือก', 2562: 'ระยะที่วัดได้', 2566: 'ค่าผิดปกติ' });
    const shape = (spec.layer[2] as unknown as { encoding: { shape: { scale: { domain: string[]; range: string[] } } } }).encoding.shape.scale;
    expect(shape).toEqual({ domain: ['ระยะที่วัดได้', 'ค่าผิดปกติ', 'นอกช่วงปีที่เลือก'], range: ['circle', 'cross', 'diamond'] });
  });

  it('the year axis spans the years the point has (not every year of the data), half a year more each side so the end symbols are whole', () => {
    const recent = trendChartSpec({ ...answer, history: answer.history.filter((h) => h.year >= 2562).concat([year(2570, null, { in_period: false, fit: null, lower: null, upper: null })]) }, '#000') as { layer: Array<{ encoding: { x: { scale: { domain: number[] } } } }> };
    expect(recent.layer[0]?.encoding.x.scale.domain).toEqual([2561.5, 2567.5]);
  });

  // issue 24 item 2: a pale class colour made the line and band vanish on white.
  it('line and band in the class hue, dark enough to read on white, each named in the Thai legend', () => {
    type Channel = { datum: string; scale: { range: string[] }; legend: { symbolType?: string } };
    const pale = trendChartSpec(answer, '#FDDBC7') as { layer: Array<{ mark: { opacity?: number }; encoding: { fill?: Channel; stroke?: Channel } }> };
    const [band, line] = pale.layer;
    const lineColor = line!.encoding.stroke!.scale.range[0]!;
    expect(contrastOnWhite(lineColor)).toBeGreaterThanOrEqual(4.5);
    expect(band!.encoding.fill!.scale.range).toEqual([lineColor]);
    expect(contrastOnWhite(lineColor, band!.mark.opacity)).toBeGreaterThanOrEqual(1.4);
    expect([band!.encoding.fill!.datum, line!.encoding.stroke!.datum]).toEqual(['ช่วงความเชื่อมั่น 95%', 'เส้นถดถอย']);
    expect(line!.encoding.stroke!.legend.symbolType).toBe('stroke');
    // A class colour already dark enough is kept.
    const dark = trendChartSpec(answer, '#2166AC') as typeof pale;
    expect(dark.layer[1]!.encoding.stroke!.scale.range).toEqual(['#2166AC']);
  });
});
