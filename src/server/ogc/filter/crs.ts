// CRS names and axis order for BBOX parameters, CQL BBOX and FES envelopes (DESIGN.md §6:
// "Advertise urn:ogc:def:crs:OGC:1.3:CRS84 (EPSG:4326 URN makes GDAL swap axes)").
//   - EPSG:4326 short code: lon/lat (GeoServer forces x/y for it; WMS 1.1.1), except WMS 1.3.0
//     where the caller passes shortEpsgAxisOrder 'latlon'.
//   - urn:ogc:def:crs:EPSG::4326, urn:x-ogc:..., http://www.opengis.net/def/crs/EPSG/0/4326: lat/lon.
//   - http://www.opengis.net/gml/srs/epsg.xml#4326 (GML 2 convention): lon/lat.
//   - CRS84 in every spelling: lon/lat.
//   - EPSG:3857 (and 900913, 3785, 102100, 102113): easting/northing metres, converted exactly
//     (spherical Mercator is axis-aligned) to a lon/lat envelope.
import type { Envelope } from './ast.ts';
import { FilterError } from './errors.ts';

export type CrsKind = 'lonlat' | 'latlon' | 'mercator';

export interface CrsInfo {
  /** Canonical name: 'CRS84', 'EPSG:4326' or 'EPSG:3857'. */
  name: 'CRS84' | 'EPSG:4326' | 'EPSG:3857';
  /** How the coordinates are written: lon/lat, lat/lon, or Mercator metres (x/y). */
  kind: CrsKind;
}

export interface CrsOptions {
  /** Axis order of the short `EPSG:4326` code: 'lonlat' (default; WMS 1.1.1, GeoServer) or 'latlon' (WMS 1.3.0). */
  shortEpsgAxisOrder?: 'lonlat' | 'latlon';
}

const MERCATOR_CODES = new Set(['3857', '900913', '3785', '102100', '102113']);
const EARTH_RADIUS = 6378137;
/** Half the width of the EPSG:3857 world square in metres. */
const MERCATOR_MAX = Math.PI * EARTH_RADIUS;

/** Recognises a CRS name; undefined when it is not one we serve. */
export function resolveCrs(name: string, options: CrsOptions = {}): CrsInfo | undefined {
  const s = name.trim();
  if (/^(CRS84|CRS:84|OGC:CRS84|urn:ogc:def:crs:OGC:[0-9.]*:CRS84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/[0-9.]+\/CRS84)$/i.test(s)) {
    return { name: 'CRS84', kind: 'lonlat' };
  }
  let m = /^EPSG:(\d{1,6})$/i.exec(s);
  if (m) return classify(m[1] ?? '', options.shortEpsgAxisOrder ?? 'lonlat');
  m = /^https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#(\d{1,6})$/i.exec(s);
  if (m) return classify(m[1] ?? '', 'lonlat');
  m = /^(?:urn:(?:x-)?ogc:def:crs:EPSG:[0-9.]*:|https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/[0-9.]+\/)(\d{1,6})$/i.exec(s);
  if (m) return classify(m[1] ?? '', 'latlon');
  m = /^urn:x-ogc:def:crs:EPSG:(\d{1,6})$/i.exec(s);
  if (m) return classify(m[1] ?? '', 'latlon');
  return undefined;
}

function classify(code: string, geographicOrder: 'lonlat' | 'latlon'): CrsInfo | undefined {
  if (code === '4326') return { name: 'EPSG:4326', kind: geographicOrder };
  if (MERCATOR_CODES.has(code)) return { name: 'EPSG:3857', kind: 'mercator' };
  return undefined;
}

export function requireCrs(name: string, locator: string, options: CrsOptions = {}): CrsInfo {
  const crs = resolveCrs(name, options);
  if (!crs) {
    throw new FilterError(locator, `unsupported CRS "${name.slice(0, 80)}" (use CRS84, EPSG:4326 or EPSG:3857)`);
  }
  return crs;
}

/** Spherical Mercator metres to lon/lat degrees. */
function mercatorToLonLat(x: number, y: number): { lon: number; lat: number } {
  const lon = (x / EARTH_RADIUS) * (180 / Math.PI);
  const lat = (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * (180 / Math.PI);
  return { lon, lat };
}

/** Strict decimal number: optional sign, digits, optional fraction and exponent. No hex, no Infinity. */
export const DECIMAL_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d{1,3})?$/;

export function parseDecimal(text: string): number | undefined {
  const t = text.trim();
  if (t.length > 64 || !DECIMAL_RE.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Corner coordinates written in `crs` order (first corner a,b; second corner c,d) to a
 * validated lon/lat envelope. Also returns the envelope in the CRS's own x/y (lon/lat or metres)
 * for callers that draw in that CRS.
 */
export function toLonLatEnvelope(
  coords: readonly [number, number, number, number],
  crs: CrsInfo,
  locator: string,
): { native: Envelope; lonLat: Envelope } {
  const [a, b, c, d] = coords;
  for (const v of coords) {
    if (!Number.isFinite(v)) throw new FilterError(locator, 'coordinates must be finite numbers');
  }
  const native: Envelope = crs.kind === 'latlon' ? { minx: b, miny: a, maxx: d, maxy: c } : { minx: a, miny: b, maxx: c, maxy: d };
  if (native.minx > native.maxx || native.miny > native.maxy) {
    const axes = crs.kind === 'latlon' ? 'lat/lon order' : crs.kind === 'mercator' ? 'x/y metres' : 'lon/lat order';
    throw new FilterError(locator, `the minimum corner is above the maximum corner (${crs.name} is read in ${axes})`);
  }
  if (crs.kind === 'mercator') {
    const limit = MERCATOR_MAX * (1 + 1e-9);
    if ([native.minx, native.miny, native.maxx, native.maxy].some((v) => Math.abs(v) > limit)) {
      throw new FilterError(locator, `EPSG:3857 coordinates must lie within ±${MERCATOR_MAX.toFixed(6)} m`);
    }
    const lo = mercatorToLonLat(native.minx, native.miny);
    const hi = mercatorToLonLat(native.maxx, native.maxy);
    return { native, lonLat: { minx: clamp(lo.lon, 180), miny: lo.lat, maxx: clamp(hi.lon, 180), maxy: hi.lat } };
  }
  if (native.minx < -180 || native.maxx > 180 || native.miny < -90 || native.maxy > 90) {
    const axes = crs.kind === 'latlon' ? 'lat/lon' : 'lon/lat';
    throw new FilterError(locator, `longitude must be within -180..180 and latitude within -90..90 (${crs.name} is read as ${axes})`);
  }
  return { native, lonLat: { ...native } };
}

function clamp(v: number, limit: number): number {
  return Math.max(-limit, Math.min(limit, v));
}

/** One point written in `crs` order to lon/lat, validated. */
export function toLonLatPoint(a: number, b: number, crs: CrsInfo, locator: string): { x: number; y: number } {
  const env = toLonLatEnvelope([a, b, a, b], crs, locator).lonLat;
  return { x: env.minx, y: env.miny };
}
