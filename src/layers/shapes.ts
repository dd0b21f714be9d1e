// Shapes drawn from config alone (SPEC.md §3 spatialData: center, polygon, polyline, rectangle):
// GeoJSON built from the template, no request. A circle is a geodesic polygon of its radius in
// metres (default 100), its vertices found by Karney's geodesics on WGS84, as PostGIS geography,
// so the measure tool and ST_Distance find the radius again (a spherical earth would be off by
// ~0.5% at Thai latitudes); a circle marker keeps its size in pixels at every zoom.
import { geodesicDestination } from '../engine/geodesic.ts';

type LonLat = readonly [number, number];

export function collection(geometry: GeoJSON.Geometry, properties: Record<string, unknown> = {}): GeoJSON.FeatureCollection {
  return { type: 'FeatureCollection', features: [{ type: 'Feature', geometry, properties }] };
}

/** A polygon approximating the circle of `radiusM` metres around `center` (64 segments). */
export function circlePolygon(center: LonLat, radiusM: number, segments = 64): GeoJSON.Polygon {
  const ring: Array<[number, number]> = [];
  for (let i = 0; i < segments; i++) ring.push(geodesicDestination(center, (360 * i) / segments, radiusM));
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
