// The yearly lines: each is the base (Natural Earth) line moved along its normal by a smooth seeded
// offset = trend (m/yr, long-wave noise plus a regional bias) x (year - 2562) + a small yearly
// wobble. Positive offsets go seaward (accretion), negative landward (erosion). Everything
// measured from these lines (areas, rates) is then computed by PostGIS.

import { offsetLine, type LonLat } from './geo.ts';
import { loopNoise, Rng, smoothNoise } from './prng.ts';
import type { ParentLine } from './segments.ts';

export const BASE_YEAR = 2562;

/** Long-term tendency by province (m/yr): the muddy upper Gulf erodes fastest. */
const REGIONAL_BIAS: Readonly<Record<string, number>> = {
  '10': -4.5, '11': -3.5, '74': -3, '75': -2, '76': -1, '90': -0.6, '94': -0.8, '96': -1.2,
};

function drawTrend(r: Rng): number {
  const u = r.next();
  if (u < 0.12) return -5.5 - Math.abs(r.normal()) * 2.5; // erosion hot spot
  if (u < 0.18) return 5 + Math.abs(r.normal()) * 2; // strong accretion (river mouths, spits)
  return -0.6 + r.normal() * 1.8;
}

function smoothed(values: readonly number[], radius: number): number[] {
  return values.map((_, i) => {
    let sum = 0;
    let n = 0;
    for (let k = Math.max(0, i - radius); k <= Math.min(values.length - 1, i + radius); k++) {
      sum += values[k]!;
      n++;
    }
    return sum / n;
  });
}

interface OffsetModel {
  trend: number[];
  wobble: (year: number) => number[];
}

function offsetModel(parent: ParentLine, rng: Rng): OffsetModel {
  const length = parent.cum[parent.cum.length - 1]!;
  const r = rng.fork(parent.id);
  if (parent.closed) {
    const scale = parent.zone === 'lake_island' ? 0.5 : 1;
    const trendFn = loopNoise(r.fork('trend'), length, Math.max(2, Math.round(length / 8000)), 2.4 * scale);
    const mean = -0.3 * scale;
    return {
      trend: parent.cum.map((s) => mean + trendFn(s)),
      wobble: (year) => {
        const fn = loopNoise(r.fork(`wobble:${year}`), length, Math.max(3, Math.round(length / 3000)), 1.2);
        return parent.cum.map((s) => fn(s));
      },
    };
  }
  const scale = parent.zone === 'lake_land' ? 0.5 : 1;
  const trendFn = smoothNoise(r.fork('trend'), 7000, length, drawTrend);
  const bias = smoothed(parent.prvAt.map((p) => REGIONAL_BIAS[p] ?? 0), 12);
  return {
    trend: parent.cum.map((s, i) => (trendFn(s) + bias[i]!) * scale),
    wobble: (year) => {
      const fn = smoothNoise(r.fork(`wobble:${year}`), 2500, length, (x) => x.normal() * 2);
      return parent.cum.map((s) => fn(s));
    },
  };
}

const round7 = (p: LonLat): LonLat => [Math.round(p[0] * 1e7) / 1e7, Math.round(p[1] * 1e7) / 1e7];

/** parent id -> year -> the whole parent line of that year. */
export type YearLines = Map<string, Map<number, LonLat[]>>;

export function buildYearLines(parents: readonly ParentLine[], years: readonly number[], seed: string): YearLines {
  const rng = new Rng(seed).fork('year-lines');
  const out: YearLines = new Map();
  for (const parent of parents) {
    const model = offsetModel(parent, rng);
    const byYear = new Map<number, LonLat[]>();
    for (const year of years) {
      const wobble = model.wobble(year);
      const line = offsetLine(parent.base, (i) => model.trend[i]! * (year - BASE_YEAR) + wobble[i]!, parent.closed).map(round7);
      if (parent.closed) line[line.length - 1] = line[0]!;
      byYear.set(year, line);
    }
    out.set(parent.id, byYear);
  }
  return out;
}
