// GetFeature parameters: output format and CRS, paging (COUNT / MAXFEATURES, STARTINDEX),
// SORTBY and PROPERTYNAME of each type, resource ids.

import type { Attribute, VectorFeatureType } from '../../data/featureTypes.ts';
import { OgcError } from '../exception.ts';
import type { GmlVersion } from '../featureSql.ts';
import { resolveCrs } from '../filter/index.ts';
import type { Kvp } from '../kvp.ts';
import { attributeNamed } from '../layers.ts';
import type { SortKey } from '../query.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';
import { CRS84, DEFAULT_COUNT, MAX_COUNT, MAX_START_INDEX, parenthesisedList, stripPrefix } from './names.ts';

const JSON_FORMATS = new Set(['application/json', 'json', 'geojson', 'application/geo+json', 'application/json; subtype=geojson', 'application/vnd.geo+json']);

export type OutputFormat = { kind: 'json' } | { kind: 'gml'; version: GmlVersion; contentType: string };

const GML: Record<GmlVersion, OutputFormat> = {
  '3.2': { kind: 'gml', version: '3.2', contentType: 'application/gml+xml; version=3.2' },
  '3.1.1': { kind: 'gml', version: '3.1.1', contentType: 'text/xml; subtype=gml/3.1.1' },
  '2': { kind: 'gml', version: '2', contentType: 'text/xml; subtype=gml/2.1.2' },
};

/** OUTPUTFORMAT: GeoJSON in its usual spellings, or GML (the WFS default: 3.2 for 2.0, 3.1.1 for 1.1, 2 for 1.0). */
export function outputFormat(raw: string | undefined, version: string): OutputFormat {
  const v = (raw ?? '').trim().toLowerCase().replace(/\s+/g, ' ').replace(/\s*;\s*/g, '; ');
  const byVersion = GML[version === '2.0.0' ? '3.2' : version === '1.1.0' ? '3.1.1' : '2'];
  if (v === '' || v === 'text/xml' || v === 'application/xml' || v === 'gml') return byVersion;
  if (JSON_FORMATS.has(v)) return { kind: 'json' };
  if (/^(gml32|(text\/xml|application\/gml\+xml); (subtype=gml\/|version=)3\.2(\.1)?)$/.test(v)) return GML['3.2'];
  if (/^(gml3|gml31|text\/xml; subtype=gml\/3\.1(\.1)?|application\/gml\+xml; version=3\.1)$/.test(v)) return GML['3.1.1'];
  if (/^(gml2|text\/xml; subtype=gml\/2(\.1\.2)?)$/.test(v)) return GML['2'];
  throw new OgcError('InvalidParameterValue', `OUTPUTFORMAT "${(raw ?? '').slice(0, 60)}" is not served; use application/json or GML`, 'OUTPUTFORMAT');
}

export interface OutputCrs {
  srid: 4326 | 3857;
  /** EPSG axis order (lat/lon) for EPSG:4326 URNs; CRS84 and the short EPSG:4326 code are lon/lat. */
  latLon: boolean;
  /** The name the GeoJSON `crs` member gives. */
  name: string;
}

/** SRSNAME; without one, lon/lat (named urn:ogc:def:crs:EPSG::4326 in GeoJSON, as GeoServer does). */
export function outputCrs(raw: string | undefined): OutputCrs {
  if (raw === undefined || raw.trim() === '') return { srid: 4326, latLon: false, name: 'urn:ogc:def:crs:EPSG::4326' };
  const crs = resolveCrs(raw);
  if (!crs) throw new OgcError('InvalidParameterValue', `SRSNAME "${raw.slice(0, 60)}" is not served (CRS84, EPSG:4326, EPSG:3857)`, 'SRSNAME');
  if (crs.kind === 'mercator') return { srid: 3857, latLon: false, name: 'urn:ogc:def:crs:EPSG::3857' };
  if (crs.kind === 'latlon') return { srid: 4326, latLon: true, name: 'urn:ogc:def:crs:EPSG::4326' };
  return { srid: 4326, latLon: false, name: crs.name === 'CRS84' ? CRS84 : 'EPSG:4326' };
}

export interface Paging {
  count: number;
  startIndex: number;
  /**
   * WFS 1.x cannot say "there is more" (numberOfFeatures is what it returned), so an answer
   * without MAXFEATURES (or with one above MAX_COUNT) holds every match or is an error.
   */
  mustBeComplete: boolean;
}

/** COUNT (2.0) or MAXFEATURES (1.x), capped to MAX_COUNT; STARTINDEX. */
export function paging(r: OgcRequest): Paging {
  const k = r.kvp;
  const name = k.get('COUNT') !== undefined ? 'COUNT' : 'MAXFEATURES';
  const asked = k.get(name) === undefined || k.get(name) === '' ? undefined : k.int(name, 1, Number.MAX_SAFE_INTEGER);
  const v2 = r.version === '2.0.0';
  const count = Math.min(asked ?? (v2 ? DEFAULT_COUNT : MAX_COUNT), MAX_COUNT);
  const startIndex = k.int('STARTINDEX', 0, MAX_START_INDEX, 0);
  return { count, startIndex, mustBeComplete: !v2 && (asked === undefined || asked > MAX_COUNT) };
}

