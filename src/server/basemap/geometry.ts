import type { Position } from 'geojson';

/** [west, south, east, north] in degrees. */
export type BBox = readonly [number, number, number, number];

// 1e-3 degree is ~110 m, still finer than the source grid (world-atlas quantises 10m data to
// ~0.0036 degree), and it keeps the download and its parsing in the browser small.
const PRECISION = 1e3;

function boundsOf(points: readonly Position[]): BBox {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x = 0, y = 0] of points) {
    west = Math.min(west, x);
    east = Math.max(east, x);
    south = Math.min(south, y);
    north = Math.max(north, y);
  }
  return [west, south, east, north];
}

function contains(outer: BBox, inner: BBox): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

function disjoint(a: BBox, b: BBox): boolean {
  return a[2] < b[0] || a[0] > b[2] || a[3] < b[1] || a[1] > b[3];
}

/** Rounds to `precision` (steps per degree) and drops the repeated points rounding creates. */
function rounded(points: readonly Position[], precision = PRECISION): Position[] {
  const out: Position[] = [];
  for (const [x = 0, y = 0] of points) {
    const point = [Math.round(x * precision) / precision, Math.round(y * precision) / precision];
    const last = out.at(-1);
    if (!last || last[0] !== point[0] || last[1] !== point[1]) out.push(point);
  }
  return out;
}

/** One Sutherland-Hodgman pass: keeps the part of an open ring on one side of an axis-parallel line. */
function clipToHalfPlane(ring: readonly Position[], axis: 0 | 1, limit: number, keepAbove: boolean): Position[] {
  const inside = (p: Position): boolean => (keepAbove ? p[axis]! >= limit : p[axis]! <= limit);
  const crossing = (a: Position, b: Position): Position => {
    const t = (limit - a[axis]!) / (b[axis]! - a[axis]!);
    const point = [a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)];
    point[axis] = limit; // exact, so neighbouring pieces share the edge
    return point;
  };
  const out: Position[] = [];
  let previous = ring.at(-1);
  for (const current of ring) {
    if (previous === undefined) break;
    if (inside(current)) {
      if (!inside(previous)) out.push(crossing(previous, current));
      out.push(current);
    } else if (inside(previous)) {
      out.push(crossing(previous, current));
    }
    previous = current;
  }
  return out;
}

/**
 * Clips a closed ring to the box and rounds it to `precision` steps per degree; null when nothing
 * of it is left. Parts along the box edge may become zero-width slivers, harmless for a fill.
 */
export function clipRing(ring: readonly Position[], box: BBox, precision = PRECISION): Position[] | null {
  const bounds = boundsOf(ring);
  if (disjoint(bounds, box)) return null;
  let open = ring.slice(0, -1);
  if (!contains(box, bounds)) {
    open = clipToHalfPlane(open, 0, box[0], true);
    open = clipToHalfPlane(open, 0, box[2], false);
    open = clipToHalfPlane(open, 1, box[1], true);
    open = clipToHalfPlane(open, 1, box[3], false);
  }
  const result = rounded(open, precision);
  const first = result[0];
  if (result.length < 3 || first === undefined) return null;
  return [...result, first];
}

/** Liang-Barsky: the part of segment a-b inside the box, reusing a and b when they are inside. */
function clipSegment(a: Position, b: Position, box: BBox): [Position, Position] | null {
  const [ax = 0, ay = 0] = a;
  const [dx, dy] = [b[0]! - ax, b[1]! - ay];
  let [enter, leave] = [0, 1];
  const edges: Array<[number, number]> = [[-dx, ax - box[0]], [dx, box[2] - ax], [-dy, ay - box[1]], [dy, box[3] - ay]];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null; // parallel to this edge and outside it
      continue;
    }
    const t = q / p;
    if (p < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
    if (enter > leave) return null;
  }
  const at = (t: number): Position => [ax + t * dx, ay + t * dy];
  return [enter === 0 ? a : at(enter), leave === 1 ? b : at(leave)];
}

/** Clips a line to the box, splitting it where it leaves and re-enters; rounded like rings. */
export function clipLine(line: readonly Position[], box: BBox): Position[][] {
  if (disjoint(boundsOf(line), box)) return [];
  const pieces: Position[][] = [];
  let piece: Position[] = [];
  for (let i = 1; i < line.length; i++) {
    const segment = clipSegment(line[i - 1]!, line[i]!, box);
    if (!segment) continue;
    // A segment continues the piece only if it starts at the very point the piece ended.
    if (piece.at(-1) !== segment[0]) {
      pieces.push(piece);
      piece = [segment[0]];
    }
    piece.push(segment[1]);
  }
  pieces.push(piece);
  return pieces.map((piece) => rounded(piece)).filter((p) => p.length >= 2);
}
