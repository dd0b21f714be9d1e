// The report as a pdfmake document definition, drawn into a vector PDF (issue 10 item 3): the same
// pages as the preview (model.ts), with Sarabun so that Thai text is shaped, selectable and
// extractable (src/pdf/). The map, the charts' bars and the legend pictures (GetLegendGraphic, item
// icons) come as pictures taken in the browser; every text (title, legend, chart titles and
// tables) is text, and so are the map's scale bar and north arrow (src/pdf/mapDecorations.ts, as
// the atlas draws them, issue 26 item 4).
import type { LegendBlock, ReportChart, ReportPage } from '../model.ts';
import { FONT } from '../../pdf/fonts.ts';
import { decoratedMapNodes } from '../../pdf/mapDecorations.ts';
import { unitLabels } from '../../engine/units.ts';
import { REPORT_CONTENT_WIDTH as CONTENT_WIDTH, REPORT_MARGIN as MARGIN, type ReportMapScale } from '../mapScale.ts';
import { chartTableNode } from '../../pdf/chartTable.ts';
import { nestRuns, thaiRuns } from '../../pdf/thaiText.ts';
import { symbolSvg } from '../../engine/symbols.ts';
import { pinSvg } from '../../engine/pin.ts';
import type { LegendItem } from '../../engine/types.ts';

export interface ReportPdfInput {
  title: string;
  /** The Thai date line (model.ts thaiDate). */
  date: string;
  /** A line under the map (compare mode's view and divider), when there is one. */
  mapNote?: string;
  /** Header texts (locale): the product line and the sample-data badge, when the data are sample. */
  header: { product: string; legendTitle: string; legendContinued: string; noLegend: string; sample?: string; page: (n: number, of: number) => string };
  pages: readonly ReportPage[];
  /** PNG/JPEG data URLs: the report map, each chart's bars by chart id, and each legend picture by
   *  the URL the legend names (a block's `image`, an item's `image`). */
  images: { map?: string; charts: Readonly<Record<string, string>>; legends?: Readonly<Record<string, LegendPicture>> };
  /** The map's size on the page and its scale (mapScale.ts): its scale bar and north arrow. */
  mapScale?: ReportMapScale;
  /** Width/height of each chart picture, to keep its proportions. */
  chartSizes: Readonly<Record<string, { width: number; height: number }>>;
}

/** A legend picture as a PNG data URL with the size the preview shows it at, in CSS pixels (a 3x
 *  picture has three times as many pixels: ~290 ppi printed). */
export interface LegendPicture { url: string; width: number; height: number }

type Node = Record<string, unknown> | string | Node[];

/** The most a legend picture may take: the height of the 4 rows model.ts counts it as. */
const LEGEND_PICTURE_MAX = { width: CONTENT_WIDTH, height: 60 } as const;
/** CSS pixels to PDF points: a legend picture prints at the size the preview shows it. */
const PT_PER_PX = 0.75;

const text = (value: string, extra: Record<string, unknown> = {}): Node => ({ text: nestRuns(thaiRuns(value)), ...extra });

function swatch(block: LegendBlock, item: LegendItem, pictures: Readonly<Record<string, LegendPicture>>): Node {
  const c = item.color ?? item.stroke ?? '#999999';
  const { symbol } = item;
  const icon = item.image ? pictures[item.image] : undefined;
  if (icon) return { stack: [{ image: icon.url, fit: [14, 12] }], width: 22 };
  if (symbol) return { stack: [{ svg: symbolSvg(symbol, c), width: 12, height: 12, margin: [3, 0, 0, 0] }], width: 22 };
  if (block.type === 'pin') return { stack: [{ svg: pinSvg(c), width: 10, height: 12, margin: [4, 0, 0, 0] }], width: 22 };
  if (block.type === 'line') return { canvas: [{ type: 'line', x1: 0, y1: 6, x2: 18, y2: 6, lineWidth: 3, lineColor: c }], width: 22 };
  if (block.type === 'circle') return { canvas: [{ type: 'ellipse', x: 9, y: 6, r1: 5, r2: 5, color: c }], width: 22 };
  return { canvas: [{ type: 'rect', x: 0, y: 1, w: 18, h: 10, color: c, lineColor: '#555555', lineWidth: 0.5 }], width: 22 };
}

/** A picture at its preview size in points, scaled down to fit LEGEND_PICTURE_MAX. */
function pictureNode(picture: LegendPicture): Node {
  const width = picture.width * PT_PER_PX;
  const height = picture.height * PT_PER_PX;
  const scale = Math.min(1, LEGEND_PICTURE_MAX.width / width, LEGEND_PICTURE_MAX.height / height);
  return { image: picture.url, width: width * scale, height: height * scale, margin: [6, 1, 0, 1] };
}

