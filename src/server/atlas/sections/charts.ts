// `change-areas` and `trend`: the topics' own chart sections (compile.ts) drawn again for the
// area, as vector SVG charts with their tables; `trend` leads with the area's figures (mean LRR
// with its 95 % interval, share significant, km of coast per rate class).
import type { AtlasChartRef, AtlasSection } from '../../../engine/atlasTypes.ts';
import { compileChart, type CompiledChart } from '../../../engine/charts/compile.ts';
import type { ChartFeature } from '../../../engine/charts/group.ts';
import { chartTableNode } from '../../../pdf/chartTable.ts';
import { phraseRuns } from '../../../pdf/thaiText.ts';
import { RATE_CLASSES } from '../../transects/config.ts';
import { GROUPS, type GroupBy, type TotalsRow } from '../../transects/totals.ts';
import { chartPicture, type ChartPicture } from '../chartSvg.ts';
import { changeFeatures, trendTotals } from '../data.ts';
import { chartSpec, CONTENT_WIDTH, FONT, heading, layerName, text, type AtlasContext, type Node } from '../context.ts';

const number = (digits: number) => new Intl.NumberFormat('th-TH', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const two = number(2);
const one = number(1);

function tableNode(chart: CompiledChart): Node[] {
  return chart.table ? [chartTableNode(chart.table, [0, 4, 0, 6])] : [];
}

/** Where a text's line box starts above its vega anchor (Sarabun's line is ~1.3 em high). */
const LINE_TOP: Record<string, number> = { top: 0.05, middle: 0.52, bottom: 1.2, alphabetic: 0.95, 'line-top': 0, 'line-bottom': 1.3 };
/** Room given to a right-aligned or centred text (a band name is at most 150 px). */
const TEXT_BOX = 170;

/** The chart's marks and, laid over them, its texts set by pdfmake (shaped Thai). */
function pictureNodes(p: ChartPicture): Node[] {
  const texts = p.texts.map((t): Node => {
    const left = t.align === 'right' ? t.x - TEXT_BOX : t.align === 'center' ? t.x - TEXT_BOX / 2 : t.x;
    return {
      columns: [{ width: TEXT_BOX, ...(text(t.text) as object), alignment: t.align, fontSize: t.fontSize, bold: t.bold, color: t.color, lineHeight: 1 }],
      relativePosition: { x: left, y: t.y - t.fontSize * (LINE_TOP[t.baseline] ?? 0.95) - p.height },
    };
  });
  return [{ svg: p.svg, width: p.width, height: p.height }, ...texts];
}

async function chartNodes(ctx: AtlasContext, ref: AtlasChartRef, features: readonly ChartFeature[], viewparams: Record<string, string>): Promise<Node[]> {
  const spec = chartSpec(ctx.config, ref);
  const chart = compileChart(spec, { features: { features }, viewparams }, ctx.config.bundle.legends, ctx.config.bundle.glossary);
  const title = { text: phraseRuns(spec.title ?? ''), bold: true, fontSize: 12, margin: [0, 8, 0, 2] };
  if (!chart) return [title, text(ctx.config.atlas.texts.noData, { fontSize: 10, color: '#666666' })];
  const picture = await chartPicture(chart, CONTENT_WIDTH, FONT);
  return [
    { stack: [title, text(chart.totalText, { fontSize: 10, color: '#444444', margin: [0, 0, 0, 2] }), ...pictureNodes(picture)], unbreakable: true },
    ...tableNode(chart),
  ];
}

export async function drawChangeAreas(s: Extract<AtlasSection, { kind: 'change-areas' }>, ctx: AtlasContext): Promise<Node[]> {
  const viewparams = { code: ctx.area.change.code, start: String(ctx.period.start), end: String(ctx.period.end) };
  const out: Node[] = [heading(s.title)];
  for (const ref of s.charts) {
    const spec = chartSpec(ctx.config, ref);
    const typeName = layerName(ctx.config, ref, spec.from);
    const features = typeName ? await changeFeatures(ctx.db, ctx.area, typeName, ctx.period) : [];
    out.push(...(await chartNodes(ctx, ref, features, viewparams)));
  }
  return out;
}

/** The grouping of the area itself: its own level. */
const OWN_LEVEL: Record<AtlasContext['area']['kind'], GroupBy> = { province: 'province', district: 'district', 'beach-system': 'beach_system' };

function summary(s: Extract<AtlasSection, { kind: 'trend' }>, ctx: AtlasContext, own: TotalsRow | undefined): Node[] {
  const legend = ctx.config.bundle.legends.find((l) => l.id === s.legend);
  const mean = ctx.stats.mean;
  const perYear = ctx.config.bundle.glossary.terms['m-per-year']?.th ?? '';
  const rows: Array<[string, string]> = [
    [s.labels.transects, own ? own.transects.toLocaleString('th-TH') : '0'],
    [s.labels.meanRate, mean ? `${two.format(mean.rate)} ${perYear}` : '-'],
    [s.labels.interval, mean && mean.ci95 !== null ? `${two.format(mean.rate - mean.ci95)} – ${two.format(mean.rate + mean.ci95)} ${perYear} (± ${two.format(mean.ci95)})` : '-'],
    [s.labels.significant, own?.significant_pct != null ? `${one.format(own.significant_pct)}%` : '-'],
  ];
  const classes = RATE_CLASSES.map((c) => ({ label: legend?.items.find((i) => i.code === c)?.label ?? c, color: legend?.items.find((i) => i.code === c)?.color ?? '#999999', km: own?.[`km_${c}`] ?? 0 }));
  return [
    { table: { widths: ['*', 'auto'], body: rows.map(([k, v]) => [text(k), { text: v, alignment: 'right', bold: true }]) }, layout: 'lightHorizontalLines', fontSize: 10, margin: [0, 2, 0, 6] },
    {
      table: {
        headerRows: 1,
        widths: [14, '*', 'auto'],
        body: [
          [{ text: '', fillColor: '#EEF3F8' }, { text: phraseRuns(s.labels.rateClass), bold: true, fillColor: '#EEF3F8' }, { text: phraseRuns(s.labels.km), bold: true, fillColor: '#EEF3F8', alignment: 'right' }],
          ...classes.map((c) => [{ canvas: [{ type: 'rect', x: 0, y: 2, w: 10, h: 8, color: c.color }] }, text(c.label), { text: two.format(c.km), alignment: 'right' }]),
        ],
      },
      layout: 'lightHorizontalLines',
      fontSize: 9,
      margin: [0, 0, 0, 6],
    },
  ];
}

export async function drawTrend(s: Extract<AtlasSection, { kind: 'trend' }>, ctx: AtlasContext): Promise<Node[]> {
  const [own] = await trendTotals(ctx.db, ctx.stats, OWN_LEVEL[ctx.area.kind], false);
  const out: Node[] = [heading(s.title), ...summary(s, ctx, own)];
  for (const ref of s.charts) {
    const spec = chartSpec(ctx.config, ref);
    const by = (spec.router?.by ?? 'district') as GroupBy;
    const rows = by in GROUPS ? await trendTotals(ctx.db, ctx.stats, by, spec.router?.split === 'rate_class') : [];
    out.push(...(await chartNodes(ctx, ref, rows.map((properties) => ({ properties: properties as unknown as Record<string, unknown> })), {})));
  }
  return out;
}
