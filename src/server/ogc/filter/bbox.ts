// The BBOX request parameter of WMS GetMap/GetFeatureInfo and WFS GetFeature:
// `minx,miny,maxx,maxy[,crs]` (SPEC.md §7: WFS GetFeature "... BBOX"; WMS GetFeatureInfo
// "EPSG:4326, ..., bbox"). Axis order by CRS (crs.ts): EPSG:4326 short code lon/lat (WMS 1.1.1,
// GeoServer; WMS 1.3.0 callers pass shortEpsgAxisOrder 'latlon'), urn:ogc:def:crs:EPSG::4326
// lat/lon, CRS84 lon/lat, EPSG:3857 metres converted to a lon/lat envelope.
import type { Envelope, FilterNode } from './ast.ts';
import { parseDecimal, requireCrs, toLonLatEnvelope, type CrsInfo, type CrsOptions } from './crs.ts';
import { FilterError, describeText, findForbiddenChar } from './errors.ts';

export interface BboxOptions extends CrsOptions {
  /**
   * CRS when the value has no fifth element: the request's SRS/CRS/SRSNAME parameter, else the
   * layer's advertised CRS. Default CRS84 (lon/lat).
   */
  defaultCrs?: string;
  /** Parameter name in error messages. Default 'BBOX'. */
  locator?: string;
}

export interface ParsedBbox {
  crs: CrsInfo;
  /** Envelope in the CRS's own x/y: lon/lat degrees (axes put right) or EPSG:3857 metres. */
  native: Envelope;
  /** Envelope in lon/lat EPSG:4326, for filtering. */
  lonLat: Envelope;
}

const BBOX_MAX_LENGTH = 512;

export function parseBbox(value: string, options: BboxOptions = {}): ParsedBbox {
  const locator = options.locator ?? 'BBOX';
  if (value.length > BBOX_MAX_LENGTH) throw new FilterError(locator, `longer than ${BBOX_MAX_LENGTH} characters`);
  const bad = findForbiddenChar(value);
  if (bad >= 0) throw new FilterError(locator, 'forbidden character', bad + 1);
  const parts = value.split(',').map((p) => p.trim());
  if (parts.length !== 4 && parts.length !== 5) {
    throw new FilterError(locator, `expected minx,miny,maxx,maxy[,crs] but found ${parts.length} value(s)`);
  }
  const nums = parts.slice(0, 4).map((p, k) => {
    const n = parseDecimal(p);
    if (n === undefined) throw new FilterError(locator, `value ${k + 1} "${describeText(p)}" is not a number`);
    return n;
  }) as [number, number, number, number];
  const crsName = parts[4] !== undefined && parts[4] !== '' ? parts[4] : (options.defaultCrs ?? 'CRS84');
  const crs = requireCrs(crsName, locator, options);
  const { native, lonLat } = toLonLatEnvelope(nums, crs, locator);
  return { crs, native, lonLat };
}

/** The BBOX parameter as a filter node over the default geometry (AND it with CQL_FILTER/FILTER). */
export function bboxFilter(parsed: ParsedBbox): FilterNode {
  return { type: 'bbox', attribute: null, envelope: parsed.lonLat };
}
