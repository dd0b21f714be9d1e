// DSAS statistics of every transect of an area, computed by PostgreSQL / PGlite for the totals
// (issue 27 item 12): regr_* over every valid year of the period, the rate class, the significance
// and the EPR, without sending each transect's years to JavaScript (the whole sample coast: one
// statement instead of 40 000 yearly series). The same definitions as stats.ts on the 'dsas'
// basis, which tests/server/transects compares them with; Student's t quantiles come from stats.ts,
// bound as an array by degrees of freedom.
import { STATS_CONFIG } from './config.ts';
import { transectWhere, type Period, type TransectFilter } from './query.ts';
import { tCritical } from './stats.ts';
import type { StatsSource } from './totals.ts';

/** A StatsSource for totalsOf: gid, lrr, rate_class, significant, epr, full_period of each transect of `filter`. */
export function dsasStats(filter: TransectFilter, period: Period): StatsSource {
  const params: unknown[] = [period.start, period.end];
  // Degrees of freedom n - 2 run to the number of years in the period at most.
  const quantiles = Array.from({ length: period.end - period.start + 1 }, (_, i) => tCritical(i + 1, STATS_CONFIG.alpha));
  params.push(quantiles);
  const tcrit = `$${params.length}::double precision[]`;
  const condition = transectWhere(filter, params);
  // Non-finite distances are left out as stats.ts does (PostgreSQL sorts NaN above Infinity).
  // LATERAL: each transect of the area reads its own years through the primary key (transect_gid,
  // line_year), in year order. Grouping the period's rows of the whole table and joining the area
  // afterwards read every transect's years: a province's totals took 2-5x as long on PGlite, and
  // each of them holds PGlite's one connection (issue 29 aim 7). The whole coast costs the same.
  const sql = `
SELECT t.gid,
       CASE WHEN a.n >= 2 AND a.sxx > 0 THEN a.slope END AS lrr,
       change_rate_class(round((CASE WHEN a.n >= 2 AND a.sxx > 0 THEN a.slope END)::numeric, 2)::float8) AS rate_class,
       coalesce(a.n > 2 AND a.sxx > 0 AND a.syy > 0
         AND (a.sse = 0 OR abs(a.slope) / (sqrt(a.sse / (a.n - 2)) / sqrt(a.sxx)) > (${tcrit})[a.n - 2]), false) AS significant,
       CASE WHEN a.last_year > a.first_year THEN (a.last_d - a.first_d) / (a.last_year - a.first_year) END AS epr,
       coalesce(a.first_year = $1 AND a.last_year = $2, false) AS full_period
FROM transect t
CROSS JOIN LATERAL (
  SELECT r.*, greatest(r.syy - r.slope * r.sxy, 0) AS sse
  FROM (
    SELECT regr_count(d.distance, d.line_year)::integer AS n, regr_slope(d.distance, d.line_year) AS slope,
           regr_sxx(d.distance, d.line_year) AS sxx, regr_syy(d.distance, d.line_year) AS syy, regr_sxy(d.distance, d.line_year) AS sxy,
           min(d.line_year) AS first_year, max(d.line_year) AS last_year,
           (array_agg(d.distance ORDER BY d.line_year))[1] AS first_d, (array_agg(d.distance ORDER BY d.line_year DESC))[1] AS last_d
    FROM transect_distance d
    WHERE d.transect_gid = t.gid AND d.line_year BETWEEN $1 AND $2 AND d.distance > '-Infinity'::float8 AND d.distance < 'Infinity'::float8) r
) a
WHERE ${condition}`;
  return { sql, params };
}
