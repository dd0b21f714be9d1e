// How much of a yearlines layer deck.gl draws at a zoom level (issue 25 measures): each year's
// lines simplified to the level's pixel size and at most one transect point per pixel. Under
// SwiftShader a frame of the province with the most transects took 0.5-1 s with every vertex of
// every year's lines (about 11,500, mostly closer together than a pixel at the province's zoom);
// simplified, it draws in about the time of the base map. Made once per level and kept, so that a
// step of the slider or a move within the level changes no deck.gl data. The feature drawer's hit
// test (hits.ts) still reads the full lines and every point.
import type { PreparedYearlines, TransectPoint, YearPath } from './prepare.ts';

type Position = readonly [number, number];

/** Web Mercator degrees of longitude per CSS pixel at `zoom` (MapLibre's 512-pixel tiles). */
export function pixelDegrees(zoom: number): number {
  return 360 / (512 * 2 ** zoom);
}

/** `path` without the vertices within `tolerance` (degrees) of the line through the ones kept
 *  (Douglas-Peucker); the first and last vertices stay. */
export function simplifyPath<P extends Position>(path: readonly P[], tolerance: number): P[] {
  if (path.length < 3) return [...path];
  const keep = new Uint8Array(path.length);
  keep[0] = keep[path.length - 1] = 1;
  const spans: Array<[number, number]> = [[0, path.length - 1]];
  const limit = tolerance * tolerance;
  while (spans.length > 0) {
    const [a, b] = spans.pop()!;
    const [ax, ay] = path[a]!;
    const [dx, dy] = [path[b]![0] - ax, path[b]![1] - ay];
    const length2 = dx * dx + dy * dy;
    let farthest = -1;
    let farthestD = limit;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = [path[i]![0] - ax, path[i]![1] - ay];
      const t = length2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / length2)) : 0;
      const d = (px - t * dx) ** 2 + (py - t * dy) ** 2;
      if (d > farthestD) [farthest, farthestD] = [i, d];
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    spans.push([a, farthest], [farthest, b]);
  }
  return path.filter((_, i) => keep[i] === 1);
}

/** A transect point drawn, with its place in the prepared points (its colour's index). */
export interface DrawnPoint {
  position: TransectPoint['position'];
  index: number;
}

/** The first of the points in each `cell`-degree square. */
export function thinPoints(points: readonly TransectPoint[], cell: number): DrawnPoint[] {
  const taken = new Set<string>();
  return points.flatMap(({ position }, index) => {
    const key = `${Math.floor(position[0] / cell)},${Math.floor(position[1] / cell)}`;
    if (taken.has(key)) return [];
    taken.add(key);
    return [{ position, index }];
  });
}

interface YearlinesDetail {
  byYear: Array<{ year: number; paths: YearPath[] }>;
  points: DrawnPoint[];
}

const made = new WeakMap<PreparedYearlines, Map<number, YearlinesDetail>>();

/** What is drawn at zoom `level` (an integer): simplified to a pixel of the level's top zoom
 *  (level + 1), so that no zoom of the level shows more than a pixel's difference. */
export function detailAt(p: PreparedYearlines, level: number): YearlinesDetail {
  let levels = made.get(p);
  if (!levels) made.set(p, (levels = new Map()));
  let detail = levels.get(level);
  if (!detail) {
    const pixel = pixelDegrees(level + 1);
    detail = {
      byYear: p.byYear.map(({ year, paths }) => ({ year, paths: paths.map((path) => ({ ...path, path: simplifyPath(path.path, pixel) })) })),
      points: thinPoints(p.points, pixel),
    };
    levels.set(level, detail);
  }
  return detail;
}
