// Ring helpers shared by the shapefile writer and reader. The shapefile spec orders rings by
// winding: outer rings clockwise, holes counter-clockwise (x to the right, y up). GeoJSON
// (RFC 7946) uses the opposite, so both directions of the conversion re-wind every ring.

import type { Position } from 'geojson';

/** Shoelace area: positive for a counter-clockwise ring, negative for a clockwise one. */
export function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0, n = ring.length; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    sum += a[0]! * b[1]! - b[0]! * a[1]!;
  }
  return sum / 2;
}

export function isClockwise(ring: readonly Position[]): boolean {
  return signedArea(ring) < 0;
}

/** The ring in the requested winding (a copy when it has to turn, the same array otherwise). */
export function wound(ring: readonly Position[], clockwise: boolean): readonly Position[] {
  return isClockwise(ring) === clockwise ? ring : [...ring].reverse();
}

/** The ring with its last position equal to its first. */
export function closed(ring: readonly Position[]): readonly Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first === undefined || last === undefined) return ring;
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
}

/** 1 inside, -1 outside, 0 on the boundary. */
function pointInRingOrBoundary(x: number, y: number, ring: readonly Position[]): 1 | 0 | -1 {
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]! as [number, number];
    const [xj, yj] = ring[j]! as [number, number];
    const cross = (xj - xi) * (y - yi) - (yj - yi) * (x - xi);
    if (cross === 0 && x >= Math.min(xi, xj) && x <= Math.max(xi, xj) && y >= Math.min(yi, yj) && y <= Math.max(yi, yj)) return 0;
  }
  return pointInRing(x, y, ring) ? 1 : -1;
}

/** Whether `inner` lies inside `outer`, judged by its first vertex that is not on `outer`'s boundary. */
export function ringInside(inner: readonly Position[], outer: readonly Position[]): boolean {
  for (const position of inner) {
    const side = pointInRingOrBoundary(position[0]!, position[1]!, outer);
    if (side !== 0) return side === 1;
  }
  return true; // every vertex on the boundary: as good as inside
}

/** Even-odd point in ring test (points on the boundary may go either way). */
function pointInRing(x: number, y: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const xi = ring[i]![0]!;
    const yi = ring[i]![1]!;
    const xj = ring[j]![0]!;
    const yj = ring[j]![1]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
