// Totals of transects for one area and period by province, district, sub-district or beach
// system (issue 14 item 3): km of coast per rate class, mean rate and mean EPR (per transect, and
// weighted by the coast each transect stands for), transects covering the whole period, share of
// transects with a significant trend (issue 27 item 10). The statistics of each transect come
// from a StatsSource: DSAS's LRR computed in SQL (dsasStats.ts), or stats.ts's bound as arrays (the
// robust rate: a Theil-Sen line for the outlier rule has no SQL equivalent). PostgreSQL / PGlite
// joins them to the transect table and does the grouping, the sums, the means and the names.
// `split` adds the rate class to the grouping: one row per group and class (a stacked chart).
import type { Queryable } from '../db/types.ts';
import { RATE_CLASSES } from './config.ts';
import type { Period, TransectStatsRow } from './query.ts';

/** Group columns: the codes and names of the level and those above it (a chart groups by them). */
export const GROUPS = {
  province: { code: 'prv_code', name: 'prv_name', columns: ['prv_code', 'prv_name'] },
  district: { code: 'amp_code', name: 'amp_name', columns: ['prv_code', 'prv_name', 'amp_code', 'amp_name'] },
  subdistrict: { code: 'tam_code', name: 'tam_name', columns: ['prv_code', 'prv_name', 'amp_code', 'amp_name', 'tam_code', 'tam_name'] },
  beach_main: { code: 'code_b_m', table: 'beach_main', tableName: 'b_m_thai', columns: ['code_b_m'] },
  beach_sub: { code: 'code_b_c', table: 'beach_sub', tableName: 'b_c_thai', columns: ['code_b_c'] },
  beach_system: { code: 'code_b_s', table: 'beach_system', tableName: 'b_s_thai', columns: ['code_b_s'] },
} as const;
export type GroupBy = keyof typeof GROUPS;

export interface TotalsRow {
  code: string | null;
  name: string | null;
  /** With split: the rate class of the row (null: transects without a rate). */
  rate_class?: string | null;
  transects: number;
  km: number;
  /** km of coast per rate class (transects without a rate are in km_unrated); not with split. */
  [key: `km_${string}`]: number;
  rated: number;
  /** Mean LRR per transect (m/yr). */
  mean_rate: number | null;
  /** Mean LRR weighted by the coast length of each transect: the rate of the coast as a whole. */
  mean_rate_weighted: number | null;
  /** Mean EPR per transect, and weighted by coast length (m/yr). */
  mean_epr: number | null;
  mean_epr_weighted: number | null;
  /** Transects measured in the first and the last year of the period (their rates span all of it). */
  full_period: number;
  significant: number;
  /** significant / rated (0-1), null without a rated transect. */
  significant_share: number | null;
  /** significant_share in per cent (a chart table shows it). */
  significant_pct: number | null;
}

/**
 * Where the totals read each transect's statistics: a query yielding gid, lrr, rate_class,
 * significant, epr and full_period, and its bound values (the grouping query adds none).
 */
export interface StatsSource {
  sql: string;
  params: unknown[];
}

/** Each transect's statistics as totalsOf reads them (the columns of a StatsSource). */
export interface SourceRow {
  gid: number;
  lrr: number | null;
  rate_class: string | null;
  significant: boolean;
  epr: number | null;
  full_period: boolean;
}

/** Statistics already in JavaScript, bound as arrays. */
export function arrayStats(rows: readonly SourceRow[]): StatsSource {
  return {
    sql: `SELECT * FROM unnest($1::integer[], $2::double precision[], $3::text[], $4::boolean[], $5::double precision[], $6::boolean[])
           AS s(gid, lrr, rate_class, significant, epr, full_period)`,
    params: [
      rows.map((r) => r.gid),
      rows.map((r) => r.lrr),
      rows.map((r) => r.rate_class),
      rows.map((r) => r.significant),
      rows.map((r) => r.epr),
      rows.map((r) => r.full_period),
    ],
  };
}

/** Statistics computed in JavaScript (stats.ts: any rate basis), bound as arrays. */
export function boundStats(rows: readonly TransectStatsRow[], period: Period): StatsSource {
  return arrayStats(rows.map((r) => ({ ...r, full_period: r.first_year === period.start && r.last_year === period.end })));
}

/** Totals of transects (their statistics for one period, from `source`) by a group. */
export async function totalsOf(db: Queryable, source: StatsSource, groupBy: GroupBy, options: { split?: boolean } = {}): Promise<TotalsRow[]> {
  const g = GROUPS[groupBy];
  const groupCols = g.columns.map((c) => `t.${c}`);
  const named = 'table' in g;
  const nameExpr = named ? `n.${g.tableName}` : `t.${g.name}`;
  const join = named ? `LEFT JOIN ${g.table} n ON n.${g.code} = t.${g.code}` : '';
  const keys = [...groupCols, nameExpr, ...(options.split ? ['s.rate_class'] : [])];
  const perClass = options.split
    ? ['s.rate_class']
    : [...RATE_CLASSES, 'unrated'].map((c) => {
        const test = c === 'unrated' ? 's.rate_class IS NULL' : `s.rate_class = '${c}'`;
        return `coalesce(sum(t.coast_m) FILTER (WHERE ${test}), 0)::float8 / 1000 AS km_${c}`;
      });
  // MATERIALIZED: each transect's class and significance once, not again in every FILTER that
  // names them (inlined, the whole coast took 5x as long).
  const sql = `
WITH s AS MATERIALIZED (${source.sql})
SELECT t.${g.code} AS code, ${nameExpr} AS name, ${groupCols.join(', ')},
       count(*)::integer AS transects, sum(t.coast_m)::float8 / 1000 AS km, ${perClass.join(', ')},
       count(s.lrr)::integer AS rated, avg(s.lrr)::float8 AS mean_rate,
       (sum(s.lrr * t.coast_m) / nullif(sum(t.coast_m) FILTER (WHERE s.lrr IS NOT NULL), 0))::float8 AS mean_rate_weighted,
       avg(s.epr)::float8 AS mean_epr,
       (sum(s.epr * t.coast_m) / nullif(sum(t.coast_m) FILTER (WHERE s.epr IS NOT NULL), 0))::float8 AS mean_epr_weighted,
       count(*) FILTER (WHERE s.full_period)::integer AS full_period,
       count(*) FILTER (WHERE s.significant)::integer AS significant
FROM s JOIN transect t ON t.gid = s.gid ${join}
GROUP BY ${keys.join(', ')}
ORDER BY t.${g.code} NULLS FIRST${options.split ? ', s.rate_class NULLS LAST' : ''}`;
  const { rows: out } = await db.query<TotalsRow>(sql, source.params);
  return out.map((t) => {
    const share = t.rated ? t.significant / t.rated : null;
    return { ...t, significant_share: share, significant_pct: share === null ? null : share * 100 };
  });
}
