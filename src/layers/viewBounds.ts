// The map's view as a layer variable (routerpoints `bounds`, issue 14): a layer that asks for the
// rows in view declares a ViewBoundsOption (definition `viewBounds`), and its toggle row fills the
// variable {bounds} with the view once the map has stopped moving.

/** The variable the toggle row fills with the map's view ('' below the template's minZoom). */
export const BOUNDS_VAR = 'bounds';

/** The map's view as a bounds parameter: xmin,ymin,xmax,ymax in degrees (5 decimals, about 1 m,
 *  clamped to the world), or '' below minZoom. */
export function boundsParam(view: { west: number; south: number; east: number; north: number; zoom: number }, minZoom: number): string {
  if (view.zoom < minZoom) return '';
  const clamp = (v: number, limit: number) => Math.min(limit, Math.max(-limit, v)).toFixed(5);
  return [clamp(view.west, 180), clamp(view.south, 90), clamp(view.east, 180), clamp(view.north, 90)].join(',');
}
