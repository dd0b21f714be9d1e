/** Lon/lat (EPSG:4326) to output pixels for a GetMap bbox in EPSG:3857 or EPSG:4326. */
import type { BBox, RenderCrs } from './types.ts';

/** Web Mercator sphere radius (EPSG:3857). */
const EARTH_RADIUS = 6378137;
/** Latitude where Web Mercator reaches ±20037508.34 m. */
const MAX_MERCATOR_LAT = 85.0511287798066;
const D2R = Math.PI / 180;
const R2D = 180 / Math.PI;

/** Lon/lat to Web Mercator metres (the atlas fits its map box in them). */
export function lonToMercX(lon: number): number {
  return lon * D2R * EARTH_RADIUS;
}
export function latToMercY(lat: number): number {
  const l = Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat));
  return Math.atanh(Math.sin(l * D2R)) * EARTH_RADIUS;
}
function mercXToLon(x: number): number {
  return (x / EARTH_RADIUS) * R2D;
}
export function mercYToLat(y: number): number {
  return (2 * Math.atan(Math.exp(y / EARTH_RADIUS)) - Math.PI / 2) * R2D;
}

/**
 * Maps lon/lat to the pixel grid of the output image: (0, 0) is the top-left corner of the
 * top-left pixel, (width, height) the bottom-right corner of the last one.
 */
export interface Projector {
  readonly width: number;
  readonly height: number;
  /** Pixel x of a longitude (linear in both CRSs). */
  x(lon: number): number;
  /** Pixel y of a latitude. */
  y(lat: number): number;
  /** The lon/lat box [w, s, e, n] the image covers, grown by `marginPx` pixels on every side. */
  lonLatBounds(marginPx: number): [number, number, number, number];
}

export function makeProjector(crs: RenderCrs, bbox: BBox, width: number, height: number): Projector {
  const [minx, miny, maxx, maxy] = bbox;
  const sx = width / (maxx - minx);
  const sy = height / (maxy - miny);
  if (crs === 'EPSG:4326') {
    return {
      width,
      height,
      x: (lon) => (lon - minx) * sx,
      y: (lat) => (maxy - lat) * sy,
      lonLatBounds: (m) => [minx - m / sx, miny - m / sy, maxx + m / sx, maxy + m / sy],
    };
  }
  // EPSG:3857: x is linear in lon, so fold the metre scale into one factor.
  const kx = D2R * EARTH_RADIUS * sx;
  const ox = minx * sx;
  const ky = EARTH_RADIUS * sy;
  const oy = maxy * sy;
  return {
    width,
    height,
    x: (lon) => lon * kx - ox,
    y: (lat) => {
      const l = lat > MAX_MERCATOR_LAT ? MAX_MERCATOR_LAT : lat < -MAX_MERCATOR_LAT ? -MAX_MERCATOR_LAT : lat;
      return oy - Math.atanh(Math.sin(l * D2R)) * ky;
    },
    lonLatBounds: (m) => [
      mercXToLon(minx - m / sx),
      mercYToLat(miny - m / sy),
      mercXToLon(maxx + m / sx),
      mercYToLat(maxy + m / sy),
    ],
  };
}
