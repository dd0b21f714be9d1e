// The one place a chart spec (spec.ts) meets a row result: groups and aggregates the features
// (group.ts), then writes what the chart panel shows: the total, the table as Thai text and the
// vega-lite spec (SPEC.md §4 Charts, §9 Units). Pure and free of vega imports: the vega
// libraries load only when a chart is drawn.
import type { Glossary, Legend, LegendItem } from '../types.ts';
import { aggregate, type AggregateRow, type ChartInput } from './group.ts';
import { legendClass } from '../legends.ts';

export { legendClass } from '../legends.ts';
import { measureOf, percentText, type Measure } from './measures.ts';
import type { ChartSpec, GroupLevel } from './spec.ts';

export type { ChartInput } from './group.ts';

export interface ChartTable {
  /** Headings of the name columns: the level labels (and the stack legend's title). */
  nameColumns: string[];
  /** Headings of the value columns, e.g. ไร่, งาน, ตร.วา, ตร.กม. */
  valueColumns: string[];
  rows: Array<{ names: string[]; values: string[] }>;
  /** The total line: 'รวม' (or 'เฉลี่ย' for a mean) and the value cells. */
  total: { label: string; values: string[] };
}

export interface CompiledChart {
  /** Labels of the levels the result is charted at, outermost first. */
  levels: string[];
  /** The one colour of the bars or line (none for stacked charts). */
  color?: string;
  /** 'รวม 1,145.607 ไร่'. */
  totalText: string;
  table?: ChartTable;
  vegaLite: Record<string, unknown>;
}

/** The Thai-capable font stack of the app (styles.css --font), for the chart's SVG text. */
const CHART_FONT = "Sarabun, 'TH Sarabun New', 'Noto Sans Thai', Loma, Garuda, Tahoma, system-ui, sans-serif";
/** Height of one bar band in px. */
const BAR_STEP_PX = 22;
/** Height of a line chart in px. */
const LINE_HEIGHT_PX = 240;
/** Height of one band of a stacked bar chart in px: the group's name above its bar (the outer
 *  padding adds half a band: room for the first name). */
const STACKED_STEP_PX = 38;
/** Stacked bars (issue 24 item 2): the names sit above their bars and the class legend under the
 *  plot, so the bars get the panel's whole width (a side legend and side names left ~10 px). */
const NAMES_ABOVE_BARS = {
  scale: { paddingInner: 0.5, paddingOuter: 0.5 },
  axis: { domain: false, ticks: false, labelAlign: 'left', labelBaseline: 'bottom', labelPadding: 0, labelOffset: -(STACKED_STEP_PX / 4 + 2), labelFontSize: 11, labelLimit: { expr: 'width' } },
} as const;
const LEGEND_BELOW = { orient: 'bottom', direction: 'vertical', labelFontSize: 11, rowPadding: 4, labelLimit: { expr: 'width - 20' }, titleLimit: { expr: 'width' } } as const;

interface Stack {
  title: string;
  items: LegendItem[];
}

/** The colour of a one-colour chart: `color`, else the legend item's. */
export function chartColor(spec: Pick<ChartSpec, 'color' | 'legend' | 'legendItem'>, legends: readonly Legend[]): string | undefined {
  if (spec.color) return spec.color;
  const legend = legends.find((l) => l.id === spec.legend);
  return legend?.items.find((i) => spec.legendItem !== undefined && String(i.code) === String(spec.legendItem))?.color;
}

/** The bar label of each row: the deepest name (with its parent for `withParent`), each with its
 *  level's prefix; a label already used by another group gets ' (2)', ' (3)'. */
function barLabels(spec: ChartSpec, levels: readonly GroupLevel[], rows: readonly AggregateRow[]): string[] {
  const byGroup = new Map<string, string>();
  const seen = new Map<string, number>();
  return rows.map(({ names }) => {
    const group = names.join('\u0000');
    const known = byGroup.get(group);
    if (known !== undefined) return known;
    const named = (i: number) => `${levels[i]?.prefix ?? ''}${names[i]}`;
    const deepest = names.length - 1;
    const base = spec.barLabel === 'withParent' && deepest > 0 ? `${named(deepest)} ${named(deepest - 1)}` : named(deepest);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const label = n === 1 ? base : `${base} (${n})`;
    byGroup.set(group, label);
    return label;
  });
}

