// Request parameters shared by WMS and WFS: per-layer CQL_FILTER and viewparams, booleans,
// the map view of GetMap/GetFeatureInfo (CRS, BBOX, size).

import type { FeatureType, ViewParamValues } from '../data/featureTypes.ts';
import { OgcError } from './exception.ts';
import type { FilterNode } from './filter/index.ts';
import { parseBbox, parseCqlPerLayer, parseViewparams, resolveCrs, splitViewparamsPerLayer, type CrsInfo, type Envelope } from './filter/index.ts';
import { FilterError } from './filter/index.ts';
import type { Kvp } from './kvp.ts';

/** At most this many layers / type names in one request. */
const MAX_LAYERS = 20;

export function parseBool(kvp: Kvp, name: string, fallback: boolean): boolean {
  const raw = kvp.get(name)?.trim();
  if (raw === undefined || raw === '') return fallback;
  const v = raw.toUpperCase();
  if (v === 'TRUE' || v === '1') return true;
  if (v === 'FALSE' || v === '0') return false;
  throw new OgcError('InvalidParameterValue', `${name} must be TRUE or FALSE`, name);
}

/** A comma-separated list of names, trimmed, at most MAX_LAYERS, none empty. */
export function nameList(raw: string, locator: string): string[] {
  if (raw.length > 4096) throw new OgcError('InvalidParameterValue', `${locator} is too long`, locator);
  const names = raw.split(',').map((s) => s.trim());
  if (names.length > MAX_LAYERS) throw new OgcError('InvalidParameterValue', `at most ${MAX_LAYERS} layers in one request`, locator);
  if (names.some((n) => n === '')) throw new OgcError('InvalidParameterValue', `${locator} has an empty name`, locator);
  return names;
}

/** One CQL filter per layer (`;`-separated, as GeoServer), or none. */
export function cqlPerLayer(kvp: Kvp, count: number): Array<FilterNode | undefined> {
  const raw = kvp.get('CQL_FILTER');
  if (raw === undefined || raw.trim() === '') return Array.from({ length: count }, () => undefined);
  return parseCqlPerLayer(raw, count, { locator: 'CQL_FILTER' });
}

/**
 * The viewparams of each layer: GeoServer's `,`-separated sets, one per layer, or one set for
 * all. Layers that are not SQL views ignore them; SQL views validate them against their typed
 * keys (unknown keys, wrong types and missing required keys are errors).
 */
export function viewparamsPerLayer(kvp: Kvp, layers: readonly FeatureType[]): Array<ViewParamValues | undefined> {
  const raw = kvp.get('VIEWPARAMS');
  const sets: Array<string | undefined> =
    raw === undefined || raw === ''
      ? layers.map(() => undefined)
      : (() => {
          const parts = splitViewparamsPerLayer(raw);
          if (parts.length === 1) return layers.map(() => parts[0]);
          if (parts.length !== layers.length) {
            throw new FilterError('viewparams', `${parts.length} parameter sets for ${layers.length} layer(s); give one set, or one per layer separated by ","`);
          }
          return parts;
        })();
  return layers.map((ft, i) => {
    if (ft.kind !== 'vector' || !ft.viewParams) return undefined;
    return parseViewparams(sets[i], ft.viewParams) as ViewParamValues;
  });
}

export interface MapView {
  /** The CRS as recognised (canonical name and axis kind). */
  crs: CrsInfo;
  /** What the renderer needs: EPSG:3857 metres or EPSG:4326 lon/lat. */
  renderCrs: 'EPSG:3857' | 'EPSG:4326';
  /** [minx, miny, maxx, maxy] in renderCrs units (lon/lat order for EPSG:4326). */
  bbox: [number, number, number, number];
  lonLat: Envelope;
  width: number;
  height: number;
}

/** CRS (SRS for 1.1.x), BBOX, WIDTH, HEIGHT of a GetMap or GetFeatureInfo request. */
export function mapView(kvp: Kvp, version: string, size: { min: number; max: number }): MapView {
  const v13 = version === '1.3.0';
  const crsName = v13 ? 'CRS' : 'SRS';
  const crsRaw = (kvp.get(crsName) ?? kvp.get(v13 ? 'SRS' : 'CRS'))?.trim();
  if (!crsRaw) throw new OgcError('MissingParameterValue', `missing parameter ${crsName}`, crsName);
  const crs = resolveCrs(crsRaw, { shortEpsgAxisOrder: v13 ? 'latlon' : 'lonlat' });
  if (!crs) {
    throw new OgcError(v13 ? 'InvalidCRS' : 'InvalidSRS', `${crsName} "${crsRaw.slice(0, 60)}" is not served (EPSG:4326, EPSG:3857, CRS:84)`, crsName);
  }
  const bboxRaw = kvp.require('BBOX');
  if (bboxRaw.split(',').length !== 4) throw new OgcError('InvalidParameterValue', 'BBOX must be minx,miny,maxx,maxy', 'BBOX');
  const parsed = parseBbox(bboxRaw, { defaultCrs: crsRaw, shortEpsgAxisOrder: v13 ? 'latlon' : 'lonlat', locator: 'BBOX' });
  const n = parsed.native;
  if (!(n.minx < n.maxx && n.miny < n.maxy)) throw new OgcError('InvalidParameterValue', 'BBOX must have min < max on both axes', 'BBOX');
  const width = kvp.int('WIDTH', size.min, size.max);
  const height = kvp.int('HEIGHT', size.min, size.max);
  return {
    crs,
    renderCrs: crs.kind === 'mercator' ? 'EPSG:3857' : 'EPSG:4326',
    bbox: [n.minx, n.miny, n.maxx, n.maxy],
    lonLat: parsed.lonLat,
    width,
    height,
  };
}

/** Width of one output pixel in degrees of longitude. */
export function pixelDegrees(view: MapView): number {
  return (view.lonLat.maxx - view.lonLat.minx) / view.width;
}

/** The view's lon/lat box grown by `px` pixels on every side. */
export function grownEnvelope(view: MapView, px: number): Envelope {
  const d = pixelDegrees(view) * px;
  const dy = ((view.lonLat.maxy - view.lonLat.miny) / view.height) * px;
  return {
    minx: Math.max(-180, view.lonLat.minx - d),
    miny: Math.max(-90, view.lonLat.miny - Math.max(d, dy)),
    maxx: Math.min(180, view.lonLat.maxx + d),
    maxy: Math.min(90, view.lonLat.maxy + Math.max(d, dy)),
  };
}
