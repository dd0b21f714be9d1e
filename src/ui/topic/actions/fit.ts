// Fitting the map to a result (SPEC.md §4 "Map bounds"): the bounds are set to null and then to
// the result `boundsMs` (100 ms) later, which triggers the fit with max zoom `fitMaxZoom` (12)
// and padding `resultPadding`. Invalid bounds log a warning and the map pans instead (§8); a
// single point is panned to. Bounds come from a GeoJSON result, or for WMS layers from the router
// (page=wfs&mode=getbound, else locations&mode=pv-center); their failures are logged only (§8).
import { createStore } from '../../../state/store.ts';

/** [minLon, minLat, maxLon, maxLat] in degrees (EPSG:4326). */
export type BBox = [number, number, number, number];

export const boundsStore = createStore<{ bounds: BBox | null }>({ bounds: null });

/** Room left around the bounds, in px: one number for every side, or each side's own. */
type FitPadding = number | { top: number; bottom: number; left: number; right: number };

export interface FitTarget {
  fitBounds(bounds: [[number, number], [number, number]], options: { maxZoom: number; padding: FitPadding }): unknown;
  panTo(center: [number, number]): unknown;
}

interface FitOptions {
  delayMs: number;
  maxZoom: number;
  padding: FitPadding;
  /** The map to move when the bounds arrive (looked up at that moment). */
  target: () => FitTarget | null | undefined;
  /** Calls back once a map exists, when there was none yet (a layer shown as the page opens). */
  whenTarget?: (ready: () => void) => void;
  warn?: (message: string) => void;
}

/** A box is usable when every number is finite, inside lon/lat range and min <= max. */
export function isValidBBox(b: unknown): b is BBox {
  if (!Array.isArray(b) || b.length !== 4 || !b.every((n) => typeof n === 'number' && Number.isFinite(n))) return false;
  const [x0, y0, x1, y1] = b as BBox;
  return x0 <= x1 && y0 <= y1 && x0 >= -180 && x1 <= 180 && y0 >= -90 && y1 <= 90;
}

/** The box around every coordinate of a GeoJSON value (collection, feature or geometry); null when it has none. */
export function bboxOf(geojson: GeoJSON.GeoJSON | null | undefined): BBox | null {
  let box: BBox | null = null;
  const visit = (coords: unknown): void => {
    if (!Array.isArray(coords)) return;
    if (coords.length >= 2 && typeof coords[0] === 'number' && typeof coords[1] === 'number') {
      const [x, y] = coords as [number, number];
      if (!Number.isFinite(x) || !Number.isFinite(y)) return;
      box = box ? [Math.min(box[0], x), Math.min(box[1], y), Math.max(box[2], x), Math.max(box[3], y)] : [x, y, x, y];
      return;
    }
    for (const c of coords) visit(c);
  };
  const geometry = (g: GeoJSON.Geometry | null | undefined): void => {
    if (!g) return;
    if (g.type === 'GeometryCollection') g.geometries.forEach(geometry);
    else visit(g.coordinates);
  };
  if (!geojson) return null;
  if (geojson.type === 'FeatureCollection') geojson.features.forEach((f) => geometry(f.geometry));
  else if (geojson.type === 'Feature') geometry(geojson.geometry);
  else geometry(geojson);
  return box;
}

/**
 * The padding that keeps whole the icons a layer stands on its points (issue 24 item 9): a pin
 * anchored at its tip rises `height` px above the top point and reaches half its `width` beyond
 * the side points; without an icon, `padding` as it is.
 */
export function iconPadding(padding: number, icon: { width: number; height: number } | undefined): FitPadding {
  if (!icon) return padding;
  const side = padding + Math.ceil(icon.width / 2);
  return { top: padding + icon.height, bottom: padding, left: side, right: side };
}

/** The box around several boxes (null when none is valid). */
export function unionBBox(boxes: ReadonlyArray<BBox | null | undefined>): BBox | null {
  const valid = boxes.filter(isValidBBox);
  if (valid.length === 0) return null;
  return [Math.min(...valid.map((b) => b[0])), Math.min(...valid.map((b) => b[1])), Math.max(...valid.map((b) => b[2])), Math.max(...valid.map((b) => b[3]))];
}

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * Sets the bounds to null now and to `bounds` after `delayMs`, then moves the map: fitBounds
 * (max zoom, padding) for a box, panTo for a point-sized box, a warning and a pan to the box's
 * centre (when it has one) for an invalid box. A newer call replaces a pending one.
 * Returns a function that cancels the pending fit.
 */
export function scheduleFit(bounds: BBox, options: FitOptions): () => void {
  const warn = options.warn ?? ((m: string) => console.warn(m));
  if (pending !== undefined) clearTimeout(pending);
  boundsStore.set({ bounds: null });
  const apply = () => {
    boundsStore.set({ bounds });
    const map = options.target();
    if (!map) {
      options.whenTarget?.(apply);
      return;
    }
    if (!isValidBBox(bounds)) {
      warn(`invalid bounds ${JSON.stringify(bounds)}: panning instead of fitting`);
      const [x0, y0, x1, y1] = bounds as readonly number[];
      const cx = ((x0 ?? Number.NaN) + (x1 ?? Number.NaN)) / 2;
      const cy = ((y0 ?? Number.NaN) + (y1 ?? Number.NaN)) / 2;
      if (Number.isFinite(cx) && Number.isFinite(cy) && Math.abs(cx) <= 180 && Math.abs(cy) <= 90) map.panTo([cx, cy]);
      return;
    }
    const [x0, y0, x1, y1] = bounds;
    if (x0 === x1 && y0 === y1) {
      map.panTo([x0, y0]);
      return;
    }
    map.fitBounds(
      [
        [x0, y0],
        [x1, y1],
      ],
      { maxZoom: options.maxZoom, padding: options.padding },
    );
  };
  const timer = setTimeout(() => {
    if (pending === timer) pending = undefined;
    apply();
  }, options.delayMs);
  pending = timer;
  return () => {
    clearTimeout(timer);
    if (pending === timer) pending = undefined;
  };
}