/** One value per type: `(a)(b)` gives each type its own, a plain value is shared by all. */
export function perType(raw: string | undefined, types: number, locator: string): Array<string | undefined> {
  if (raw === undefined || raw.trim() === '') return Array.from({ length: types }, () => undefined);
  const parts = parenthesisedList(raw);
  if (parts.length === 1) return Array.from({ length: types }, () => parts[0]);
  if (parts.length !== types) throw new OgcError('InvalidParameterValue', `${locator} has ${parts.length} parts for ${types} type(s)`, locator);
  return parts;
}

export function parseSortBy(svc: OgcService, ft: VectorFeatureType, raw: string | undefined): SortKey[] {
  if (raw === undefined || raw.trim() === '') return [];
  if (raw.length > 1024) throw new OgcError('InvalidParameterValue', 'SORTBY is too long', 'SORTBY');
  return raw.split(',').map((part) => {
    const m = /^\s*([A-Za-z_][A-Za-z0-9_:]*)(?:\s+(ASC|DESC|A|D))?\s*$/i.exec(part);
    if (!m) throw new OgcError('InvalidParameterValue', `SORTBY must be "attribute [ASC|DESC]", got "${part.slice(0, 60)}"`, 'SORTBY');
    const name = stripPrefix(svc, m[1]!);
    if (!attributeNamed(ft, name)) throw new OgcError('InvalidParameterValue', `SORTBY: ${ft.name} has no attribute "${name.slice(0, 60)}"`, 'SORTBY');
    return { name, desc: /^D/i.test(m[2] ?? '') };
  });
}

export interface Properties {
  attrs: readonly Attribute[];
  geometry: boolean;
}

export function parsePropertyNames(svc: OgcService, ft: VectorFeatureType, raw: string | undefined): Properties {
  if (raw === undefined || raw.trim() === '' || raw.trim() === '*') return { attrs: ft.attributes, geometry: true };
  if (raw.length > 4096) throw new OgcError('InvalidParameterValue', 'PROPERTYNAME is too long', 'PROPERTYNAME');
  const names = raw.split(',').map((s) => stripPrefix(svc, s.trim()));
  let geometry = false;
  const wanted = new Set<string>();
  for (const name of names) {
    if (name === ft.geometryColumn) geometry = true;
    else if (attributeNamed(ft, name)) wanted.add(name);
    else throw new OgcError('InvalidParameterValue', `PROPERTYNAME: ${ft.name} has no property "${name.slice(0, 60)}"`, 'PROPERTYNAME');
  }
  return { attrs: ft.attributes.filter((a) => wanted.has(a.name)), geometry };
}

/** The `resolve` values served (WFS 2.0, OGC 09-025r2 §7.6.4): no feature holds a reference, so there is nothing to resolve. */
export const RESOLVE_VALUES = ['none', 'local'] as const;

/**
 * RESOLVE, RESOLVEDEPTH and RESOLVETIMEOUT of a WFS 2.0 GetFeature or GetPropertyValue. `remote`
 * and `all` would fetch other servers' resources (ImplementsRemoteResolve is FALSE): refused, as
 * is any other value, rather than answered as if they had been honoured.
 */
export function checkResolve(k: Kvp): void {
  const resolve = k.get('RESOLVE')?.trim();
  if (resolve !== undefined && resolve !== '' && !(RESOLVE_VALUES as readonly string[]).includes(resolve.toLowerCase())) {
    const why = /^(remote|all)$/i.test(resolve) ? 'remote references are not resolved (ImplementsRemoteResolve is FALSE)' : 'unknown value';
    throw new OgcError('InvalidParameterValue', `RESOLVE "${resolve.slice(0, 40)}" is not served (${RESOLVE_VALUES.join(' or ')}): ${why}`, 'resolve');
  }
  const depth = k.get('RESOLVEDEPTH')?.trim();
  if (depth !== undefined && depth !== '' && depth !== '*' && !/^\d{1,6}$/.test(depth)) {
    throw new OgcError('InvalidParameterValue', 'RESOLVEDEPTH must be a whole number or *', 'resolveDepth');
  }
  const timeout = k.get('RESOLVETIMEOUT')?.trim();
  if (timeout !== undefined && timeout !== '' && !/^\d{1,9}$/.test(timeout)) {
    throw new OgcError('InvalidParameterValue', 'RESOLVETIMEOUT must be a whole number of seconds', 'resolveTimeout');
  }
}

/** RESOURCEID (2.0) or FEATUREID (1.x): `<typeName>.<id>` values, or undefined. */
export function resourceIdList(k: Kvp): string[] | undefined {
  const name = k.get('RESOURCEID') !== undefined ? 'RESOURCEID' : 'FEATUREID';
  const raw = k.get(name);
  if (raw === undefined || raw.trim() === '') return undefined;
  if (raw.length > 8192) throw new OgcError('InvalidParameterValue', `${name} is too long`, name);
  const ids = raw.split(',').map((s) => s.trim());
  if (ids.length > 1000) throw new OgcError('InvalidParameterValue', 'at most 1000 resource ids', name);
  return ids;
}
