// page=transects (issue 14): shoreline-change transects with DSAS statistics for a chosen period,
// recomputed on the server from transect_distance (src/server/transects).
//   mode=years                          the years that have distances (period pickers)
//   mode=list     area + start, end     transects with statistics (+ line=1 for the geometry)
//   mode=history  gid [+ start, end]    one transect: every year's distance, statistics, fitted band
//   mode=totals   area + start, end, by [+ split=rate_class]
//                 km of coast per rate class, mean rate and EPR (plain and length-weighted),
//                 transects covering the whole period, share significant (by PostgreSQL)
//   mode=download area + start, end, outputFormat=csv|shape-zip   transects.csv / transects.zip
// Area: bbox=xmin,ymin,xmax,ymax (EPSG:4326) and/or pv (codes), ap, tb, code_b_m, code_b_c, code_b_s.
// rate=dsas (default) | robust: the regression that is the rate (class, colour, totals, downloads):
// DSAS's LRR over every year of the period, or the LRR without the outlier years; lrr_robust and
// outlier_years are in every answer.
import { RATE_BASES, type RateBasis } from '../../transects/stats.ts';
import { TooManyTransects, transectHistory, transectStatsOnly, transectsWithStats, transectYears, type Period, type TransectFilter, type TransectRow } from '../../transects/query.ts';
import { dsasStats } from '../../transects/dsasStats.ts';
import { boundStats, GROUPS, totalsOf, type GroupBy } from '../../transects/totals.ts';
import { pageModes, sendData, type RouterContext } from '../context.ts';
import { bad, RouterError } from '../params.ts';
import { sendTransectsDownload } from './transectsExport.ts';

/** Most transects one list answer carries (a province has at most a few thousand). */
const MAX_LIST = 20_000;
/** Most transects a totals or download request reads (the whole sample coast is ~40 000). */
const MAX_AREA = 100_000;

function bboxOf(ctx: RouterContext): [number, number, number, number] | undefined {
  const raw = ctx.params.get('bbox');
  if (raw === undefined) return undefined;
  const v = raw.split(',').map((s) => (/^-?[0-9]+(\.[0-9]+)?$/.test(s.trim()) ? Number(s) : NaN));
  if (v.length !== 4 || v.some((n) => !Number.isFinite(n))) throw bad('bbox must be xmin,ymin,xmax,ymax in degrees');
  const [x0, y0, x1, y1] = v as [number, number, number, number];
  if (x0 > x1 || y0 > y1 || x0 < -180 || x1 > 180 || y0 < -90 || y1 > 90) throw bad('bbox must be xmin,ymin,xmax,ymax in degrees');
  return [x0, y0, x1, y1];
}

function filterOf(ctx: RouterContext): TransectFilter {
  return {
    bbox: bboxOf(ctx),
    pv: ctx.params.codeList('pv', 2),
    ap: ctx.params.code('ap', 4),
    tb: ctx.params.code('tb', 6),
    code_b_m: ctx.params.beachCode('code_b_m'),
    code_b_c: ctx.params.beachCode('code_b_c'),
    code_b_s: ctx.params.beachCode('code_b_s'),
  };
}

function requireArea(filter: TransectFilter): void {
  if (!Object.values(filter).some((v) => v !== undefined)) throw bad('give an area: bbox, pv, ap, tb, code_b_m, code_b_c or code_b_s');
}

function periodOf(ctx: RouterContext, required: boolean): Period | null {
  const start = ctx.params.year('start', required);
  const end = ctx.params.year('end', required);
  if (start === undefined && end === undefined) return null;
  if (start === undefined || end === undefined) throw bad('give both start and end');
  if (start >= end) throw bad('start must be before end');
  return { start, end };
}

const basisOf = (ctx: RouterContext): RateBasis => ctx.params.oneOf('rate', RATE_BASES) ?? 'dsas';

/** The request's area (required) and period. */
function areaOf(ctx: RouterContext): { filter: TransectFilter; period: Period } {
  const filter = filterOf(ctx);
  requireArea(filter);
  return { filter, period: periodOf(ctx, true)! };
}

/** A transect query whose area holds too many transects answers 413. */
async function limited<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    if (error instanceof TooManyTransects) throw new RouterError(413, error.message);
    throw error;
  }
}

/** The area's transects with their attributes and statistics, and the period, from the request. */
async function rowsFor(ctx: RouterContext, limit: number, line = false): Promise<{ rows: TransectRow[]; period: Period }> {
  const { filter, period } = areaOf(ctx);
  return { rows: await limited(transectsWithStats(ctx.db, filter, period, { limit, line, basis: basisOf(ctx) })), period };
}

async function list(ctx: RouterContext): Promise<void> {
  const line = ctx.params.oneOf('line', ['0', '1']) === '1';
  const significantOnly = ctx.params.oneOf('significant', ['0', '1']) === '1';
  const { rows, period } = await rowsFor(ctx, MAX_LIST, line);
  await sendData(ctx, significantOnly ? rows.filter((r) => r.significant) : rows, { start: period.start, end: period.end });
}

async function history(ctx: RouterContext): Promise<void> {
  const raw = ctx.params.require('gid');
  if (!/^[0-9]{1,9}$/.test(raw)) throw bad('gid must be a transect number');
  const result = await transectHistory(ctx.db, Number(raw), periodOf(ctx, false), basisOf(ctx));
  if (!result) throw new RouterError(404, 'no such transect');
  await sendData(ctx, [result]);
}

async function totals(ctx: RouterContext): Promise<void> {
  const by = ctx.params.oneOf('by', Object.keys(GROUPS) as GroupBy[], true);
  const split = ctx.params.oneOf('split', ['rate_class']) === 'rate_class';
  // Every transect of the area counts, whatever the list's significance toggle: the share of
  // significant trends is one of the totals. DSAS's rate is computed by the database; the robust
  // one needs each transect's years in JavaScript.
  const { filter, period } = areaOf(ctx);
  const source =
    basisOf(ctx) === 'dsas'
      ? dsasStats(filter, period)
      : boundStats(await limited(transectStatsOnly(ctx.db, filter, period, { limit: MAX_AREA, basis: 'robust' })), period);
  await sendData(ctx, await totalsOf(ctx.db, source, by, { split }), { start: period.start, end: period.end, by });
}

export const transects = pageModes({
  years: async (ctx) => sendData(ctx, await transectYears(ctx.db)),
  list,
  history,
  totals,
  async download(ctx) {
    const format = ctx.params.oneOf('outputFormat', ['csv', 'shape-zip'], true);
    const { rows, period } = await rowsFor(ctx, MAX_AREA, format === 'shape-zip');
    await sendTransectsDownload(ctx, rows, format, period);
  },
});
