// Coordinates of the proposal form (SPEC.md §3, §4, §5, §9): the 'lat, lng' text of items 5.1 and
// 5.2, and the straight distance between them that fills item 5.4 (projectShoreLength).
import { geodesicDistance as geodesicBetween } from '../../engine/geodesic.ts';

export interface LatLng {
  lat: number;
  lng: number;
}

/** SPEC.md §5: 'lat,lng', latitude -90..90, longitude -180..180, decimals, optional minus, at most
 *  one space after the comma. The same rule as the `pattern` of config/forms/proposal.yaml (a unit
 *  test keeps the two in step). */
export const LAT_LNG_PATTERN =
  /^-?(?:90(?:\.0+)?|[1-8]?[0-9](?:\.[0-9]+)?), ?-?(?:180(?:\.0+)?|(?:1[0-7][0-9]|[1-9]?[0-9])(?:\.[0-9]+)?)$/;

/** The point a coordinate text names, or null when it does not match SPEC.md §5. */
export function parseLatLng(text: unknown): LatLng | null {
  if (typeof text !== 'string' || !LAT_LNG_PATTERN.test(text)) return null;
  const [lat, lng] = text.split(',').map((part) => Number(part.trim()));
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return { lat, lng };
}

/** SPEC.md §4/§9: a map click writes 'lat, lng' with 6 decimals. */
export function formatLatLng({ lat, lng }: LatLng): string {
  const fix = (n: number) => {
    const s = n.toFixed(6);
    return s === '-0.000000' ? '0.000000' : s;
  };
  return `${fix(lat)}, ${fix(lng)}`;
}

/** Keeps a map click inside the ranges SPEC.md §5 accepts (MapLibre may report wrapped longitudes). */
export function normaliseLatLng({ lat, lng }: LatLng): LatLng {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat: Math.max(-90, Math.min(90, lat)), lng: lng === 180 ? 180 : wrapped };
}

/** The geodesic (WGS 84) distance in metres between two points: the one implementation the
 *  measure tool uses too (src/engine/geodesic.ts: Karney's geodesics on WGS84, as PostGIS geography). */
export function geodesicDistance(p: LatLng, q: LatLng): number {
  return geodesicBetween([p.lng, p.lat], [q.lng, q.lat]);
}

/** SPEC.md §4/§9: item 5.4, the straight distance between two coordinate texts in metres with 2
 *  decimals, or null unless both texts are valid. */
export function shoreLength(start: unknown, end: unknown): number | null {
  const p = parseLatLng(start);
  const q = parseLatLng(end);
  if (!p || !q) return null;
  return Math.round(geodesicDistance(p, q) * 100) / 100;
}

/** True when two points are the same to the 6 decimals the form keeps. */
export function samePoint(p: LatLng, q: LatLng): boolean {
  return formatLatLng(p) === formatLatLng(q);
}
