/** Geometry helpers for the renderer: lon/lat bounding boxes and label anchors. */
import type { Geometry, Position } from 'geojson';
import type { Projector } from './projection.ts';

/** [west, south, east, north] in lon/lat. */
export type LonLatBox = [number, number, number, number];

function grow(box: LonLatBox, coords: readonly Position[]): void {
  for (let i = 0; i < coords.length; i++) {
    const p = coords[i]!;
    const x = p[0]!;
    const y = p[1]!;
    // NaN fails every comparison, so a broken vertex never widens the box.
    if (x < box[0]) box[0] = x;
    if (x > box[2]) box[2] = x;
    if (y < box[1]) box[1] = y;
    if (y > box[3]) box[3] = y;
  }
}

function growGeometry(box: LonLatBox, g: Geometry): void {
  switch (g.type) {
    case 'Point':
      if (g.coordinates && g.coordinates.length >= 2) grow(box, [g.coordinates]);
      return;
    case 'MultiPoint':
    case 'LineString':
      if (Array.isArray(g.coordinates)) grow(box, g.coordinates);
      return;
    case 'MultiLineString':
    case 'Polygon':
      if (Array.isArray(g.coordinates)) for (const part of g.coordinates) if (Array.isArray(part)) grow(box, part);
      return;
    case 'MultiPolygon':
      // The outer ring bounds the polygon; holes cannot reach outside it.
      if (Array.isArray(g.coordinates)) for (const poly of g.coordinates) if (Array.isArray(poly?.[0])) grow(box, poly[0]);
      return;
    case 'GeometryCollection':
      if (Array.isArray(g.geometries)) for (const member of g.geometries) if (member) growGeometry(box, member);
      return;
  }
}

/**
 * The lon/lat box of a geometry (one pass over its vertices), or null when it has no usable
 * vertex. A valid GeoJSON `bbox` member on the geometry is trusted as is.
 */
export function geometryBox(g: Geometry): LonLatBox | null {
  const given = (g as { bbox?: unknown }).bbox;
  if (Array.isArray(given) && (given.length === 4 || given.length === 6)) {
    const h = given.length / 2;
    const b: LonLatBox = [given[0], given[1], given[h], given[h + 1]];
    if (b.every((v) => typeof v === 'number' && Number.isFinite(v)) && b[0] <= b[2] && b[1] <= b[3]) return b;
  }
  const box: LonLatBox = [Infinity, Infinity, -Infinity, -Infinity];
  if (g.type === 'Polygon') {
    if (Array.isArray(g.coordinates?.[0])) grow(box, g.coordinates[0]);
  } else growGeometry(box, g);
  return box[0] <= box[2] && box[1] <= box[3] ? box : null;
}

// ---------------------------------------------------------------- label anchors

type AnchorKind = 'point' | 'line' | 'area';
export interface Anchor {
  x: number;
  y: number;
  kind: AnchorKind;
}

function project(proj: Projector, coords: readonly Position[]): number[] {
  const out: number[] = [];
  for (const p of coords) {
    const x = proj.x(p[0]!);
    const y = proj.y(p[1]!);
    if (Number.isFinite(x) && Number.isFinite(y)) out.push(x, y);
  }
  return out;
}

/** The point halfway along a projected polyline, and its length. */
function lineMiddle(xy: number[]): { x: number; y: number; length: number } | null {
  if (xy.length < 2) return null;
  let length = 0;
  for (let i = 2; i < xy.length; i += 2) length += Math.hypot(xy[i]! - xy[i - 2]!, xy[i + 1]! - xy[i - 1]!);
  let rest = length / 2;
  for (let i = 2; i < xy.length; i += 2) {
    const d = Math.hypot(xy[i]! - xy[i - 2]!, xy[i + 1]! - xy[i - 1]!);
    if (d >= rest && d > 0) {
      const t = rest / d;
      return { x: xy[i - 2]! + (xy[i]! - xy[i - 2]!) * t, y: xy[i - 1]! + (xy[i + 1]! - xy[i - 1]!) * t, length };
    }
    rest -= d;
  }
  return { x: xy[0]!, y: xy[1]!, length };
}

/** Centroid (shoelace) of a projected ring, with its absolute area. */
function ringCentroid(xy: number[]): { x: number; y: number; area: number } | null {
  const n = xy.length / 2;
  if (n < 3) return null;
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const x0 = xy[2 * j]!;
    const y0 = xy[2 * j + 1]!;
    const x1 = xy[2 * i]!;
    const y1 = xy[2 * i + 1]!;
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (a === 0) return { x: xy[0]!, y: xy[1]!, area: 0 };
  return { x: cx / (3 * a), y: cy / (3 * a), area: Math.abs(a / 2) };
}

/**
 * Where a label goes, in pixels: the point itself, the middle of the longest line part, or the
 * centroid of the largest polygon's outer ring. Depends only on the geometry, so the same label
 * lands at the same map position on neighbouring tiles.
 */
export function labelAnchor(g: Geometry, proj: Projector): Anchor | null {
  switch (g.type) {
    case 'Point': {
      const xy = project(proj, [g.coordinates]);
      return xy.length ? { x: xy[0]!, y: xy[1]!, kind: 'point' } : null;
    }
    case 'MultiPoint': {
      const xy = project(proj, g.coordinates.slice(0, 1));
      return xy.length ? { x: xy[0]!, y: xy[1]!, kind: 'point' } : null;
    }
    case 'LineString':
    case 'MultiLineString': {
      const parts = g.type === 'LineString' ? [g.coordinates] : g.coordinates;
      let best: { x: number; y: number; length: number } | null = null;
      for (const part of parts) {
        const m = lineMiddle(project(proj, part));
        if (m && (!best || m.length > best.length)) best = m;
      }
      return best ? { x: best.x, y: best.y, kind: 'line' } : null;
    }
    case 'Polygon':
    case 'MultiPolygon': {
      const polys = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
      let best: { x: number; y: number; area: number } | null = null;
      for (const poly of polys) {
        const outer = poly[0];
        if (!outer) continue;
        const c = ringCentroid(project(proj, outer));
        if (c && (!best || c.area > best.area)) best = c;
      }
      return best ? { x: best.x, y: best.y, kind: 'area' } : null;
    }
    case 'GeometryCollection':
      for (const member of g.geometries) {
        const a = member ? labelAnchor(member, proj) : null;
        if (a) return a;
      }
      return null;
  }
  return null;
}