function vegaLite(spec: ChartSpec, measure: Measure, levels: readonly GroupLevel[], values: Array<Record<string, unknown>>, color: string | undefined, stack: Stack | undefined) {
  const mark = spec.mark;
  const groups = new Set(values.map((v) => v.label)).size;
  const tooltip = [
    ...levels.map((level, i) => ({ field: `level${i + 1}`, type: 'nominal', title: level.label })),
    ...(stack ? [{ field: 'stack', type: 'nominal', title: stack.title }] : []),
    ...measure.tooltip.map((t) => ({ field: t.key, type: 'nominal', title: t.title })),
    ...(spec.shares ?? []).map((sh, k) => ({ field: `share${k}`, type: 'nominal', title: sh.label })),
  ];
  const stacked = mark === 'stackedBar' && stack !== undefined;
  const groupAxis = { field: 'label', type: mark === 'line' ? 'ordinal' : 'nominal', sort: null, title: null, ...(stacked ? NAMES_ABOVE_BARS : { axis: { labelLimit: 150, labelFontSize: 11 } }) };
  const valueAxis = { field: measure.key, type: 'quantitative', title: measure.axisTitle, axis: { format: measure.axisFormat ?? ',.3~f', tickCount: 4, labelFontSize: 10 } };
  const domain = stack?.items.map((i) => i.label) ?? [];
  const colorEncoding = stack ? { color: { field: 'stack', type: 'nominal', title: stack.title, sort: domain, scale: { domain, range: stack.items.map((i) => i.color ?? '#888888') }, legend: LEGEND_BELOW } } : {};
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: spec.title,
    width: 'container',
    // A fixed height per bar (a `step` height with a container width makes vega-lite warn).
    height: mark === 'line' ? LINE_HEIGHT_PX : stacked ? (Math.max(1, groups) + 0.5) * STACKED_STEP_PX : Math.max(1, groups) * BAR_STEP_PX,
    data: { values },
    mark: { type: mark === 'line' ? 'line' : 'bar', ...(mark === 'line' ? { point: true } : {}), ...(color ? { color } : {}), tooltip: true },
    encoding: mark === 'line' ? { x: groupAxis, y: valueAxis, ...colorEncoding, tooltip } : { y: groupAxis, x: valueAxis, ...colorEncoding, tooltip },
    config: {
      font: CHART_FONT,
      view: { stroke: null },
      axis: { labelFont: CHART_FONT, titleFont: CHART_FONT, titleFontWeight: 600 },
    },
  };
}

/** A chart spec applied to a row result, or null when there is nothing to chart (SPEC.md §4:
 *  charts only for non-empty data). `legends` give the colours (legend + legendItem, stack);
 *  `glossary` the label and decimals of a unit other than the built-in ones (e.g. kg). */
export function compileChart(spec: ChartSpec, input: ChartInput, legends: readonly Legend[], glossary?: Pick<Glossary, 'units' | 'fields'>): CompiledChart | null {
  const measure = measureOf(spec.value, glossary);
  const stackLegend = spec.stack && legends.find((l) => l.id === spec.stack?.legend);
  const stack: Stack | undefined = spec.stack && { title: stackLegend?.title ?? spec.stack.field, items: stackLegend?.items ?? [] };
  const stackField = spec.stack?.field ?? '';
  const grouped = aggregate(spec, input, stack && ((properties) => legendClass(stack.items, properties[stackField])));
  if (!grouped) return null;
  const { levels, rows, total } = grouped;
  const color = stack ? undefined : chartColor(spec, legends);
  const labels = barLabels(spec, levels, rows);
  const stackLabel = (row: AggregateRow) => (row.stack === undefined ? [] : [stack?.items[row.stack]?.label ?? '']);
  const values = rows.map((row, i) => ({
    label: labels[i],
    ...Object.fromEntries(row.names.map((name, k) => [`level${k + 1}`, name])),
    ...Object.fromEntries(stackLabel(row).map((label) => ['stack', label])),
    [measure.key]: measure.bar(row.value),
    ...Object.fromEntries(measure.tooltip.map((t) => [t.key, t.text(row.value)])),
    ...Object.fromEntries(row.shares.map((v, k) => [`share${k}`, percentText(v)])),
  }));
  const shareLabels = (spec.shares ?? []).map((sh) => sh.label);
  const totalLabel = spec.value.aggregate === 'mean' ? 'เฉลี่ย' : 'รวม';
  const table: ChartTable = {
    nameColumns: [...levels.map((l) => l.label), ...(stack ? [stack.title] : [])],
    valueColumns: [...measure.columns.map((c) => c.label), ...shareLabels],
    rows: rows.map((row) => ({ names: [...row.names, ...stackLabel(row)], values: [...measure.columns.map((c) => c.text(row.value)), ...row.shares.map(percentText)] })),
    total: { label: totalLabel, values: [...measure.columns.map((c) => c.text(total)), ...grouped.totalShares.map(percentText)] },
  };
  return {
    levels: levels.map((l) => l.label),
    ...(color ? { color } : {}),
    totalText: `${totalLabel} ${measure.text(total)}`,
    ...(spec.table === false ? {} : { table }),
    // Only the classes present: the colour legend lists what the chart shows, in legend order.
    vegaLite: vegaLite(spec, measure, levels, values, color, stack && { ...stack, items: stack.items.filter((_, i) => rows.some((r) => r.stack === i)) }),
  };
}
