// WFS limits and the feature types a request names (TYPENAMES / TYPENAME, with or without the
// workspace prefix; `a,b` and `(a)(b)` both mean one query per type).

import type { VectorFeatureType } from '../../data/featureTypes.ts';
import { OgcError } from '../exception.ts';
import { allowedPrefixes } from '../layers.ts';
import type { OgcRequest, OgcServiceCore as OgcService } from '../serviceCore.ts';

/** Features per answer when the client names no COUNT (WFS 2.0; advertised as CountDefault). */
export const DEFAULT_COUNT = 1000;
/** The most features one answer holds: larger COUNT or MAXFEATURES values are capped to it. */
export const MAX_COUNT = 10_000;
export const MAX_START_INDEX = 1_000_000;
/** At most this many feature types in one GetFeature. */
export const MAX_TYPES = 20;
/** At most this many in one DescribeFeatureType (GDAL asks for 50 at once). */
export const MAX_DESCRIBED_TYPES = 200;
export const CRS84 = 'urn:ogc:def:crs:OGC:1.3:CRS84';

export function namespaceUri(svc: OgcService): string {
  return `http://${svc.product}`;
}

export function vectorLayers(svc: OgcService): VectorFeatureType[] {
  return svc.layers().filter((ft): ft is VectorFeatureType => ft.kind === 'vector');
}

/** A property or type name without our workspace prefix (other prefixes stay, and then match nothing). */
export function stripPrefix(svc: OgcService, name: string): string {
  const colon = name.indexOf(':');
  if (colon < 0) return name;
  const prefix = name.slice(0, colon);
  return allowedPrefixes(svc.product).includes(prefix) ? name.slice(colon + 1) : name;
}

/** `(a,b)(c)` -> ['a,b', 'c']; anything else -> [raw]. */
export function parenthesisedList(raw: string): string[] {
  const t = raw.trim();
  if (!/^\(.*\)$/s.test(t)) return [raw];
  return t.slice(1, -1).split(/\)\s*\(/);
}

/** The vector feature type of one name, or an InvalidParameterValue naming `locator`. */
export function vectorType(svc: OgcService, name: string, locator: string): VectorFeatureType {
  const ft = svc.resolve(name, locator, 'InvalidParameterValue');
  if (ft.kind !== 'vector') throw new OgcError('InvalidParameterValue', `${ft.name} is a map layer, not a feature type`, locator);
  return ft;
}

/** TYPENAMES (2.0) or TYPENAME (1.x); every vector type when absent and not required. */
export function typeNameList(svc: OgcService, r: OgcRequest, required: boolean, max = MAX_TYPES): VectorFeatureType[] {
  const raw = r.kvp.get('TYPENAMES') ?? r.kvp.get('TYPENAME');
  if (raw === undefined || raw.trim() === '') {
    if (required) throw new OgcError('MissingParameterValue', `missing parameter ${r.version === '2.0.0' ? 'TYPENAMES' : 'TYPENAME'}`, 'TYPENAMES');
    return vectorLayers(svc);
  }
  if (raw.length > 4096) throw new OgcError('InvalidParameterValue', 'TYPENAMES is too long', 'TYPENAMES');
  const names = parenthesisedList(raw)
    .flatMap((part) => part.split(','))
    .map((s) => s.trim());
  if (names.length > max || names.some((n) => n === '')) {
    throw new OgcError('InvalidParameterValue', `TYPENAMES must be a list of at most ${max} type names`, 'TYPENAMES');
  }
  return names.map((n) => vectorType(svc, n, 'TYPENAMES'));
}
