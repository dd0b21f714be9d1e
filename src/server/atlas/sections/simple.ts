// The atlas sections of text and tables: legend, period, fastest-eroding transects, data
// sources (with the sample-data notice when the database holds the sample) and the QR code of
// the permalink.
import QRCode from 'qrcode';
import type { AtlasSection } from '../../../engine/atlasTypes.ts';
import { symbolSvg } from '../../../engine/symbols.ts';
import { phraseRuns } from '../../../pdf/thaiText.ts';
import { fastestEroding } from '../data.ts';
import { fill, heading, text, type AtlasContext, type Node } from '../context.ts';

const two = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function drawLegend(s: Extract<AtlasSection, { kind: 'legend' }>, ctx: AtlasContext): Node[] {
  const blocks = s.legends.flatMap((id) => ctx.config.bundle.legends.filter((l) => l.id === id));
  const columns = blocks.map((legend): Node => ({
    width: '*',
    stack: [
      { text: phraseRuns(legend.title), bold: true, fontSize: 10, margin: [0, 0, 0, 2] },
      ...legend.items.map((item): Node => {
        const color = item.color ?? '#999999';
        const swatch = item.symbol
          ? { svg: symbolSvg(item.symbol, color), width: 10, height: 10, margin: [2, 1, 0, 0] }
          : { canvas: [{ type: 'rect', x: 0, y: 2, w: 14, h: 9, color, lineColor: '#555555', lineWidth: 0.5 }] };
        return { columns: [{ stack: [swatch], width: 18 }, text(item.label, { fontSize: 9 })], columnGap: 2, margin: [0, 1, 0, 1] };
      }),
    ],
  }));
  return [...(s.title ? [heading(s.title)] : []), { columns, columnGap: 16 }];
}

export function drawPeriod(s: Extract<AtlasSection, { kind: 'period' }>, ctx: AtlasContext): Node[] {
  return [...(s.title ? [heading(s.title)] : []), text(fill(s.text, { start: ctx.period.start, end: ctx.period.end }), { fontSize: 11 })];
}

export async function drawFastest(s: Extract<AtlasSection, { kind: 'fastest' }>, ctx: AtlasContext): Promise<Node[]> {
  const worst = await fastestEroding(ctx.db, ctx.stats, ctx.period, s.count);
  if (worst.length === 0) return [heading(s.title), text(ctx.config.atlas.texts.noData, { fontSize: 10, color: '#666666' })];
  const c = s.columns;
  const head = [c.rank, c.transect, c.beach, c.place, c.rate].map((h) => ({ text: phraseRuns(h), bold: true, fillColor: '#EEF3F8' }));
  return [
    heading(s.title),
    {
      fontSize: 9,
      table: {
        headerRows: 1,
        widths: ['auto', 'auto', '*', '*', 'auto'],
        body: [
          head,
          ...worst.map((w, i) => [
            { text: String(i + 1), alignment: 'center' },
            { text: String(w.gid), alignment: 'right' },
            text(w.beach ?? '-'),
            text(w.place),
            { text: `${two.format(w.lrr)}${w.ci95 !== null ? ` ± ${two.format(w.ci95)}` : ''}`, alignment: 'right' },
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
  ];
}

export function drawSources(s: Extract<AtlasSection, { kind: 'sources' }>, ctx: AtlasContext): Node[] {
  return [
    heading(s.title),
    { ul: s.items.map((item) => text(item, { fontSize: 10 })) },
    ...(ctx.sample ? [text(ctx.config.atlas.texts.sample, { fontSize: 10, bold: true, color: '#8A5A00', margin: [0, 6, 0, 0] })] : []),
  ];
}

export async function drawQr(s: Extract<AtlasSection, { kind: 'qr' }>, ctx: AtlasContext): Promise<Node[]> {
  const qr = await QRCode.toDataURL(ctx.link, { errorCorrectionLevel: 'M', margin: 2, scale: 6 });
  return [
    {
      unbreakable: true,
      stack: [
        ...(s.title ? [heading(s.title)] : []),
        {
          columns: [
            { image: qr, width: 110, height: 110 },
            { stack: [text(s.text, { fontSize: 10 }), { text: ctx.link, fontSize: 8, color: '#0B4F8A', link: ctx.link, margin: [0, 6, 0, 0] }], margin: [8, 8, 0, 0] },
          ],
        },
      ],
    },
  ];
}
