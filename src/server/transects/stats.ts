// Shoreline-change statistics of one transect (USGS DSAS definitions), from the distance of each
// year's line along the transect (metres, + seaward):
//   NSM  net shoreline movement: distance of the latest year - distance of the earliest year (m)
//   SCE  shoreline change envelope: largest - smallest distance (m)
//   EPR  end point rate: NSM / (latest year - earliest year) (m/yr)
//   LRR  linear regression rate: ordinary least-squares slope of distance on year (m/yr), over
//        every valid year of the period as DSAS computes it (basis 'dsas', the default), or over
//        the valid years that are not outliers (basis 'robust'); with its standard error, the half-width of its 95 %
//        confidence interval (Student t, n - 2 degrees of freedom, computed exactly), R² and the
//        two-sided p-value of slope = 0. Equal to PostgreSQL's regr_slope / regr_r2 / regr_count,
//        but for a transect whose every distance is equal: R² and p are null there (nothing moved,
//        so there is no variance to explain), where regr_r2 says 1.
// Outliers (MAD rule): residuals from a robust Theil-Sen line; a year whose residual differs from
// the median residual by more than outlierMadK x 1.4826 x MAD and by more than outlierMinM metres
// is an outlier (looked for only with >= outlierMinYears valid years, and never leaving fewer than
// 3 years); outliers are listed, and left out of the robust rate only (lrr_robust, always given;
// the LRR fields on basis 'robust'). NSM, SCE, EPR and the DSAS LRR use every valid year.
// Quality flags: 'few_years' (fewer than minYears valid years), 'angle' (the standard deviation of
// the angles between the transect and the yearly lines exceeds angleStdMaxDeg).
// Rate class: SPEC.md §9 class of LRR (rateClass in config.ts), null without LRR.

import { rateClass, STATS_CONFIG, type RateClass } from './config.ts';

interface YearPoint {
  year: number;
  /** Null (or a non-finite value, as PostgreSQL's 'NaN') where the line was not measured: left out. */
  distance: number | null;
  /** Crossing angle in degrees (90 = perpendicular), when known. */
  angle?: number | null;
}

type QualityFlag = 'few_years' | 'angle';

/** Which regression is the transect's rate (drives class, colour, totals, downloads). */
export const RATE_BASES = ['dsas', 'robust'] as const;
export type RateBasis = (typeof RATE_BASES)[number];

export interface TransectStats {
  n: number;
  first_year: number | null;
  last_year: number | null;
  nsm: number | null;
  sce: number | null;
  epr: number | null;
  n_lrr: number;
  lrr: number | null;
  lrr_intercept: number | null;
  lrr_se: number | null;
  lrr_ci95: number | null;
  r2: number | null;
  p_value: number | null;
  significant: boolean;
  /** The regression the LRR fields above are of. */
  rate_basis: RateBasis;
  /** LRR without the outlier years (the 'robust' basis), whatever the basis. */
  lrr_robust: number | null;
  outlier_years: number[];
  angle_std: number | null;
  flags: QualityFlag[];
  rate_class: RateClass | null;
}

const median = (values: readonly number[]): number => {
  // A typed array sorts numerically without a comparator call: a third of a province's statistics time.
  const s = Float64Array.from(values).sort();
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

// --- Student t distribution (regularized incomplete beta, Numerical Recipes' continued fraction) ---

function logGamma(x: number): number {
  const c = [76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5];
  let y = x;
  const tmp = x + 5.5 - (x + 0.5) * Math.log(x + 5.5);
  let ser = 1.000000000190015;
  for (const ci of c) ser += ci / ++y;
  return -tmp + Math.log((2.5066282746310005 * ser) / x);
}

function betacf(a: number, b: number, x: number): number {
  const FPMIN = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < FPMIN) d = FPMIN;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = 1 + aa / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d;
    if (Math.abs(d) < FPMIN) d = FPMIN;
    c = 1 + aa / c;
    if (Math.abs(c) < FPMIN) c = FPMIN;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-14) break;
  }
  return h;
}

/** Regularized incomplete beta I_x(a, b). */
function betaInc(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const bt = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (bt * betacf(a, b, x)) / a : 1 - (bt * betacf(b, a, 1 - x)) / b;
}

/** Two-sided p-value P(|T| > |t|) of Student's t with df degrees of freedom. */
export function tTwoSided(t: number, df: number): number {
  if (!Number.isFinite(t)) return 0;
  return betaInc(df / (df + t * t), df / 2, 0.5);
}

const quantileCache = new Map<string, number>();
/** The t with P(|T| > t) = alpha (e.g. 12.706 for df 1, 2.776 for df 4 at alpha 0.05), by bisection. */
export function tCritical(df: number, alpha = STATS_CONFIG.alpha): number {
  const key = `${df}:${alpha}`;
  const hit = quantileCache.get(key);
  if (hit !== undefined) return hit;
  let lo = 0;
  let hi = 1e4;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (tTwoSided(mid, df) > alpha) lo = mid;
    else hi = mid;
  }
  const t = (lo + hi) / 2;
  quantileCache.set(key, t);
  return t;
}

// --- regression ---

interface Fit {
  n: number;
  slope: number;
  intercept: number;
  r2: number | null;
  se: number | null;
  /** Residual standard error, mean year and sum of squares of years (for a confidence band). */
  s: number | null;
  xMean: number;
  sxx: number;
}

