// Shapes drawn from config alone (SPEC.md §3 spatialData: center, polygon, polyline, rectangle):
// GeoJSON built from the template, no request. A circle is a geodesic polygon of its radius in
// metres (default 100) on the WGS84 ellipsoid; a circle marker keeps its size in pixels at every
// zoom.
import { WGS84_A, WGS84_F } from '../engine/geodesic.ts';

type LonLat = readonly [number, number];

const RAD = Math.PI / 180;
const WGS84_B = WGS84_A * (1 - WGS84_F);

/**
 * The point `distanceM` metres from `from` on the initial bearing `bearingDeg`, on the WGS84
 * ellipsoid (Vincenty's direct formula), so that geodesicDistance (Vincenty's inverse, the measure
 * tool's) finds the circle's radius again. A spherical earth would be off by ~0.5% at Thai
 * latitudes (0.5 m on the default 100 m circle).
 */
function destination([lon, lat]: LonLat, bearingDeg: number, distanceM: number): [number, number] {
  const f = WGS84_F;
  const alpha1 = bearingDeg * RAD;
  const sinAlpha1 = Math.sin(alpha1);
  const cosAlpha1 = Math.cos(alpha1);
  const tanU1 = (1 - f) * Math.tan(lat * RAD);
  const cosU1 = 1 / Math.sqrt(1 + tanU1 * tanU1);
  const sinU1 = tanU1 * cosU1;
  const sigma1 = Math.atan2(tanU1, cosAlpha1);
  const sinAlpha = cosU1 * sinAlpha1;
  const cos2Alpha = 1 - sinAlpha * sinAlpha;
  const u2 = (cos2Alpha * (WGS84_A ** 2 - WGS84_B ** 2)) / WGS84_B ** 2;
  const A = 1 + (u2 / 16384) * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)));
  const B = (u2 / 1024) * (256 + u2 * (-128 + u2 * (74 - 47 * u2)));
  let sigma = distanceM / (WGS84_B * A);
  let sinSigma = 0;
  let cosSigma = 1;
  let cos2SigmaM = 0;
  for (let i = 0; i < 100; i++) {
    cos2SigmaM = Math.cos(2 * sigma1 + sigma);
    sinSigma = Math.sin(sigma);
    cosSigma = Math.cos(sigma);
    const deltaSigma =
      B * sinSigma * (cos2SigmaM + (B / 4) * (cosSigma * (-1 + 2 * cos2SigmaM ** 2) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma ** 2) * (-3 + 4 * cos2SigmaM ** 2)));
    const next = distanceM / (WGS84_B * A) + deltaSigma;
    const done = Math.abs(next - sigma) < 1e-12;
    sigma = next;
    if (done) break;
  }
  cos2SigmaM = Math.cos(2 * sigma1 + sigma);
  sinSigma = Math.sin(sigma);
  cosSigma = Math.cos(sigma);
  const x = sinU1 * sinSigma - cosU1 * cosSigma * cosAlpha1;
  const phi2 = Math.atan2(sinU1 * cosSigma + cosU1 * sinSigma * cosAlpha1, (1 - f) * Math.sqrt(sinAlpha * sinAlpha + x * x));
  const lambda = Math.atan2(sinSigma * sinAlpha1, cosU1 * cosSigma - sinU1 * sinSigma * cosAlpha1);
  const C = (f / 16) * cos2Alpha * (4 + f * (4 - 3 * cos2Alpha));
  const L = lambda - (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM ** 2)));
  return [lon + L / RAD, phi2 / RAD];
}

export function collection(geometry: GeoJSON.Geometry, properties: Record<string, unknown> = {}): GeoJSON.FeatureCollection {
  return { type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties }] };
}

/** A polygon approximating the circle of `radiusM` metres around `center` (64 segments). */
export function circlePolygon(center: LonLat, radiusM: number, segments = 64): GeoJSON.Polygon {
  const ring: Array<[number, number]> = [];
  for (let i = 0; i < segments; i++) ring.push(destination(center, (360 * i) / segments, radiusM));
  ring.push(ring[0]!);
  return { type: 'Polygon', coordinates: [ring] };
}

/** A closed ring from the given corners (the first corner repeated at the end when missing). */
export function closedRing(points: readonly LonLat[]): Array<[number, number]> {
  const ring = points.map(([x, y]) => [x, y] as [number, number]);
  const [first] = ring;
  const last = ring.at(-1);
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([first[0], first[1]]);
  return ring;
}

export function rectanglePolygon([w, s, e, n]: readonly [number, number, number, number]): GeoJSON.Polygon {
  return { type: 'Polygon', coordinates: [closedRing([[w, s], [e, s], [e, n], [w, n]])] };
}
