// Transect statistics (src/server/transects/stats.ts) on hand-computed and constructed cases.
import { describe, expect, it } from 'vitest';
import { rateClass } from '../../../src/server/transects/config.ts';
import { madOutliers, ols, tCritical, tTwoSided, transectStats } from '../../../src/server/transects/stats.ts';

describe('transect statistics', () => {
  it('a hand-computed case', () => {
    // years 2562..2566, distances 0, -2, -3, -7, -8: x̄ = 2564, ȳ = -4, Sxx = 10, Sxy = -21, Syy = 46
    // slope -2.1, SSE = 46 - 2.1*21 = 1.9, s² = 1.9/3, SE = sqrt(0.19/3) = 0.25166, t(0.975, 3) = 3.18245
    const s = transectStats([0, -2, -3, -7, -8].map((distance, i) => ({ year: 2562 + i, distance, angle: 90 })));
    expect(s.n).toBe(5);
    expect(s.nsm).toBeCloseTo(-8, 10);
    expect(s.sce).toBeCloseTo(8, 10);
    expect(s.epr).toBeCloseTo(-2, 10);
    expect(s.lrr).toBeCloseTo(-2.1, 10);
    expect(s.lrr_se).toBeCloseTo(0.251661, 5);
    expect(s.lrr_ci95).toBeCloseTo(3.182446 * 0.251661, 4);
    expect(s.r2).toBeCloseTo(441 / 460, 10);
    // t = -8.34455 with 3 df; closed form for 3 df: F(t) = 1/2 + (t/(√3(1+t²/3)) + atan(t/√3))/π, p = 0.0036079
    expect(s.p_value).toBeCloseTo(0.0036079, 6);
    expect(s.significant).toBe(true);
    expect(s.outlier_years).toEqual([]);
    expect(s.flags).toEqual([]);
    expect(s.rate_class).toBe('moderate_erosion');
  });

  it('a shoreline that never moved: R² and p are null, not 1 (issue 27 item 9)', () => {
    const s = transectStats([2558, 2560, 2562, 2564, 2566].map((year) => ({ year, distance: 12.5 })));
    expect(s.lrr).toBe(0);
    expect(s.r2).toBeNull();
    expect(s.p_value).toBeNull();
    expect(s.significant).toBe(false);
  });

  it('a perfect line is certain: R² 1, p 0', () => {
    const s = transectStats([2558, 2560, 2562, 2564].map((year) => ({ year, distance: (year - 2558) * 1.5 })));
    expect(s.r2).toBe(1);
    expect(s.p_value).toBe(0);
  });

  it('a non-finite distance (PostgreSQL NaN reaches JSON as the string "NaN") is left out', () => {
    const years = [0, -2, -3, -7, -8].map((distance, i) => ({ year: 2562 + i, distance: distance as number | null }));
    const withNaN = transectStats([...years, { year: 2567, distance: 'NaN' as unknown as number }, { year: 2568, distance: null }]);
    expect(withNaN).toEqual(transectStats(years));
  });

  it('t distribution against tabulated values', () => {
    expect(tCritical(1)).toBeCloseTo(12.7062, 3);
    expect(tCritical(4)).toBeCloseTo(2.7764, 4);
    expect(tCritical(10)).toBeCloseTo(2.2281, 4);
    expect(tTwoSided(2.2281, 10)).toBeCloseTo(0.05, 4);
  });

  it('MAD outliers are listed and left out of the robust rate only; the DSAS LRR keeps every year (issue 27 item 8)', () => {
    const pts = [0, -1, -2, 25, -4, -5, -6].map((distance, i) => ({ year: 2562 + i, distance }));
    expect(madOutliers(pts.map((p) => ({ x: p.year, y: p.distance })))).toEqual([2565]);
    const dsas = transectStats(pts);
    const all = ols(pts.map((p) => ({ x: p.year, y: p.distance })))!;
    expect(dsas.rate_basis).toBe('dsas');
    expect(dsas.outlier_years).toEqual([2565]);
    expect(dsas.n).toBe(7);
    expect(dsas.n_lrr).toBe(7);
    expect(dsas.lrr).toBeCloseTo(all.slope, 12);
    expect(dsas.lrr_robust).toBeCloseTo(-1, 10);
    expect(dsas.sce).toBe(31); // every valid year
    expect(dsas.nsm).toBe(-6);
    const robust = transectStats(pts, undefined, 'robust');
    expect(robust.rate_basis).toBe('robust');
    expect(robust.n_lrr).toBe(6);
    expect(robust.lrr).toBeCloseTo(-1, 10);
    expect(robust.rate_class).toBe('low_erosion');
    expect(robust.lrr_robust).toBe(robust.lrr);
    // too few years to look for outliers; small wobble is not an outlier
    expect(transectStats(pts.slice(0, 4)).outlier_years).toEqual([]);
    expect(transectStats([0, -1.5, -2, -3.4, -4].map((distance, i) => ({ year: 2562 + i, distance }))).outlier_years).toEqual([]);
  });

  it('quality flags: few years, angular variability', () => {
    const few = transectStats([{ year: 2562, distance: 0 }, { year: 2567, distance: -10 }]);
    expect(few.flags).toEqual(['few_years']);
    expect(few.epr).toBe(-2);
    expect(few.lrr).toBe(-2);
    expect(few.lrr_se).toBeNull();
    expect(few.p_value).toBeNull();
    expect(few.significant).toBe(false);
    const angles = [90, 40, 85, 30, 88, 35];
    const turned = transectStats(angles.map((angle, i) => ({ year: 2562 + i, distance: -i, angle })));
    expect(turned.flags).toEqual(['angle']);
    expect(transectStats([]).n).toBe(0);
  });

  it('a transect missing a year counts n right', () => {
    const s = transectStats([2562, 2563, 2565, 2566, 2567].map((year) => ({ year, distance: (year - 2562) * 2 })));
    expect(s.n).toBe(5);
    expect(s.first_year).toBe(2562);
    expect(s.lrr).toBeCloseTo(2, 10);
    expect(s.epr).toBeCloseTo(2, 10);
  });

  it('rate classes of SPEC.md §9', () => {
    expect([-7, -5.001, -5, -1, -0.5, 0, 0.001, 0.5, 1, 4.99, 5, 8].map(rateClass)).toEqual([
      'severe_erosion', 'moderate_erosion', 'moderate_erosion', 'low_erosion', 'low_erosion', 'none', 'none',
      'low_accretion', 'moderate_accretion', 'moderate_accretion', 'severe_accretion', 'severe_accretion',
    ]);
  });
});
