// WMS GetFeatureInfo requests for a map click (SPEC.md §4 Map click, §7 "WMS GetFeatureInfo via
// router?page=wms&wms={encoded url}", §9 info fetch 100 ms). Pure: no map, no DOM, no fetch.
//
// One request per distinct service URL among the WMS layers of the current page: version 1.1.0,
// SRS EPSG:4326, INFO_FORMAT application/json, BBOX/WIDTH/HEIGHT of the current map view, X/Y of
// the clicked pixel, LAYERS = QUERY_LAYERS = that URL's layers (top first), CQL_FILTER one per
// layer joined by ';' (INCLUDE for a layer without one). Each request goes through the router's
// wms proxy.
import type { MapLayer } from '../../map/layerStore.ts';
import { definitionOf } from '../../layers/definitions.ts';

/** A WMS layer a click can ask about. */
export interface InfoLayer {
  id: string;
  /** Shown above its features in the drawer. */
  name: string;
  /** Service URL without a query (e.g. /geoserver/tcs_postgres/wms). */
  url: string;
  /** options.layers, e.g. 'tcs:cmline_2567' (may list several, comma-separated). */
  layers: string;
  cql?: string;
  viewparams?: string;
  color?: string;
  legend?: string;
}

/** The map view at the time of the request: lon/lat bounds and its size in CSS pixels. */
export interface InfoViewport {
  /** [west, south, east, north] in degrees. */
  bbox: readonly [number, number, number, number];
  width: number;
  height: number;
}

export interface InfoRequest {
  /** The GetFeatureInfo URL itself (the service URL plus its query). */
  url: string;
  /** What the browser asks: router?page=wms&wms=<encoded url>. */
  proxied: string;
  /** Its layers, top first (same order as QUERY_LAYERS). */
  layers: InfoLayer[];
}

interface InfoLayerFilter {
  /** The current page (topic route). Layers that name another page are left out; layers that
   *  name none belong to whichever page shows them. */
  page?: string;
  /** Layers that cannot be queried (e.g. satellite imagery). */
  exclude?: (layer: MapLayer) => boolean;
}

/** Features per request (the server caps it at 50): enough for every yearly line under a click. */
const INFO_FEATURE_COUNT = 10;

/** The visible WMS layers of the page that GetFeatureInfo can ask, top (highest zIndex) first. */
export function infoLayersOf(layers: readonly MapLayer[], filter: InfoLayerFilter = {}): InfoLayer[] {
  return layers
    .filter((l) => definitionOf(l.type).featureInfo === 'wms' && l.visible && !!l.url && !!l.options?.layers)
    .filter((l) => !filter.page || !l.page || l.page === filter.page)
    .filter((l) => !filter.exclude?.(l))
    .sort((a, b) => b.zIndex - a.zIndex)
    .map((l) => ({
      id: l.id,
      name: l.name,
      url: l.url!,
      layers: l.options!.layers!,
      ...(l.options?.CQL_FILTER ? { cql: l.options.CQL_FILTER } : {}),
      ...(l.options?.viewparams ? { viewparams: l.options.viewparams } : {}),
      ...(l.color ? { color: l.color } : {}),
      ...(l.legend ? { legend: l.legend } : {}),
    }));
}

/**
 * The pixel of `lngLat` in an EPSG:4326 image of `viewport` (what the server reads X/Y in).
 * X is the clicked screen column (longitude is linear on a Web Mercator map too); Y is the row of
 * the click's latitude on the linear lon/lat grid the BBOX describes. On the Mercator screen the
 * clicked row differs slightly from that, and sending it as is would make the server look up to
 * kilometres away at country zoom. Clamped to the image.
 */
export function infoPixel(viewport: InfoViewport, lngLat: { lng: number; lat: number }): { x: number; y: number } {
  const [west, south, east, north] = viewport.bbox;
  const clamp = (v: number, max: number) => Math.min(Math.max(Math.floor(v), 0), max - 1);
  return {
    x: clamp(((lngLat.lng - west) / (east - west)) * viewport.width, viewport.width),
    y: clamp(((north - lngLat.lat) / (north - south)) * viewport.height, viewport.height),
  };
}

