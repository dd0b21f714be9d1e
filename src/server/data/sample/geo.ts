// Plain lon/lat geometry helpers for building the sample lines (metres via a local equirectangular
// approximation, good to well under 1% at these distances and latitudes).

export type LonLat = [number, number];

const M_PER_DEG_LAT = 110_540;
const M_PER_DEG_LON_EQ = 111_320;

function metresPerDegLon(lat: number): number {
  return M_PER_DEG_LON_EQ * Math.cos((lat * Math.PI) / 180);
}

export function distance(a: LonLat, b: LonLat): number {
  const lat = (a[1] + b[1]) / 2;
  return Math.hypot((b[0] - a[0]) * metresPerDegLon(lat), (b[1] - a[1]) * M_PER_DEG_LAT);
}

/** Cumulative distance (m) at each vertex. */
export function cumulative(line: readonly LonLat[]): number[] {
  const out = [0];
  for (let i = 1; i < line.length; i++) out.push(out[i - 1]! + distance(line[i - 1]!, line[i]!));
  return out;
}

/** Adds vertices so that no edge is longer than `step` metres. */
export function densify(line: readonly LonLat[], step: number): LonLat[] {
  const out: LonLat[] = [];
  for (let i = 0; i < line.length - 1; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const n = Math.max(1, Math.ceil(distance(a, b) / step));
    for (let k = 0; k < n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  out.push(line[line.length - 1]!);
  return out;
}

/** Drops vertices equal to the one before. */
export function dedupe(line: readonly LonLat[]): LonLat[] {
  return line.filter((p, i) => i === 0 || p[0] !== line[i - 1]![0] || p[1] !== line[i - 1]![1]);
}

/** Twice the signed area in degrees² (> 0: counter-clockwise). */
export function signedArea2(ring: readonly LonLat[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}

export function pointInRing(point: LonLat, ring: readonly LonLat[]): boolean {
  let inside = false;
  const [x, y] = point;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Index of the vertex nearest to `point`, searching vertices [from, to). */
export function nearestVertex(line: readonly LonLat[], point: LonLat, from = 0, to = line.length): number {
  let best = from;
  let bestD = Infinity;
  for (let i = from; i < to; i++) {
    const d = distance(line[i]!, point);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** Unit normal (east, north components in metres) to the right of the line at vertex i. */
export function rightNormal(line: readonly LonLat[], i: number, closed: boolean): [number, number] {
  const n = line.length;
  const prev = closed ? line[(i - 1 + n - 1) % (n - 1)]! : line[Math.max(0, i - 1)]!;
  const next = closed ? line[(i + 1) % (n - 1)]! : line[Math.min(n - 1, i + 1)]!;
  const lat = line[i]![1];
  const dx = (next[0] - prev[0]) * metresPerDegLon(lat);
  const dy = (next[1] - prev[1]) * M_PER_DEG_LAT;
  const len = Math.hypot(dx, dy) || 1;
  return [dy / len, -dx / len];
}

/**
 * Moves every vertex along its normal by `offset(i)` metres (positive = to the right, which for
 * our coastlines is seaward). A closed ring stays closed.
 */
export function offsetLine(line: readonly LonLat[], offset: (i: number) => number, closed = false): LonLat[] {
  const out = line.map((p, i): LonLat => {
    const [ex, ey] = rightNormal(line, i, closed);
    const d = offset(i);
    return [p[0] + (ex * d) / metresPerDegLon(p[1]), p[1] + (ey * d) / M_PER_DEG_LAT];
  });
  if (closed) out[out.length - 1] = out[0]!;
  return out;
}

/** The point `metres` east and north of `p`. */
export function moveBy(p: LonLat, east: number, north: number): LonLat {
  return [p[0] + east / metresPerDegLon(p[1]), p[1] + north / M_PER_DEG_LAT];
}

/** Rotates a ring so that it starts (and ends) at vertex `start`. */
export function rotateRing(ring: readonly LonLat[], start: number): LonLat[] {
  const open = ring.slice(0, -1);
  const out = [...open.slice(start), ...open.slice(0, start)];
  out.push(out[0]!);
  return out;
}

/** The part of a line between fractions f0 < f1 of its length. */
export function subLine(line: readonly LonLat[], f0: number, f1: number): LonLat[] {
  const cum = cumulative(line);
  const total = cum[cum.length - 1]!;
  const at = (s: number): LonLat => {
    let i = 1;
    while (i < line.length - 1 && cum[i]! < s) i++;
    const a = line[i - 1]!;
    const b = line[i]!;
    const t = cum[i]! === cum[i - 1]! ? 0 : (s - cum[i - 1]!) / (cum[i]! - cum[i - 1]!);
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  };
  const s0 = f0 * total;
  const s1 = f1 * total;
  const inner = line.filter((_, i) => cum[i]! > s0 && cum[i]! < s1);
  return [at(s0), ...inner, at(s1)];
}
