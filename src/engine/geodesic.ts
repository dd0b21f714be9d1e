// Geodesic measures on the WGS84 ellipsoid (SPEC.md §3 Measurement result, §9 units): line length
// by Vincenty's inverse formula and polygon area by the exact spherical excess on the authalic
// sphere (the sphere with the ellipsoid's surface area, latitudes mapped to authalic latitudes).
// Positions are [lng, lat] in degrees, as in GeoJSON.

export type LngLat = readonly [number, number];

export const WGS84_A = 6378137;
export const WGS84_F = 1 / 298.257223563;
const B = WGS84_A * (1 - WGS84_F);
const E2 = WGS84_F * (2 - WGS84_F);
const E = Math.sqrt(E2);
const RAD = Math.PI / 180;

/** Vincenty's inverse: the geodesic distance in metres between two positions. Falls back to the
 *  authalic-sphere great circle in the rare nearly antipodal case where the iteration fails. */
export function geodesicDistance(from: LngLat, to: LngLat): number {
  const [lng1, lat1] = from;
  const [lng2, lat2] = to;
  if (lng1 === lng2 && lat1 === lat2) return 0;
  const f = WGS84_F;
  const L = (lng2 - lng1) * RAD;
  const U1 = Math.atan((1 - f) * Math.tan(lat1 * RAD));
  const U2 = Math.atan((1 - f) * Math.tan(lat2 * RAD));
  const sinU1 = Math.sin(U1);
  const cosU1 = Math.cos(U1);
  const sinU2 = Math.sin(U2);
  const cosU2 = Math.cos(U2);
  let lambda = L;
  for (let i = 0; i < 200; i++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    const sinSigma = Math.sqrt((cosU2 * sinLambda) ** 2 + (cosU1 * sinU2 - sinU1 * cosU2 * cosLambda) ** 2);
    if (sinSigma === 0) return 0;
    const cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    const sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    const cos2Alpha = 1 - sinAlpha * sinAlpha;
    const cos2SigmaM = cos2Alpha === 0 ? 0 : cosSigma - (2 * sinU1 * sinU2) / cos2Alpha;
    const C = (f / 16) * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha));
    const previous = lambda;
    lambda = L + (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM ** 2)));
    if (Math.abs(lambda - previous) < 1e-12) {
      const u2 = (cos2Alpha * (WGS84_A ** 2 - B ** 2)) / B ** 2;
      const A = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
      const Bc = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
      const deltaSigma =
        Bc *
        sinSigma *
        (cos2SigmaM +
          (Bc / 4) *
            (cosSigma * (-1 + 2 * cos2SigmaM ** 2) - (Bc / 6) * cos2SigmaM * (-3 + 4 * sinSigma ** 2) * (-3 + 4 * cos2SigmaM ** 2)));
      return B * A * (sigma - deltaSigma);
    }
  }
  // Not converged (nearly antipodal): great circle on the authalic sphere.
  const [p1, p2] = [authalicLatitude(lat1 * RAD), authalicLatitude(lat2 * RAD)];
  const h = Math.sin((p2 - p1) / 2) ** 2 + Math.cos(p1) * Math.cos(p2) * Math.sin(L / 2) ** 2;
  return 2 * AUTHALIC_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length in metres of a line through the positions, in order. */
export function geodesicLength(points: readonly LngLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += geodesicDistance(points[i - 1]!, points[i]!);
  return total;
}

/** The perimeter in metres of the polygon through the positions (closed back to the first). */
export function geodesicPerimeter(points: readonly LngLat[]): number {
  if (points.length < 2) return 0;
  return geodesicLength(points) + (points.length > 2 ? geodesicDistance(points[points.length - 1]!, points[0]!) : 0);
}

function q(sinPhi: number): number {
  return (1 - E2) * (sinPhi / (1 - E2 * sinPhi * sinPhi) - (1 / (2 * E)) * Math.log((1 - E * sinPhi) / (1 + E * sinPhi)));
}
const QP = q(1);
/** The radius of the sphere with the WGS84 ellipsoid's area. */
const AUTHALIC_RADIUS = WGS84_A * Math.sqrt(QP / 2);

/** The authalic latitude (radians) of a geodetic latitude (radians). */
function authalicLatitude(phi: number): number {
  return Math.asin(Math.max(-1, Math.min(1, q(Math.sin(phi)) / QP)));
}

/** The area in square metres of the simple polygon through the positions (a ring, closed or
 *  not, either winding). Fewer than 3 distinct positions have no area. */
export function geodesicArea(points: readonly LngLat[]): number {
  const ring = points.length > 1 && points[0]![0] === points.at(-1)![0] && points[0]![1] === points.at(-1)![1] ? points.slice(0, -1) : points;
  if (ring.length < 3) return 0;
  let excess = 0;
  for (let i = 0; i < ring.length; i++) {
    const [lng1, lat1] = ring[i]!;
    const [lng2, lat2] = ring[(i + 1) % ring.length]!;
    const t1 = Math.tan(authalicLatitude(lat1 * RAD) / 2);
    const t2 = Math.tan(authalicLatitude(lat2 * RAD) / 2);
    let dLng = (lng2 - lng1) * RAD;
    if (dLng > Math.PI) dLng -= 2 * Math.PI;
    if (dLng < -Math.PI) dLng += 2 * Math.PI;
    // Signed excess of the triangle (pole, p1, p2).
    excess += 2 * Math.atan2(Math.tan(dLng / 2) * (t1 + t2), 1 + t1 * t2);
  }
  const area = Math.abs(excess) * AUTHALIC_RADIUS ** 2;
  const sphere = 4 * Math.PI * AUTHALIC_RADIUS ** 2;
  return Math.min(area, sphere - area);
}