/** Ordinary least squares of y on x (null with fewer than 2 points or one x). */
export function ols(points: readonly { x: number; y: number }[]): Fit | null {
  const n = points.length;
  if (n < 2) return null;
  const xMean = points.reduce((s, p) => s + p.x, 0) / n;
  const yMean = points.reduce((s, p) => s + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const p of points) {
    sxx += (p.x - xMean) ** 2;
    sxy += (p.x - xMean) * (p.y - yMean);
    syy += (p.y - yMean) ** 2;
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const intercept = yMean - slope * xMean;
  const r2 = syy === 0 ? null : (sxy * sxy) / (sxx * syy);
  const sse = Math.max(0, syy - slope * sxy);
  const s = n > 2 ? Math.sqrt(sse / (n - 2)) : null;
  return { n, slope, intercept, r2, se: s === null ? null : s / Math.sqrt(sxx), s, xMean, sxx };
}

/** Theil-Sen line: median of pairwise slopes, median intercept. */
function theilSen(points: readonly { x: number; y: number }[]): { slope: number; intercept: number } {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++) {
      if (points[j]!.x !== points[i]!.x) slopes.push((points[j]!.y - points[i]!.y) / (points[j]!.x - points[i]!.x));
    }
  }
  const slope = slopes.length ? median(slopes) : 0;
  return { slope, intercept: median(points.map((p) => p.y - slope * p.x)) };
}

/** Years whose residual from the robust line breaks the MAD rule (see the file comment). */
export function madOutliers(points: readonly { x: number; y: number }[], config = STATS_CONFIG): number[] {
  if (points.length < config.outlierMinYears) return [];
  const line = theilSen(points);
  const residuals = points.map((p) => p.y - (line.intercept + line.slope * p.x));
  const mid = median(residuals);
  const mad = median(residuals.map((r) => Math.abs(r - mid)));
  const limit = Math.max(config.outlierMadK * 1.4826 * mad, config.outlierMinM);
  const out = points
    .map((p, i) => ({ x: p.x, dev: Math.abs(residuals[i]! - mid) }))
    .filter((p) => p.dev > limit)
    .sort((a, b) => b.dev - a.dev);
  // never leave fewer than 3 years for the regression
  return out.slice(0, Math.max(0, points.length - 3)).map((p) => p.x).sort((a, b) => a - b);
}

function std(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = values.reduce((s, v) => s + v, 0) / values.length;
  return Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / (values.length - 1));
}

/** Statistics of one transect over the given years (points outside the period must be left out by the caller). */
export function transectStats(input: readonly YearPoint[], config = STATS_CONFIG, basis: RateBasis = 'dsas'): TransectStats & { fit: Fit | null } {
  const pts = input.filter((p): p is YearPoint & { distance: number } => typeof p.distance === 'number' && Number.isFinite(p.distance)).sort((a, b) => a.year - b.year);
  const n = pts.length;
  const first = pts[0];
  const last = pts[n - 1];
  const nsm = n >= 2 ? last!.distance - first!.distance : null;
  const span = n >= 2 ? last!.year - first!.year : 0;
  const ds = pts.map((p) => p.distance);
  const xy = pts.map((p) => ({ x: p.year, y: p.distance }));
  const outliers = madOutliers(xy, config);
  const kept = xy.filter((p) => !outliers.includes(p.x));
  const robust = ols(kept);
  const fit = basis === 'robust' ? robust : ols(xy);
  const df = fit ? fit.n - 2 : 0;
  const t = fit && fit.se !== null && df >= 1 ? tCritical(df, config.alpha) : null;
  let p: number | null = null;
  // A perfect line is certain (p = 0); no movement at all has no p (null, as its R²).
  if (fit && fit.se !== null && df >= 1 && fit.r2 !== null) p = fit.se === 0 ? 0 : tTwoSided(fit.slope / fit.se, df);
  const angles = pts.map((q) => q.angle).filter((a): a is number => typeof a === 'number' && Number.isFinite(a));
  const angleStd = std(angles);
  const flags: QualityFlag[] = [];
  if (n < config.minYears) flags.push('few_years');
  if (angleStd !== null && angleStd > config.angleStdMaxDeg) flags.push('angle');
  const lrr = fit ? fit.slope : null;
  return {
    n,
    first_year: first?.year ?? null,
    last_year: last?.year ?? null,
    nsm,
    sce: n >= 1 ? Math.max(...ds) - Math.min(...ds) : null,
    epr: nsm !== null && span > 0 ? nsm / span : null,
    n_lrr: fit?.n ?? (basis === 'robust' ? kept : xy).length,
    lrr,
    lrr_intercept: fit ? fit.intercept : null,
    lrr_se: fit?.se ?? null,
    lrr_ci95: t !== null && fit?.se != null ? t * fit.se : null,
    r2: fit?.r2 ?? null,
    p_value: p,
    significant: p !== null && p < config.alpha,
    rate_basis: basis,
    lrr_robust: robust ? robust.slope : null,
    outlier_years: outliers,
    angle_std: angleStd,
    flags,
    rate_class: rateClass(lrr),
    fit,
  };
}

/** Fitted value and confidence band (95 %) of the mean shoreline position at each year. */
export function confidenceBand(fit: Fit | null, years: readonly number[], alpha = STATS_CONFIG.alpha): { year: number; fit: number | null; lower: number | null; upper: number | null }[] {
  return years.map((year) => {
    if (!fit) return { year, fit: null, lower: null, upper: null };
    const y = fit.intercept + fit.slope * year;
    if (fit.s === null || fit.n < 3) return { year, fit: y, lower: null, upper: null };
    const half = tCritical(fit.n - 2, alpha) * fit.s * Math.sqrt(1 / fit.n + (year - fit.xMean) ** 2 / fit.sxx);
    return { year, fit: y, lower: y - half, upper: y + half };
  });
}
