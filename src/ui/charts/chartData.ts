// From a toggle row's result to what a chart panel shows (SPEC.md §4 Charts, §9 Units): the
// aggregated tree (engine/charts/aggregate.ts), its table rows and the vega-lite spec of the bar
// chart. Pure, and free of vega imports: the vega libraries load only when a chart is drawn.
import type { ChartSpec } from '../sections/charts/definition.ts';
import { aggregateAdmin, aggregateIslands, toChartRows, type ChartLevel, type ChartRow, type ChartTree } from '../../engine/charts/aggregate.ts';
import { formatThaiNumber, sqmToRai, sqmToSqkm, toRaiNganWah, unitLabels } from '../../engine/units.ts';

/** What the chart needs of a row result (src/ui/topic/rowResults.ts RowResult). */
export interface ChartSource {
  features: { features: ReadonlyArray<{ id?: string | number | null; properties?: Readonly<Record<string, unknown>> | null }> };
  parts?: ReadonlyArray<{ label?: string; features: { features: ReadonlyArray<{ id?: string | number | null; properties?: Readonly<Record<string, unknown>> | null }> } }>;
  /** The viewparams the result was fetched with ('code:90;start:2562;end:2567'). */
  viewparams?: string;
}

/** A result fetched for a whole province (a 2-digit code) is the province view: its chart goes
 *  province > district; a district or sub-district code goes down to sub-districts (SPEC.md §4). */
export function isProvinceQuery(viewparams: string | undefined): boolean {
  return /(^|;)code:\d{2}(;|$)/.test(viewparams ?? '');
}

/** The chart tree of one chart spec, or null when there is nothing to chart (SPEC.md §4: charts
 *  only for non-empty data). Island charts merge the per-island results at province level;
 *  administrative ones take their level from the first feature (`chartLevel`). */
export function chartTreeFor(spec: Pick<ChartSpec, 'aggregate'>, result: ChartSource | undefined | null): ChartTree | null {
  if (!result) return null;
  if (spec.aggregate === 'island') {
    const sets = result.parts?.length
      ? result.parts.map((s) => ({ island: s.label ?? null, features: s.features.features }))
      : [{ features: result.features.features }];
    return aggregateIslands(sets);
  }
  const provinceView = isProvinceQuery(result.viewparams);
  return aggregateAdmin(result.features.features, { isProvinceView: () => provinceView });
}

/** Column headings of the table, deepest level last. */
export const COLUMN_LABELS = {
  province: 'จังหวัด',
  district: 'อำเภอ',
  subdistrict: 'ตำบล',
  rai: unitLabels.rai,
  ngan: unitLabels.ngan,
  wah: unitLabels.wah,
  sqkm: unitLabels.sqkm,
  total: 'รวม',
} as const;

/** One table row as text: names and the area as rai, ngan, square wah and sq km, each number in
 *  the Thai locale with exactly 3 decimals (SPEC.md §9). */
export interface TableRow {
  province: string;
  district: string;
  subdistrict?: string;
  rai: string;
  ngan: string;
  wah: string;
  sqkm: string;
}

function areaCells(sqm: number): Pick<TableRow, 'rai' | 'ngan' | 'wah' | 'sqkm'> {
  const { rai, ngan, wah } = toRaiNganWah(sqm);
  return { rai: formatThaiNumber(rai), ngan: formatThaiNumber(ngan), wah: formatThaiNumber(wah), sqkm: formatThaiNumber(sqmToSqkm(sqm)) };
}

export function tableRows(rows: readonly ChartRow[]): TableRow[] {
  return rows.map((r) => ({
    province: r.province,
    district: r.district,
    ...(r.subdistrict !== undefined ? { subdistrict: r.subdistrict } : {}),
    ...areaCells(r.area_sqm),
  }));
}

/** The total line of the table. */
export function totalRow(tree: ChartTree): Pick<TableRow, 'rai' | 'ngan' | 'wah' | 'sqkm'> {
  return areaCells(tree.area_sqm);
}

/** The bar label of a row: the deepest name with its parent, unique within the chart. */
export function barLabels(rows: readonly ChartRow[], level: ChartLevel, kind: ChartTree['kind']): string[] {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    const base =
      level === 'subdistrict' && r.subdistrict !== undefined
        ? `ต.${r.subdistrict} อ.${r.district}`
        : kind === 'island'
          ? r.district // already 'district (island)'; the province is in the tooltip and the table
          : `อ.${r.district} จ.${r.province}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  });
}

/** The Thai-capable font stack of the app (styles.css --font), for the chart's SVG text. */
export const CHART_FONT = "Sarabun, 'TH Sarabun New', 'Noto Sans Thai', Loma, Garuda, Tahoma, system-ui, sans-serif";

export interface BarDatum {
  label: string;
  province: string;
  district: string;
  subdistrict?: string;
  /** Decimal rai: the bar length. */
  rai: number;
  raiText: string;
  sqkmText: string;
}

export function barData(tree: ChartTree): BarDatum[] {
  const rows = toChartRows(tree);
  const labels = barLabels(rows, tree.level, tree.kind);
  return rows.map((r, i) => ({
    label: labels[i] ?? '',
    province: r.province,
    district: r.district,
    ...(r.subdistrict !== undefined ? { subdistrict: r.subdistrict } : {}),
    rai: sqmToRai(r.area_sqm),
    raiText: `${formatThaiNumber(sqmToRai(r.area_sqm))} ${unitLabels.rai}`,
    sqkmText: `${formatThaiNumber(sqmToSqkm(r.area_sqm))} ${unitLabels.sqkm}`,
  }));
}

/** Height of one bar band in px. */
export const BAR_STEP_PX = 22;

/** A horizontal bar chart (vega-lite 6) of area in rai per district or sub-district. */
export function barChartSpec(tree: ChartTree, options: { title: string; color: string }): Record<string, unknown> {
  const data = barData(tree);
  const tooltip = [
    { field: 'province', type: 'nominal', title: COLUMN_LABELS.province },
    { field: 'district', type: 'nominal', title: COLUMN_LABELS.district },
    ...(tree.level === 'subdistrict' ? [{ field: 'subdistrict', type: 'nominal', title: COLUMN_LABELS.subdistrict }] : []),
    { field: 'raiText', type: 'nominal', title: 'พื้นที่' },
    { field: 'sqkmText', type: 'nominal', title: unitLabels.sqkm },
  ];
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: options.title,
    width: 'container',
    // A fixed height per bar (a `step` height with a container width makes vega-lite warn).
    height: Math.max(1, data.length) * BAR_STEP_PX,
    data: { values: data },
    mark: { type: 'bar', color: options.color, tooltip: true },
    encoding: {
      y: { field: 'label', type: 'nominal', sort: null, title: null, axis: { labelLimit: 150, labelFontSize: 11 } },
      x: { field: 'rai', type: 'quantitative', title: `พื้นที่ (${unitLabels.rai})`, axis: { format: ',.3~f', tickCount: 4, labelFontSize: 10 } },
      tooltip,
    },
    config: {
      font: CHART_FONT,
      view: { stroke: null },
      axis: { labelFont: CHART_FONT, titleFont: CHART_FONT, titleFontWeight: 600 },
    },
  };
}
