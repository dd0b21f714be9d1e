// Transects with their statistics for a chosen area and period, one transect's history, and totals
// by province / district / sub-district / beach system. Every value is a bound parameter; the
// statistics are computed per request (stats.ts) from transect_distance.

import type { Queryable } from '../db/types.ts';
import { confidenceBand, transectStats, type RateBasis, type TransectStats } from './stats.ts';

export interface TransectFilter {
  bbox?: [number, number, number, number];
  pv?: string[];
  ap?: string;
  tb?: string;
  code_b_m?: string;
  code_b_c?: string;
  code_b_s?: string;
  gid?: number;
}

export interface Period {
  start: number;
  end: number;
}

export interface TransectRow extends TransectStats {
  gid: number;
  seg_gid: number;
  zone: string;
  prv_code: string;
  amp_code: string;
  tam_code: string | null;
  prv_name: string;
  amp_name: string;
  tam_name: string | null;
  island: string | null;
  code_b_m: string | null;
  code_b_c: string | null;
  code_b_s: string | null;
  coast_m: number;
  azimuth: number;
  lon: number;
  lat: number;
  /** 'LINESTRING(...)' of the transect, landward -> seaward (only when asked for). */
  line?: [number, number][];
}

/** The SQL condition on `transect t` for the filter; its values are appended to `params`. */
export function transectWhere(filter: TransectFilter, params: unknown[]): string {
  const parts: string[] = [];
  const bind = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  if (filter.bbox) parts.push(`t.origin && ST_MakeEnvelope(${filter.bbox.map((v) => `${bind(v)}::double precision`).join(', ')}, 4326)`);
  if (filter.pv) parts.push(`t.prv_code = ANY(${bind(filter.pv)}::text[])`);
  if (filter.ap) parts.push(`t.amp_code = ${bind(filter.ap)}`);
  if (filter.tb) parts.push(`t.tam_code = ${bind(filter.tb)}`);
  if (filter.code_b_m) parts.push(`t.code_b_m = ${bind(filter.code_b_m)}`);
  if (filter.code_b_c) parts.push(`t.code_b_c = ${bind(filter.code_b_c)}`);
  if (filter.code_b_s) parts.push(`t.code_b_s = ${bind(filter.code_b_s)}`);
  if (filter.gid !== undefined) parts.push(`t.gid = ${bind(filter.gid)}`);
  return parts.length ? parts.join(' AND ') : 'true';
}

export class TooManyTransects extends Error {}

/** A transect's number and its statistics: what totals need. */
export type TransectStatsRow = TransectStats & { gid: number };

interface StatsQueryOptions {
  limit: number;
  line?: boolean;
  basis?: RateBasis;
}

async function queryWithStats(db: Queryable, filter: TransectFilter, period: Period, options: StatsQueryOptions & { attributes: boolean }): Promise<Record<string, unknown>[]> {
  const params: unknown[] = [period.start, period.end];
  // Without the attributes PGlite reads and decodes a sixth of the text: the whole coast's totals
  // take ~1/3 of the time (issue 27 item 12).
  const attributes = options.attributes
    ? `t.seg_gid, t.zone, t.prv_code, t.amp_code, t.tam_code, t.prv_name, t.amp_name, t.tam_name, t.island,
       t.code_b_m, t.code_b_c, t.code_b_s, t.coast_m, t.azimuth, ST_X(t.origin) AS lon, ST_Y(t.origin) AS lat,
       ${options.line ? "ST_AsGeoJSON(t.geom, 7)::json -> 'coordinates'" : 'NULL'} AS line,`
    : '';
  // One JSON document instead of a row per transect: PGlite decodes one text value, not ~20 columns
  // of each of thousands of rows (a province's list: ~170 -> ~120 ms).
  const sql = `
SELECT json_agg(s ORDER BY s.gid)::text AS rows FROM (
  SELECT t.gid, ${attributes}
         (SELECT json_agg(json_build_array(d.line_year, d.distance, d.angle) ORDER BY d.line_year)
          FROM transect_distance d WHERE d.transect_gid = t.gid AND d.line_year BETWEEN $1 AND $2) AS years
  FROM transect t
  WHERE ${transectWhere(filter, params)}
  ORDER BY t.gid
  LIMIT ${Math.trunc(options.limit) + 1}) s`;
  const { rows: [result] } = await db.query<{ rows: string | null }>(sql, params);
  const rows = (result?.rows ? JSON.parse(result.rows) : []) as Record<string, unknown>[];
  if (rows.length > options.limit) throw new TooManyTransects(`more than ${options.limit} transects; narrow the area`);
  return rows.map((columns) => {
    const years = (columns.years ?? []) as [number, number, number][];
    const stats = transectStats(years.map(([year, distance, angle]) => ({ year, distance, angle })), undefined, options.basis);
    const row = copyExcept(columns, ROW_ONLY);
    copyExcept(stats, STATS_ONLY, row);
    if (options.line) row.line = columns.line;
    return row;
  });
}

