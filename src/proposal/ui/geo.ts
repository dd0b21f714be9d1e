// Coordinates of the proposal form (SPEC.md §3, §4, §5, §9): the 'lat, lng' text of items 5.1 and
// 5.2, and the straight distance between them that fills item 5.4 (projectShoreLength).

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

// WGS 84 ellipsoid.
const A = 6378137;
const F = 1 / 298.257223563;
const B = A * (1 - F);

/**
 * The geodesic (shortest, on the WGS 84 ellipsoid) distance in metres between two points: Vincenty's
 * inverse formula (1975), accurate to well under a millimetre for the distances of a coastal
 * project. For nearly antipodal points, where the iteration may not converge, it falls back to the
 * great-circle distance on a sphere of the mean radius.
 */
export function geodesicDistance(p: LatLng, q: LatLng): number {
  const rad = Math.PI / 180;
  const L = (q.lng - p.lng) * rad;
  const U1 = Math.atan((1 - F) * Math.tan(p.lat * rad));
  const U2 = Math.atan((1 - F) * Math.tan(q.lat * rad));
  const sinU1 = Math.sin(U1);
  const cosU1 = Math.cos(U1);
  const sinU2 = Math.sin(U2);
  const cosU2 = Math.cos(U2);
  let lambda = L;
  for (let i = 0; i < 200; i++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    const sinSigma = Math.sqrt((cosU2 * sinLambda) ** 2 + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) ** 2);
    if (sinSigma === 0) return 0; // the same point
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    const cos2Alpha = 1 - sinAlpha ** 2;
    const cos2SigmaM = cos2Alpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cos2Alpha; // equatorial line: 0
    const C = (F / 16) * cos2Alpha * (4 + F * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda = L + (1 - C) * F * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM ** 2)));
    if (Math.abs(lambda - previous) < 1e-12) {
      const u2 = (cos2Alpha * (A * A - B * B)) / (B * B);
      const bigA = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
      const bigB = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
      const deltaSigma =
        bigB *
        sinSigma *
        (cos2SigmaM +
          (bigB / 4) *
            (cosSigma * (-1 + 2 * cos2SigmaM ** 2) - (bigB / 6) * cos2SigmaM * (-3 + 4 * sinSigma ** 2) * (-3 + 4 * cos2SigmaM ** 2)));
      return B * bigA * (sigma - deltaSigma);
    }
  }
  return greatCircleDistance(p, q);
}

/** Haversine distance on a sphere of the WGS 84 mean radius (the fallback above). */
export function greatCircleDistance(p: LatLng, q: LatLng): number {
  const rad = Math.PI / 180;
  const R = (2 * A + B) / 3;
  const dLat = (q.lat - p.lat) * rad;
  const dLng = (q.lng - p.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(p.lat * rad) * Math.cos(q.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
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
