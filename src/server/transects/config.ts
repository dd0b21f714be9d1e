// Transect and statistics constants (issue 14). Changing a build constant needs
// `npm run transects:rebuild`; statistics constants apply to the next request.

export const TRANSECT_CONFIG = {
  /** Target spacing between transects along the baseline (m); each part gets round(length / spacing) of them. */
  spacingM: 100,
  /** Whole transect length (m), centred on the baseline: half landward, half seaward. */
  lengthM: 1000,
  /** Chaikin smoothing iterations applied to the baseline (the oldest year's line). */
  smoothingIterations: 2,
  /** Probe distances (m) either side of the baseline for the land test that decides seaward. */
  landProbesM: [150, 400] as readonly number[],
  /** The land test probes every n-th station of a baseline part (1 = all). */
  landProbeEvery: 5,
} as const;

export const STATS_CONFIG = {
  /** Fewer valid years than this: quality flag 'few_years' (LRR needs 3 for an error estimate). */
  minYears: 3,
  /** Outliers are looked for only with at least this many valid years. */
  outlierMinYears: 5,
  /** MAD rule: |residual - median| > k * 1.4826 * MAD ... */
  outlierMadK: 3,
  /** ... and more than this many metres (the lines' own precision). */
  outlierMinM: 5,
  /** Standard deviation (degrees) of the transect-line angles above which the flag 'angle' is set. */
  angleStdMaxDeg: 20,
  /** Two-sided significance level of the LRR trend (95 % interval). */
  alpha: 0.05,
} as const;

/** SPEC.md §9 rate classes, as db function change_rate_class (each class includes its lower bound). */
export const RATE_CLASSES = [
  'severe_erosion', 'moderate_erosion', 'low_erosion', 'none', 'low_accretion', 'moderate_accretion', 'severe_accretion',
] as const;
export type RateClass = (typeof RATE_CLASSES)[number];

export function rateClass(rate: number | null): RateClass | null {
  if (rate === null || !Number.isFinite(rate)) return null;
  const r = Math.round(rate * 100) / 100;
  if (r < -5) return 'severe_erosion';
  if (r < -1) return 'moderate_erosion';
  if (r < 0) return 'low_erosion';
  if (r === 0) return 'none';
  if (r < 1) return 'low_accretion';
  if (r < 5) return 'moderate_accretion';
  return 'severe_accretion';
}
