// Geodesic measures (SPEC.md §3 Measurement result, §9 units): Karney's geodesics on WGS84, as
// PostGIS geography (ST_Length, ST_Distance, ST_Area, ST_Perimeter), from geographiclib-geodesic,
// so a length or area measured on the map is the one the database reports for the same shape.
// Positions are [lng, lat] in degrees, as in GeoJSON.
// The package is CommonJS: Node (vite.config.ts, the server) sees only its default export.
import geographiclib from 'geographiclib-geodesic';

export type LngLat = readonly [number, number];

const { Geodesic } = geographiclib;
const WGS84 = Geodesic.WGS84;

/** The geodesic distance in metres between two positions (Karney's inverse, exact to ~15 nm,
 *  nearly antipodal positions included). */
export function geodesicDistance([lng1, lat1]: LngLat, [lng2, lat2]: LngLat): number {
  return WGS84.Inverse(lat1, lng1, lat2, lng2, Geodesic.DISTANCE).s12!;
}

/** The position `distanceM` metres from `from` on the initial bearing `bearingDeg` (degrees
 *  clockwise from north): Karney's direct problem, the inverse of geodesicDistance. The longitude
 *  is unrolled (not wrapped to ±180) so a ring across the antimeridian stays continuous. */
export function geodesicDestination([lng, lat]: LngLat, bearingDeg: number, distanceM: number): [number, number] {
  const { lat2, lon2 } = WGS84.Direct(lat, lng, bearingDeg, distanceM, Geodesic.LATITUDE | Geodesic.LONGITUDE | Geodesic.LONG_UNROLL);
  return [lon2!, lat2!];
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

/** The area in square metres of the simple polygon through the positions (a ring, closed or
 *  not, either winding) on the ellipsoid. Fewer than 3 distinct positions have no area. */
export function geodesicArea(points: readonly LngLat[]): number {
  const ring = points.length > 1 && points[0]![0] === points.at(-1)![0] && points[0]![1] === points.at(-1)![1] ? points.slice(0, -1) : points;
  if (ring.length < 3) return 0;
  const polygon = WGS84.Polygon(false);
  for (const [lng, lat] of ring) polygon.AddPoint(lat, lng);
  // Signed (clockwise rings come out negative) rather than the rest of the earth's area.
  return Math.abs(polygon.Compute(false, true).area!);
}
