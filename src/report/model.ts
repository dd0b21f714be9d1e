// The export report (SPEC.md §2 Export dialog, issue 10) as pages, from what is on the map: the
// title page (header, title, date, map, and the legend of every visible layer titled
// 'รายละเอียดชั้นข้อมูล'), legend pages when the legends do not fit, and chart pages holding the
// charts that have data, at most two to a page. Pure: the preview, the print view and the PDF
// all draw these pages, so they never disagree and nothing is dropped.
import type { CompiledChart } from '../engine/charts/compile.ts';
import type { Legend, LegendItem } from '../engine/types.ts';
import { legendEntries } from '../layers/draw/legendStyle.ts';
import type { MapLayer } from '../layers/types.ts';

export interface LegendBlock {
  layerId: string;
  layerName: string;
  /** The legend's title when it has one (e.g. 'การใช้ประโยชน์ที่ดิน'). */
  title?: string;
  /** How its items are drawn: line, fill, circle or image swatches. */
  type: Legend['type'];
  items: LegendItem[];
  /** A legend picture from the map service (GetLegendGraphic) when config gives no legend. */
  image?: string;
}

export interface ReportChart {
  id: string;
  title: string;
  chart: CompiledChart;
}

export type ReportPage =
  | { kind: 'title'; legend: LegendBlock[] }
  | { kind: 'legend'; legend: LegendBlock[] }
  | { kind: 'charts'; heading: string; charts: ReportChart[] };

export interface ReportInput {
  /** Visible layers in drawing order, top first (src/map/layers/order.ts drawOrder). */
  layers: readonly MapLayer[];
  legends: readonly Legend[];
  /** Charts with data, in the order of the page's sections; their page heading. */
  charts: readonly ReportChart[];
  chartHeading: string;
  /** The GetLegendGraphic URL of a WMS layer without a config legend (null: no picture). */
  legendImage?: (layer: MapLayer) => string | null;
}

/** Rows of legend a page holds: the title page shares its height with the map. */
export const LEGEND_ROWS = { title: 12, page: 38 } as const;
/** A chart whose table has more rows than this takes a page of its own. */
const TALL_CHART_ROWS = 18;

/** The legend block of each visible layer that has something to show (groups show their children). */
export function legendBlocks(input: Pick<ReportInput, 'layers' | 'legends' | 'legendImage'>): LegendBlock[] {
  return input.layers.flatMap((layer): LegendBlock[] => {
    const legend = layer.legend ? input.legends.find((l) => l.id === layer.legend) : undefined;
    const items = legendEntries(layer, input.legends);
    if (items.length > 0) return [{ layerId: layer.id, layerName: layer.name, ...(legend ? { title: legend.title } : {}), type: legend?.type ?? 'fill', items }];
    const image = input.legendImage?.(layer);
    return image ? [{ layerId: layer.id, layerName: layer.name, type: 'image', items: [], image }] : [{ layerId: layer.id, layerName: layer.name, type: 'fill', items: [] }];
  });
}

const rowsOf = (b: LegendBlock) => 1 + (b.image ? 4 : b.items.length);

/** Splits blocks into pages of at most `first` rows, then `rest` rows; a block longer than a page
 *  is split between pages (its heading repeated), so no item is ever cut. */
export function flowLegend(blocks: readonly LegendBlock[], first: number, rest: number): LegendBlock[][] {
  const pages: LegendBlock[][] = [[]];
  let room = first;
  for (const block of blocks) {
    let remaining = block;
    while (rowsOf(remaining) > room) {
      const fit = remaining.image ? 0 : room - 1;
      if (fit > 0) pages.at(-1)!.push({ ...remaining, items: remaining.items.slice(0, fit) });
      if (fit > 0) remaining = { ...remaining, items: remaining.items.slice(fit) };
      pages.push([]);
      room = rest;
      if (rowsOf(remaining) <= room) break;
    }
    pages.at(-1)!.push(remaining);
    room -= rowsOf(remaining);
  }
  return pages;
}

/** Chart pages: two charts to a page, one when a chart's table is tall. */
export function chartPages(charts: readonly ReportChart[], heading: string): Array<Extract<ReportPage, { kind: 'charts' }>> {
  const pages: Array<Extract<ReportPage, { kind: 'charts' }>> = [];
  for (const chart of charts) {
    const last = pages.at(-1);
    const tall = (c: ReportChart) => (c.chart.table?.rows.length ?? 0) > TALL_CHART_ROWS;
    if (last && last.charts.length === 1 && !tall(chart) && !tall(last.charts[0]!)) last.charts.push(chart);
    else pages.push({ kind: 'charts', heading, charts: [chart] });
  }
  return pages;
}

export function reportPages(input: ReportInput): ReportPage[] {
  const [first = [], ...more] = flowLegend(legendBlocks(input), LEGEND_ROWS.title, LEGEND_ROWS.page);
  return [{ kind: 'title', legend: first }, ...more.map((legend) => ({ kind: 'legend' as const, legend })), ...chartPages(input.charts, input.chartHeading)];
}

export { thaiDate } from '../engine/thaiDate.ts';
