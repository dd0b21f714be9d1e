// Point symbols of legend classes (config/legends.yaml `symbol`, issue 14 item 6: colour is
// never the only cue). One shape per name in a 16 x 16 box, drawn by the map (a canvas Path2D,
// src/layers/draw/symbolImage.ts), by the legend card (an inline SVG) and by the server's WMS
// renderer (src/server/ogc/render) alike, so all three always show the same mark.

export const SYMBOL_SHAPES = ['circle', 'triangle-up', 'triangle-down', 'square', 'diamond'] as const;
export type SymbolShape = (typeof SYMBOL_SHAPES)[number];

/** Side of the box the shapes are drawn in (px at 1x). */
export const SYMBOL_BOX = 16;
/** Centre of the box, and the circle's radius in it: a shape drawn at radius r is scaled by r / 6. */
export const SYMBOL_CENTER = 8;
export const SYMBOL_RADIUS = 6;
/** Outline of every symbol: dark enough that the palest class stands out on a light map, light
 *  enough that rows of overlapping points keep their colours. */
export const SYMBOL_STROKE = 'rgba(51, 51, 51, 0.75)';

type Vertex = readonly [number, number];
/** A legend item as far as its mark goes (structural: engine/types.ts imports this file). */
interface Marked { symbol?: SymbolShape | undefined }

/** The shapes other than the circle are polygons (corners in the box, clockwise). */
const POLYGONS: Readonly<Record<Exclude<SymbolShape, 'circle'>, readonly Vertex[]>> = {
  // erosion: the shore moves land-ward, a triangle pointing down
  'triangle-down': [[1.5, 2.5], [14.5, 2.5], [8, 14.5]],
  // accretion: the shore moves sea-ward, a triangle pointing up
  'triangle-up': [[8, 1.5], [14.5, 13.5], [1.5, 13.5]],
  square: [[2.5, 2.5], [13.5, 2.5], [13.5, 13.5], [2.5, 13.5]],
  diamond: [[8, 1], [15, 8], [8, 15], [1, 8]],
};

/** The corners of a shape in the box, or null for the circle. */
export function symbolPolygon(shape: SymbolShape): readonly Vertex[] | null {
  return shape === 'circle' ? null : POLYGONS[shape];
}

/** How far a shape reaches from the centre, in circle radii (the circle: 1). */
export function symbolReach(shape: SymbolShape): number {
  const corners = symbolPolygon(shape);
  if (!corners) return 1;
  return Math.max(...corners.map(([x, y]) => Math.hypot(x - SYMBOL_CENTER, y - SYMBOL_CENTER))) / SYMBOL_RADIUS;
}

export function symbolPath(shape: SymbolShape): string {
  const corners = symbolPolygon(shape);
  if (!corners) return `M8 2a6 6 0 1 1 0 12a6 6 0 1 1 0-12Z`;
  return `M${corners.map(([x, y]) => `${x} ${y}`).join('L')}Z`;
}

/** The shape a legend item marks its points with: its `symbol`; a circle when other items of its
 *  legend have one (every class then draws a mark); none when the legend gives no symbols. */
export function itemSymbol(legend: { items: readonly Marked[] }, item: Marked | undefined): SymbolShape | undefined {
  if (item?.symbol) return item.symbol;
  return legend.items.some((i) => i.symbol) ? 'circle' : undefined;
}

/** The map image id of a shape in a colour. */
export function symbolImageId(shape: SymbolShape, color: string): string {
  return `legend-symbol-${shape}-${color.replace('#', '').toLowerCase()}`;
}

/** A standalone SVG of a shape in a colour (the report's PDF draws legend marks from it). */
export function symbolSvg(shape: SymbolShape, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SYMBOL_BOX} ${SYMBOL_BOX}" width="${SYMBOL_BOX}" height="${SYMBOL_BOX}">` +
    `<path d="${symbolPath(shape)}" fill="${color}" stroke="${SYMBOL_STROKE}" stroke-width="1" stroke-linejoin="round"/></svg>`;
}