/** What a block shows under its name: its picture, its items, or (as the preview) 'ไม่มีสัญลักษณ์'. */
function blockBody(b: LegendBlock, input: ReportPdfInput): Node[] {
  const pictures = input.images.legends ?? {};
  const picture = b.image ? pictures[b.image] : undefined;
  if (picture) return [pictureNode(picture)];
  if (b.image || b.items.length === 0) return [text(input.header.noLegend, { fontSize: 10, color: '#666666', margin: [6, 1, 0, 1] })];
  return b.items.map((item): Node => ({ columns: [swatch(b, item, pictures), text(item.label, { fontSize: 10 })], columnGap: 4, margin: [6, 1, 0, 1] }));
}

function legendNodes(blocks: readonly LegendBlock[], input: ReportPdfInput): Node[] {
  return blocks.flatMap((b): Node[] => [
    text(b.title && b.title !== b.layerName ? `${b.layerName} — ${b.title}` : b.layerName, { bold: true, margin: [0, 6, 0, 2] }),
    ...blockBody(b, input),
  ]);
}

function chartNodes(c: ReportChart, input: ReportPdfInput): Node[] {
  const picture = input.images.charts[c.id];
  const size = input.chartSizes[c.id];
  const width = Math.min(CONTENT_WIDTH, size?.width ?? CONTENT_WIDTH);
  const table = c.chart.table;
  return [
    text(c.title, { bold: true, fontSize: 13, margin: [0, 10, 0, 2] }),
    text(c.chart.totalText, { fontSize: 10, color: '#444444', margin: [0, 0, 0, 4] }),
    ...(picture ? [{ image: picture, width, ...(size ? { height: (width * size.height) / size.width } : {}) }] : []),
    ...(table ? [chartTableNode(table, [0, 6, 0, 0])] : []),
  ];
}

function headerNodes(input: ReportPdfInput): Node[] {
  return [
    { canvas: [{ type: 'rect', x: 0, y: 0, w: CONTENT_WIDTH, h: 46, r: 4, color: '#0B4F8A' }] },
    text(input.header.product, { color: '#FFFFFF', bold: true, fontSize: 15, margin: [12, -38, 0, 18] }),
    ...(input.header.sample ? [text(input.header.sample, { fontSize: 9, color: '#FFE9A8', bold: true, alignment: 'right', margin: [0, -34, 12, 20] })] : []),
  ];
}

/** The map picture with its scale bar and north arrow, or the picture alone when its scale is unknown. */
function mapNodes(input: ReportPdfInput): Node[] {
  const { map } = input.images;
  if (!map) return [];
  const scale = input.mapScale;
  if (!scale) return [{ image: map, width: CONTENT_WIDTH, height: CONTENT_WIDTH * 0.6 }];
  return [{ stack: decoratedMapNodes(map, { ...scale, font: FONT, units: unitLabels }), unbreakable: true }];
}

function pageNodes(page: ReportPage, input: ReportPdfInput): Node[] {
  if (page.kind === 'title') {
    return [
      ...headerNodes(input),
      text(input.title, { bold: true, fontSize: 18, margin: [0, 4, 0, 0] }),
      text(input.date, { fontSize: 10, color: '#444444', margin: [0, 0, 0, 6] }),
      ...mapNodes(input),
      ...(input.mapNote ? [text(input.mapNote, { fontSize: 10, color: '#444444', margin: [0, 4, 0, 0] })] : []),
      text(input.header.legendTitle, { bold: true, fontSize: 13, margin: [0, 8, 0, 0] }),
      ...legendNodes(page.legend, input),
    ];
  }
  if (page.kind === 'legend') return [text(input.header.legendContinued, { bold: true, fontSize: 13 }), ...legendNodes(page.legend, input)];
  return [text(page.heading, { bold: true, fontSize: 15, margin: [0, 0, 0, 4] }), ...page.charts.flatMap((c) => chartNodes(c, input))];
}

/** The pdfmake document definition: one A4 sheet (or more, when a table runs on) per report page. */
export function reportDefinition(input: ReportPdfInput): Record<string, unknown> {
  const content = input.pages.map((page, i) => ({ stack: pageNodes(page, input), ...(i > 0 ? { pageBreak: 'before' } : {}) }));
  return {
    pageSize: 'A4',
    pageMargins: [MARGIN, MARGIN, MARGIN, MARGIN + 8],
    info: { title: input.title, subject: 'TCS Report' },
    defaultStyle: { font: FONT, fontSize: 11, lineHeight: 1.15 },
    footer: (current: number, count: number) => ({ text: input.header.page(current, count), alignment: 'center', fontSize: 9, color: '#666666', margin: [0, 8, 0, 0] }),
    content,
  };
}