const ROW_ONLY = new Set(['years', 'line']);
const STATS_ONLY = new Set(['fit']);

/**
 * The keys of `from` not in `except`, copied into `into`. Neither `delete` (dictionary objects) nor
 * rest/spread syntax, both several times slower than this loop on a province's 3,400 transects.
 */
function copyExcept(from: object, except: ReadonlySet<string>, into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, value] of Object.entries(from)) if (!except.has(key)) into[key] = value;
  return into;
}

/**
 * Transects of the filter with their attributes and statistics over the years start..end
 * (inclusive). Throws TooManyTransects when more than `limit` match.
 */
export async function transectsWithStats(db: Queryable, filter: TransectFilter, period: Period, options: StatsQueryOptions): Promise<TransectRow[]> {
  return (await queryWithStats(db, filter, period, { ...options, attributes: true })) as unknown as TransectRow[];
}

/** The same transects with their number and statistics only (totals join the attributes in SQL). */
export async function transectStatsOnly(db: Queryable, filter: TransectFilter, period: Period, options: Omit<StatsQueryOptions, 'line'>): Promise<TransectStatsRow[]> {
  return (await queryWithStats(db, filter, period, { ...options, attributes: false })) as unknown as TransectStatsRow[];
}

/** A measured value, or null for none and for a non-finite one (PostgreSQL's 'NaN' reaches JSON as a string). */
const finiteOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Every year that has a distance on any transect (the period pickers' choices). */
export async function transectYears(db: Queryable): Promise<number[]> {
  // A loose index scan (one probe of transect_distance_year_idx per year) instead of DISTINCT,
  // which reads every distance: 2-40 ms against 120-300 ms on the sample coast (PGlite), and every
  // history request (a map click on /shoreline-trend) asks for the years.
  const { rows } = await db.query<{ line_year: number }>(
    `WITH RECURSIVE y AS (
       SELECT min(line_year) AS v FROM transect_distance
       UNION ALL
       SELECT (SELECT min(line_year) FROM transect_distance WHERE line_year > y.v) FROM y WHERE y.v IS NOT NULL)
     SELECT v AS line_year FROM y WHERE v IS NOT NULL ORDER BY v`,
  );
  return rows.map((r) => r.line_year);
}

/** One transect: every year of the database (null where its line misses), statistics for the period and the fitted band. */
export async function transectHistory(db: Queryable, gid: number, period: Period | null, basis?: RateBasis) {
  const years = await transectYears(db);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT t.gid, t.seg_gid, t.zone, t.prv_code, t.amp_code, t.tam_code, t.prv_name, t.amp_name, t.tam_name, t.island,
            t.code_b_m, t.code_b_c, t.code_b_s, t.coast_m, t.azimuth, t.baseline_year, t.length_m,
            ST_X(t.origin) AS lon, ST_Y(t.origin) AS lat, ST_AsGeoJSON(t.geom, 7) AS line,
            (SELECT json_agg(json_build_array(d.line_year, d.distance, d.angle, d.dataset) ORDER BY d.line_year)
             FROM transect_distance d WHERE d.transect_gid = t.gid)::text AS years
     FROM transect t WHERE t.gid = $1`,
    [gid],
  );
  const row = rows[0];
  if (!row) return null;
  const measured = new Map(((row.years ? JSON.parse(row.years as string) : []) as [number, number, number, string][]).map((y) => [y[0], y]));
  const start = period?.start ?? years[0] ?? 0;
  const end = period?.end ?? years.at(-1) ?? 0;
  const inPeriod = [...measured.values()].filter(([y]) => y >= start && y <= end);
  const { fit, ...stats } = transectStats(inPeriod.map(([year, distance, angle]) => ({ year, distance, angle })), undefined, basis);
  const band = new Map(confidenceBand(fit, years).map((b) => [b.year, b]));
  const { years: _y, line, ...attributes } = row;
  return {
    ...attributes,
    line: (JSON.parse(line as string) as { coordinates: [number, number][] }).coordinates,
    start,
    end,
    ...stats,
    history: years.map((year) => {
      const m = measured.get(year);
      const b = band.get(year)!;
      const inside = year >= start && year <= end;
      return {
        year,
        distance: m ? finiteOrNull(m[1]) : null,
        dataset: m ? m[3] : null,
        in_period: inside,
        outlier: stats.outlier_years.includes(year),
        fit: inside ? b.fit : null,
        lower: inside ? b.lower : null,
        upper: inside ? b.upper : null,
      };
    }),
  };
}
