// Point symbols of legend classes (config/legends.yaml `symbol`, issue 14 item 6: colour is
// never the only cue). One SVG path per shape in a 16 x 16 box, drawn by the map (a canvas
// Path2D, src/layers/draw/symbolImage.ts) and by the legend card (an inline SVG) alike, so the
// two always show the same mark.
export const SYMBOL_SHAPES = ['circle', 'triangle-up', 'triangle-down', 'square', 'diamond'] as const;
export type SymbolShape = (typeof SYMBOL_SHAPES)[number];

/** Side of the box the paths are drawn in (px at 1x). */
export const SYMBOL_BOX = 16;
/** Outline of every symbol: dark enough that the palest class stands out on a light map, light
 *  enough that rows of overlapping points keep their colours. */
export const SYMBOL_STROKE = 'rgba(51, 51, 51, 0.75)';

const PATHS: Readonly<Record<SymbolShape, string>> = {
  circle: 'M8 2a6 6 0 1 1 0 12a6 6 0 1 1 0-12Z',
  // erosion: the shore moves land-ward, a triangle pointing down
  'triangle-down': 'M1.5 2.5H14.5L8 14.5Z',
  // accretion: the shore moves sea-ward, a triangle pointing up
  'triangle-up': 'M8 1.5L14.5 13.5H1.5Z',
  square: 'M2.5 2.5H13.5V13.5H2.5Z',
  diamond: 'M8 1L15 8L8 15L1 8Z',
};

export function symbolPath(shape: SymbolShape): string {
  return PATHS[shape];
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