/** Rounds a coordinate for the BBOX (1e-9 degree is far below a pixel) without exponent notation. */
function coord(v: number): string {
  return String(Math.round(v * 1e9) / 1e9);
}

/** One GetFeatureInfo URL for the layers of one service URL. */
export function featureInfoUrl(url: string, layers: readonly InfoLayer[], viewport: InfoViewport, pixel: { x: number; y: number }): string {
  const names = layers.map((l) => l.layers).join(',');
  const params = new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.1.0',
    REQUEST: 'GetFeatureInfo',
    LAYERS: names,
    QUERY_LAYERS: names,
    STYLES: '',
    SRS: 'EPSG:4326',
    BBOX: viewport.bbox.map(coord).join(','),
    WIDTH: String(Math.round(viewport.width)),
    HEIGHT: String(Math.round(viewport.height)),
    X: String(pixel.x),
    Y: String(pixel.y),
    INFO_FORMAT: 'application/json',
    FEATURE_COUNT: String(INFO_FEATURE_COUNT),
  });
  // One filter per layer name ('a,b' in one layer entry counts as two), ';'-separated.
  const perName = (value: string | undefined, l: InfoLayer) => l.layers.split(',').map(() => value ?? 'INCLUDE');
  if (layers.some((l) => l.cql)) params.set('CQL_FILTER', layers.flatMap((l) => perName(l.cql, l)).join(';'));
  if (layers.some((l) => l.viewparams)) params.set('VIEWPARAMS', layers.flatMap((l) => l.layers.split(',').map(() => l.viewparams ?? '')).join(','));
  const sep = url.includes('?') ? '&' : '?';
  return `${url}${sep}${params.toString()}`;
}

/** router?page=wms&wms=<encoded url> (SPEC.md §7). */
export function proxiedInfoUrl(routerUrl: string, url: string): string {
  return `${routerUrl}?page=wms&wms=${encodeURIComponent(url)}`;
}

/** One request per distinct service URL, in the order the URLs first appear (top layer first). */
export function featureInfoRequests(layers: readonly InfoLayer[], viewport: InfoViewport, lngLat: { lng: number; lat: number }, routerUrl: string): InfoRequest[] {
  if (!(viewport.width > 0 && viewport.height > 0)) return [];
  const [west, south, east, north] = viewport.bbox;
  if (!(east > west && north > south)) return [];
  const pixel = infoPixel(viewport, lngLat);
  const byUrl = new Map<string, InfoLayer[]>();
  for (const l of layers) {
    const list = byUrl.get(l.url) ?? [];
    // The same layer name twice in one request would be answered twice: keep the first.
    if (!list.some((x) => x.layers === l.layers && x.cql === l.cql)) list.push(l);
    byUrl.set(l.url, list);
  }
  return [...byUrl].map(([url, group]) => {
    const full = featureInfoUrl(url, group, viewport, pixel);
    return { url: full, proxied: proxiedInfoUrl(routerUrl, full), layers: group };
  });
}

/** The feature type of a GetFeatureInfo feature id ('cmline_2567.12' -> 'cmline_2567'). */
export function featureTypeOf(id: unknown): string | null {
  if (typeof id !== 'string' || !id.includes('.')) return null;
  const type = id.slice(0, id.lastIndexOf('.'));
  return type.slice(type.lastIndexOf(':') + 1) || null;
}

/** The layer of a request a feature came from: by its id's type name, else the only layer. */
export function layerOfFeature(layers: readonly InfoLayer[], featureId: unknown): InfoLayer | undefined {
  const type = featureTypeOf(featureId);
  if (type) {
    const hit = layers.find((l) => l.layers.split(',').some((n) => n.slice(n.lastIndexOf(':') + 1) === type));
    if (hit) return hit;
  }
  return layers.length === 1 ? layers[0] : undefined;
}
