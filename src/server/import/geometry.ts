// Checks a source geometry's structure and brings it to 2D WGS 84 lon/lat. Anything that is not
// a geometry at all (wrong nesting, non-numbers, too few points, a polygon ring that does not end
// where it starts) is an error; geometries that are well-formed but invalid (self-intersections
// and the like) pass here and are repaired by ST_MakeValid when loaded.

import type { Geometry, Position } from 'geojson';
import type { Transform } from './crs.ts';

export class GeometryError extends Error {
  override name = 'GeometryError';
}

function fail(reason: string): never {
  throw new GeometryError(reason);
}

function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) fail(`${what} is not an array`);
  return value;
}

function position(value: unknown, transform: Transform | null): Position {
  const items = array(value, 'a position');
  const x = items[0];
  const y = items[1];
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
    fail(`position ${JSON.stringify(value)?.slice(0, 60)} is not a pair of finite numbers`);
  }
  const [lon, lat] = transform ? transform(x, y) : [x, y];
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90) {
    fail(
      `coordinates (${x}, ${y}) are not longitude/latitude` +
        (transform ? ' after reprojection' : '; is the coordinate system (.prj or --srs) right?'),
    );
  }
  return [lon, lat];
}

function positions(value: unknown, transform: Transform | null): Position[] {
  return array(value, 'coordinates').map((item) => position(item, transform));
}

function line(value: unknown, transform: Transform | null): Position[] {
  const points = positions(value, transform);
  if (points.length < 2) fail(`a line has ${points.length} point(s), at least 2 are needed`);
  return points;
}

function coordinatesText(value: unknown): string {
  return Array.isArray(value) ? `(${value.slice(0, 2).join(' ')})` : JSON.stringify(value)?.slice(0, 40) ?? '?';
}

/**
 * A ring must repeat its first position at the end (RFC 7946 §3.1.6, Simple Features): a ring
 * that does not is refused rather than closed silently, as the closing edge is a guess.
 */
function ring(value: unknown, transform: Transform | null, which: string): Position[] {
  const raw = array(value, 'a polygon ring');
  const points = positions(raw, transform);
  const first = raw[0] as unknown[];
  const last = raw[raw.length - 1] as unknown[];
  if (points.length > 0 && (first[0] !== last[0] || first[1] !== last[1])) {
    fail(`${which} is not closed: it starts at ${coordinatesText(first)} and ends at ${coordinatesText(last)}; a ring's last point must repeat its first`);
  }
  if (points.length < 4) fail(`${which} has ${points.length} point(s), at least 4 are needed`);
  return points;
}

function polygon(value: unknown, transform: Transform | null, which = 'polygon'): Position[][] {
  return array(value, 'polygon coordinates').map((item, i) => ring(item, transform, `${which} ring ${i + 1}`));
}

/**
 * The geometry checked, in 2D lon/lat (transformed when `transform` is given); null for a missing
 * or empty geometry. Throws GeometryError naming what is wrong.
 */
export function prepareGeometry(value: unknown, transform: Transform | null): Geometry | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || Array.isArray(value)) fail('the geometry is not an object');
  const { type, coordinates, geometries } = value as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  let geometry: Geometry;
  switch (type) {
    case 'Point':
      geometry = { type, coordinates: array(coordinates, 'coordinates').length === 0 ? [] : position(coordinates, transform) };
      if (geometry.coordinates.length === 0) return null;
      return geometry;
    case 'MultiPoint':
      geometry = { type, coordinates: positions(coordinates, transform) };
      return geometry.coordinates.length ? geometry : null;
    case 'LineString':
      if (array(coordinates, 'coordinates').length === 0) return null;
      return { type, coordinates: line(coordinates, transform) };
    case 'MultiLineString':
      geometry = { type, coordinates: array(coordinates, 'coordinates').map((item) => line(item, transform)) };
      return geometry.coordinates.length ? geometry : null;
    case 'Polygon':
      geometry = { type, coordinates: polygon(coordinates, transform) };
      return geometry.coordinates.length ? geometry : null;
    case 'MultiPolygon':
      geometry = {
        type,
        coordinates: array(coordinates, 'coordinates')
          .map((item, i) => polygon(item, transform, `polygon ${i + 1}, its`))
          .filter((rings) => rings.length > 0),
      };
      return geometry.coordinates.length ? geometry : null;
    case 'GeometryCollection': {
      const members = array(geometries, 'geometries')
        .map((item) => prepareGeometry(item, transform))
        .filter((item): item is Geometry => item !== null);
      return members.length ? { type, geometries: members } : null;
    }
    default:
      return fail(`unknown geometry type ${JSON.stringify(type)?.slice(0, 40)}`);
  }
}
