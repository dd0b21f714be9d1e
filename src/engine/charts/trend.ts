// The trend of one rate point (issue 14, DEA Coastlines' popup done in Thai): its rate ± 95 %
// interval in words, its statistics as label/value rows and a vega-lite chart of every year's
// shoreline distance with the fitted line and its confidence band. Pure (no vega import): it
// reads a router history answer; years come from the answer, so a year added to the data
// appears with no config change.
import { th } from '../../locale/th.ts';
import { darkenToContrast } from '../contrast.ts';

interface TrendYear {
  year: number;
  distance: number | null;
  in_period: boolean;
  outlier: boolean;
  fit: number | null;
  lower: number | null;
  upper: number | null;
}

/** What a trend drawer reads of a history answer (the router's statistics of one point). */
export interface TrendAnswer {
  start: number;
  end: number;
  n: number;
  n_lrr: number;
  lrr: number | null;
  lrr_se: number | null;
  lrr_ci95: number | null;
  r2: number | null;
  p_value: number | null;
  epr: number | null;
  nsm: number | null;
  sce: number | null;
  significant: boolean;
  outlier_years: number[];
  flags: string[];
  rate_class: string | null;
  history: TrendYear[];
}

const fixed = (v: number, digits: number) => v.toLocaleString('th-TH', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** 'ถอยร่น 2.31 ± 0.84 เมตรต่อปี' (negative = landward), 'รุกออกสู่ทะเล 1.20 ± 0.30 เมตรต่อปี',
 *  'ไม่เปลี่ยนแปลง ± 0.40 เมตรต่อปี' at 0.00; the interval is left out when unknown. */
export function rateInWords(rate: number | null, ci: number | null): string {
  if (rate === null || !Number.isFinite(rate)) return th.trend.noRate;
  const shown = Math.round(rate * 100) / 100;
  const word = shown < 0 ? th.trend.retreat : shown > 0 ? th.trend.advance : th.trend.stable;
  const size = shown === 0 ? '' : ` ${fixed(Math.abs(shown), 2)}`;
  const interval = ci !== null && Number.isFinite(ci) ? ` ± ${fixed(ci, 2)}` : '';
  return `${word}${size}${interval} ${th.trend.perYear}`;
}

interface TrendRow {
  key: string;
  label: string;
  value: string;
}

const num = (v: number | null, digits: number) => (v === null || !Number.isFinite(v) ? '-' : fixed(v, digits));

/** The statistics table; `classLabel` names the rate class (from the layer's legend). */
export function trendRows(a: TrendAnswer, classLabel: (code: string) => string | undefined): TrendRow[] {
  const s = th.trend.stats;
  const flags = a.flags.map((f) => th.trend.flags[f] ?? f);
  return [
    { key: 'lrr', label: s.lrr, value: num(a.lrr, 2) },
    { key: 'lrr_se', label: s.lrrSe, value: num(a.lrr_se, 3) },
    { key: 'lrr_ci95', label: s.ci, value: num(a.lrr_ci95, 3) },
    { key: 'r2', label: s.r2, value: num(a.r2, 3) },
    { key: 'p_value', label: s.p, value: num(a.p_value, 4) },
    { key: 'epr', label: s.epr, value: num(a.epr, 2) },
    { key: 'nsm', label: s.nsm, value: num(a.nsm, 2) },
    { key: 'sce', label: s.sce, value: num(a.sce, 2) },
    { key: 'n', label: s.years, value: `${a.n} (LRR ${a.n_lrr})` },
    { key: 'rate_class', label: s.rateClass, value: a.rate_class ? (classLabel(a.rate_class) ?? a.rate_class) : '-' },
    { key: 'outliers', label: s.outliers, value: a.outlier_years.length ? a.outlier_years.join(', ') : th.trend.none },
    { key: 'quality', label: s.quality, value: flags.length ? flags.join('; ') : th.trend.qualityOk },
  ];
}

const FONT = "Sarabun, 'Noto Sans Thai', Loma, Garuda, Tahoma, system-ui, sans-serif";
/** The fitted line reads on white as text does (WCAG 4.5:1), whatever its class colour. */
const LINE_CONTRAST = 4.5;
/** The band: the line's colour at this opacity (about 1.5:1 on white, the points drawn over it). */
const BAND_OPACITY = 0.35;
/** Room left and right of the first and last year, so their symbols are whole (in years). */
const YEAR_PADDING = 0.5;

/** Every year's distance (outliers as crosses, years outside the period as diamonds), the fitted
 *  line and its 95 % band over the period, with a legend naming each; `classColor` is the rate
 *  class colour, darkened as far as the line needs to stand out on white (issue 24 item 2). */
export function trendChartSpec(a: TrendAnswer, classColor: string): Record<string, unknown> {
  const t = th.trend;
  const color = darkenToContrast(classColor, LINE_CONTRAST);
  const points = a.history
    .filter((h) => h.distance !== null)
    .map((h) => ({ year: h.year, distance: h.distance, kind: h.outlier ? t.outlier : h.in_period ? t.measured : t.outside }));
  const fitted = a.history.filter((h) => h.fit !== null).map((h) => ({ year: h.year, fit: h.fit, lower: h.lower, upper: h.upper }));
  // The axis spans the years this point has a line or a fitted value for: the yearly lines of
  // other datasets elsewhere on the coast would only squeeze it.
  const years = [...points.map((p) => p.year), ...fitted.map((f) => f.year)];
  const domain = [Math.min(...years) - YEAR_PADDING, Math.max(...years) + YEAR_PADDING];
  const x = { field: 'year', type: 'quantitative', title: t.year, scale: { domain, nice: false }, axis: { format: 'd', tickMinStep: 1 } };
  const legend = { title: null, direction: 'vertical', rowPadding: 4 };
  const shapes = ([[t.measured, 'circle'], [t.outlier, 'cross'], [t.outside, 'diamond']] as const).filter(([kind]) => points.some((p) => p.kind === kind));
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    width: 'container',
    height: 200,
    config: { font: FONT, axis: { labelFont: FONT, titleFont: FONT }, legend: { labelFont: FONT, titleFont: FONT, orient: 'bottom' } },
    layer: [
      {
        data: { values: fitted },
        mark: { type: 'area', opacity: BAND_OPACITY },
        encoding: {
          x,
          y: { field: 'lower', type: 'quantitative', title: t.distance },
          y2: { field: 'upper' },
          fill: { datum: t.band, scale: { range: [color] }, legend },
          tooltip: [{ field: 'year', title: t.year }, { field: 'lower', title: `${t.band} ต่ำ`, format: '.2f' }, { field: 'upper', title: `${t.band} สูง`, format: '.2f' }],
        },
      },
      {
        data: { values: fitted },
        mark: { type: 'line', strokeWidth: 2.5 },
        encoding: {
          x,
          y: { field: 'fit', type: 'quantitative' },
          stroke: { datum: t.fit, scale: { range: [color] }, legend: { ...legend, symbolType: 'stroke', symbolStrokeWidth: 2.5 } },
          tooltip: [{ field: 'year', title: t.year }, { field: 'fit', title: t.fit, format: '.2f' }],
        },
      },
      {
        data: { values: points },
        mark: { type: 'point', filled: true, size: 60, color: '#222222' },
        encoding: {
          x,
          y: { field: 'distance', type: 'quantitative' },
          shape: { field: 'kind', type: 'nominal', title: null, scale: { domain: shapes.map(([kind]) => kind), range: shapes.map(([, shape]) => shape) }, legend },
          tooltip: [{ field: 'year', title: t.year }, { field: 'distance', title: t.distance, format: '.2f' }, { field: 'kind', title: ' ' }],
        },
      },
    ],
  };
}
