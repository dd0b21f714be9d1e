/**
 * GetLegendGraphic-style PNG: one swatch per legend item with its Thai label. Swatches use the
 * very paints the map renderer uses (`styleFromLegend(...).itemPaints`), so they cannot differ:
 * an item with a point symbol shows that shape, as the map's points and the legend card do.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Legend } from '../../../engine/types.ts';
import { canvasPackage } from './canvas.ts';
import { parseBgColor } from './color.ts';
import { ensureFonts, labelFont } from './fonts.ts';
import { codeKey, styleFromLegend, type StyleOverrides } from './style.ts';
import { traceSymbol } from './symbol.ts';
import { SYMBOL_BOX, SYMBOL_RADIUS, type SymbolShape } from '../../../engine/symbols.ts';
import { RenderParamError, type Paint, type StyleKind } from './types.ts';

export interface LegendGraphicOptions {
  /** Background alpha 0 (default false: painted with bgcolor, white by default). */
  transparent?: boolean;
  /** '#RRGGBB' or '0xRRGGBB'. */
  bgcolor?: string;
  /** Draw the legend title above the items (default true). */
  title?: boolean;
  /** Same overrides as the map layer (colour, opacity, code), so the swatches match it. */
  overrides?: StyleOverrides;
  /** Label size in px (default 12). */
  fontSize?: number;
  /** Swatch size in px (default 20, as GeoServer). */
  swatch?: number;
  /** Picture pixels per legend pixel (default 1): the same legend drawn larger for print
   *  (GetLegendGraphic LEGEND_OPTIONS=dpi:N, issue 26 item 4). */
  scale?: number;
}

const PAD = 4;
const GAP = 6;
const MAX_WIDTH = 1024;

/** A legend item's symbol filling the swatch as the card's 16 px box fills its own. */
function drawSymbolSwatch(ctx: SKRSContext2D, shape: SymbolShape, paint: Paint, x: number, y: number, size: number): void {
  const scale = (size - 2) / SYMBOL_BOX;
  traceSymbol(ctx, shape, x + size / 2, y + size / 2, SYMBOL_RADIUS * scale);
  if (paint.fill) {
    ctx.fillStyle = paint.fill;
    ctx.fill();
  }
  if (paint.ring && paint.ringWidth > 0) {
    ctx.lineJoin = 'round';
    ctx.strokeStyle = paint.ring;
    ctx.lineWidth = paint.ringWidth;
    ctx.stroke();
  }
}

function drawSwatch(ctx: SKRSContext2D, kind: StyleKind, paint: Paint, x: number, y: number, size: number): void {
  if (paint.symbol !== undefined) return drawSymbolSwatch(ctx, paint.symbol, paint, x, y, size);
  ctx.beginPath();
  if (kind === 'fill') {
    ctx.rect(x + 1.5, y + 1.5, size - 3, size - 3);
    if (paint.fill) {
      ctx.fillStyle = paint.fill;
      ctx.fill();
    }
    if (paint.stroke && paint.lineWidth > 0) {
      ctx.strokeStyle = paint.stroke;
      ctx.lineWidth = paint.lineWidth;
      ctx.stroke();
    }
  } else if (kind === 'line') {
    ctx.moveTo(x + 2, y + size / 2);
    ctx.lineTo(x + size - 2, y + size / 2);
    if (paint.stroke) {
      ctx.lineCap = 'round';
      ctx.strokeStyle = paint.stroke;
      ctx.lineWidth = paint.lineWidth;
      ctx.stroke();
    }
  } else {
    ctx.arc(x + size / 2, y + size / 2, Math.min(paint.radius, size / 2 - 1), 0, 2 * Math.PI);
    if (paint.fill) {
      ctx.fillStyle = paint.fill;
      ctx.fill();
    }
    if (paint.ring && paint.ringWidth > 0) {
      ctx.strokeStyle = paint.ring;
      ctx.lineWidth = paint.ringWidth;
      ctx.stroke();
    }
  }
}

/** Renders the swatches of one legend of config/legends.yaml to PNG bytes. */
export async function renderLegendGraphic(legend: Legend, options: LegendGraphicOptions = {}): Promise<Buffer> {
  ensureFonts();
  const overrides = options.overrides ?? {};
  const style = styleFromLegend(legend, overrides);
  const key = overrides.code !== undefined ? codeKey(overrides.code) : undefined;
  const items = key === undefined ? legend.items : legend.items.filter((it) => it.code !== undefined && codeKey(it.code) === key);
  const rows = items.map((item, i) => ({ label: item.label, paint: style.itemPaints[i] ?? style.fallback }));

  const fontSize = options.fontSize ?? 12;
  const swatch = options.swatch ?? 20;
  const showTitle = options.title ?? true;
  const titleFont = labelFont(fontSize + 1, true);
  const itemFont = labelFont(fontSize);
  const rowH = Math.max(swatch, Math.ceil(fontSize * 1.6));
  const titleH = showTitle ? Math.ceil((fontSize + 1) * 1.8) : 0;

  const { createCanvas } = canvasPackage();
  const measure = createCanvas(1, 1).getContext('2d');
  measure.font = itemFont;
  let textW = 0;
  for (const r of rows) textW = Math.max(textW, measure.measureText(r.label).width);
  let width = PAD + swatch + GAP + Math.ceil(textW) + PAD;
  if (showTitle) {
    measure.font = titleFont;
    width = Math.max(width, PAD + Math.ceil(measure.measureText(legend.title).width) + PAD);
  }
  width = Math.min(Math.max(width, swatch + 2 * PAD), MAX_WIDTH);
  const height = PAD + titleH + rows.length * rowH + PAD;

  const scale = options.scale ?? 1;
  const canvas = createCanvas(Math.round(width * scale), Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  ctx.scale(scale, scale);
  if (!options.transparent) {
    const bg = options.bgcolor !== undefined ? parseBgColor(options.bgcolor) : { r: 255, g: 255, b: 255 };
    if (!bg) throw new RenderParamError('bgcolor', 'BGCOLOR must be 0xRRGGBB or #RRGGBB');
    ctx.fillStyle = `rgb(${bg.r},${bg.g},${bg.b})`;
    ctx.fillRect(0, 0, width, height);
  }
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#1A1A1A';
  if (showTitle) {
    ctx.font = titleFont;
    ctx.fillText(legend.title, PAD, PAD + titleH / 2);
  }
  ctx.font = itemFont;
  rows.forEach((r, i) => {
    const y = PAD + titleH + i * rowH;
    drawSwatch(ctx, style.kind, r.paint, PAD, y + (rowH - swatch) / 2, swatch);
    ctx.fillStyle = '#1A1A1A';
    ctx.fillText(r.label, PAD + swatch + GAP, y + rowH / 2);
  });
  return canvas.encode('png');
}
