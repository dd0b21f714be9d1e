// Shapes drawn from config alone (SPEC.md §3 spatialData: center, polygon, polyline, rectangle):
// GeoJSON built from the template, no request. A circle is a geodesic polygon of its radius in
// metres (default 100); a circle marker keeps its size in pixels at every zoom.
type LonLat = readonly [number, number];

const EARTH_RADIUS_M = 6371008.8; // mean radius: a 100 m circle is off by far less than a pixel

/** The point `distanceM` metres from `from` on bearing `bearingDeg` (spherical earth). */
export function destination([lon, lat]: LonLat, bearingDeg: number, distanceM: number): [number, number] {
  const rad = Math.PI / 180;
  const d = distanceM / EARTH_RADIUS_M;
  const phi1 = lat * rad;
  const theta = bearingDeg * rad;
  const phi2 = Math.asin(Math.sin(phi1) * Math.cos(d) + Math.cos(phi1) * Math.sin(d) * Math.cos(theta));
  const lambda2 = lon * rad + Math.atan2(Math.sin(theta) * Math.sin(d) * Math.cos(phi1), Math.cos(d) - Math.sin(phi1) * Math.sin(phi2));
  return [lambda2 / rad, phi2 / rad];
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
