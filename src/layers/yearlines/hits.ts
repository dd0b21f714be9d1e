// What a click on the year slider's layer hits (issue 25 leftover: its feature information): the
// nearest transect point, and the topmost line drawn under the click (the year shown, else the
// latest of the faint earlier years), with the fields the drawer shows in Thai from the glossary
// (start_year, end_year, epr; line_year). deck.gl draws them, so MapLibre cannot query them:
// this reads the prepared data, with distances in degrees of longitude scaled by the latitude.
import { rateUpTo, type PreparedYearlines, type TransectPoint } from './prepare.ts';

type Lonlat = readonly [number, number];

interface YearlinesHit {
  id: string;
  properties: Record<string, unknown>;
}

/** Squared distance from `p` to the segment a-b, in degrees with longitude scaled by `k`. */
function segmentDistance2(p: Lonlat, a: Lonlat, b: Lonlat, k: number): number {
  const [px, py] = [(p[0] - a[0]) * k, p[1] - a[1]];
  const [dx, dy] = [(b[0] - a[0]) * k, b[1] - a[1]];
  const length2 = dx * dx + dy * dy;
  const t = length2 > 0 ? Math.max(0, Math.min(1, (px * dx + py * dy) / length2)) : 0;
  return (px - t * dx) ** 2 + (py - t * dy) ** 2;
}

function nearestPoint(points: readonly TransectPoint[], at: Lonlat, radius: number, k: number): TransectPoint | null {
  let best: TransectPoint | null = null;
  let bestD = radius * radius;
  for (const point of points) {
    const d = ((point.position[0] - at[0]) * k) ** 2 + (point.position[1] - at[1]) ** 2;
    if (d <= bestD) [best, bestD] = [point, d];
  }
  return best;
}

/** The topmost year at or before `year` with a line within `radius` of `at`. */
function lineYearAt(p: PreparedYearlines, year: number, at: Lonlat, radius: number, k: number): number | null {
  const drawn = p.byYear.filter((y) => y.year <= year).sort((a, b) => (a.year === year ? -1 : b.year === year ? 1 : b.year - a.year));
  const near = (path: readonly Lonlat[]) => path.some((a, i) => i > 0 && segmentDistance2(at, path[i - 1]!, a, k) <= radius * radius);
  return drawn.find((y) => y.paths.some((path) => near(path.path)))?.year ?? null;
}

/** The features of `p` drawn for `year` within `radius` degrees (of latitude) of `at`. */
export function yearlinesHitsAt(p: PreparedYearlines, year: number, at: Lonlat, radius: number): YearlinesHit[] {
  const k = Math.cos((at[1] * Math.PI) / 180);
  const index = p.years.indexOf(year);
  const point = index >= 0 ? nearestPoint(p.points, at, radius, k) : null;
  const lineYear = lineYearAt(p, year, at, radius, k);
  const hits: YearlinesHit[] = [];
  if (point) {
    const from = point.distances.findIndex((d) => d !== null && d !== undefined);
    const rate = rateUpTo(point, p.years, index);
    const properties = { ...(point.gid !== undefined ? { gid: point.gid } : {}), ...(rate !== null ? { start_year: p.years[from], end_year: year, epr: rate } : {}) };
    hits.push({ id: `${p.id}:transect:${String(point.gid ?? point.position.join(','))}`, properties });
  }
  if (lineYear !== null) hits.push({ id: `${p.id}:line:${lineYear}`, properties: { line_year: lineYear } });
  return hits;
}
