/**
 * The point symbols of legend classes (src/engine/symbols.ts) on the server's canvas: the same
 * shapes the client's map and legend card draw, so a WMS map, its GetLegendGraphic and the
 * card agree.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { SYMBOL_CENTER, SYMBOL_RADIUS, symbolPolygon, symbolReach, type SymbolShape } from '../../../engine/symbols.ts';

/** Starts a path of `shape` centred on (x, y), as large as a circle of `radius` px. */
export function traceSymbol(ctx: SKRSContext2D, shape: SymbolShape, x: number, y: number, radius: number): void {
  ctx.beginPath();
  const corners = symbolPolygon(shape);
  if (!corners) {
    ctx.arc(x, y, radius, 0, 2 * Math.PI);
    return;
  }
  const scale = radius / SYMBOL_RADIUS;
  corners.forEach(([cx, cy], i) => {
    const px = x + (cx - SYMBOL_CENTER) * scale;
    const py = y + (cy - SYMBOL_CENTER) * scale;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  });
  ctx.closePath();
}

/** How far (px) a point drawn at `radius` reaches from its centre. */
export function symbolExtent(shape: SymbolShape | undefined, radius: number): number {
  return radius * symbolReach(shape ?? 'circle');
}
