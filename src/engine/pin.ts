// The station pin (SPEC.md §9 radar icon 24 by 28 px, tip at the bottom centre) as SVG path data:
// the map paints it into its sprite (src/layers/draw/icon.ts, a canvas Path2D) and the legend card
// draws the same path (src/components/LegendSymbol.tsx), so the legend shows the mark the map
// shows (issue 24 item 9).

export const PIN_WIDTH = 24;
export const PIN_HEIGHT = 28;

/** The pin's outline: a round head of radius 11 over a point at (12, 27). */
export const PIN_PATH = 'M12 27C9 19 1 17 1 12A11 11 0 0 1 23 12C23 17 15 19 12 27Z';
/** The white hole in its head. */
export const PIN_HOLE_PATH = 'M12 7.4A4.6 4.6 0 1 1 12 16.6A4.6 4.6 0 1 1 12 7.4Z';
/** The outline's colour and width: white, so that a pin stands out on the imagery. */
export const PIN_STROKE = '#ffffff';
export const PIN_STROKE_WIDTH = 1.5;

/** A standalone SVG of the pin in a colour (the report's PDF draws legend marks from it). */
export function pinSvg(color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${PIN_WIDTH} ${PIN_HEIGHT}" width="${PIN_WIDTH}" height="${PIN_HEIGHT}">` +
    `<path d="${PIN_PATH}" fill="${color}" stroke="${PIN_STROKE}" stroke-width="${PIN_STROKE_WIDTH}"/><path d="${PIN_HOLE_PATH}" fill="${PIN_STROKE}"/></svg>`;
}
