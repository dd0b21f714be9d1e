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
import type { Feature, LineString } from 'geojson';
import { writeShapeZip, type DbfFieldSpec } from '../../shapefile/index.ts';
import { RATE_BASES, type RateBasis } from '../../transects/stats.ts';
import { TooManyTransects, transectHistory, transectStatsOnly, transectsWithStats, transectYears, type Period, type TransectFilter, type TransectRow } from '../../transects/query.ts';
import { dsasStats } from '../../transects/dsasStats.ts';
import { boundStats, GROUPS, totalsOf, type GroupBy } from '../../transects/totals.ts';
import { pageModes, sendData, type RouterContext } from '../context.ts';
import { bad, RouterError } from '../params.ts';

/** Most transects one list answer carries (a province has at most a few thousand). */
export const MAX_LIST = 20_000;
/** Most transects a totals or download request reads (the whole sample coast is ~40 000). */
export const MAX_AREA = 100_000;

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

/** The area's transects with their attributes and statistics, and the period, from the request. */
async function rowsFor(ctx: RouterContext, limit: number, line = false): Promise<{ rows: TransectRow[]; period: Period }> {
  return withArea(ctx, (filter, period) => transectsWithStats(ctx.db, filter, period, { limit, line, basis: basisOf(ctx) }));
}

async function withArea<T>(ctx: RouterContext, query: (filter: TransectFilter, period: Period) => Promise<T[]>): Promise<{ rows: T[]; period: Period }> {
  const filter = filterOf(ctx);
  requireArea(filter);
  const period = periodOf(ctx, true)!;
  try {
    return { rows: await query(filter, period), period };
  } catch (error) {
    if (error instanceof TooManyTransects) throw new RouterError(413, error.message);
    throw error;
  }
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
  const filter = filterOf(ctx);
  requireArea(filter);
  const period = periodOf(ctx, true)!;
  const source =
    basisOf(ctx) === 'dsas'
      ? dsasStats(filter, period)
      : boundStats((await withArea(ctx, (f, p) => transectStatsOnly(ctx.db, f, p, { limit: MAX_AREA, basis: 'robust' }))).rows, period);
  await sendData(ctx, await totalsOf(ctx.db, source, by, { split }), { start: period.start, end: period.end, by });
}

/** Columns of the CSV and the .dbf (names of at most 10 characters). */
const EXPORT_COLUMNS: { name: string; type: 'N' | 'C'; get: (r: TransectRow) => string | number | null }[] = [
  { name: 'gid', type: 'N', get: (r) => r.gid },
  { name: 'prv_code', type: 'C', get: (r) => r.prv_code },
  { name: 'prv_name', type: 'C', get: (r) => r.prv_name },
  { name: 'amp_code', type: 'C', get: (r) => r.amp_code },
  { name: 'amp_name', type: 'C', get: (r) => r.amp_name },
  { name: 'tam_code', type: 'C', get: (r) => r.tam_code },
  { name: 'tam_name', type: 'C', get: (r) => r.tam_name },
  { name: 'code_b_m', type: 'C', get: (r) => r.code_b_m },
  { name: 'code_b_c', type: 'C', get: (r) => r.code_b_c },
  { name: 'code_b_s', type: 'C', get: (r) => r.code_b_s },
  { name: 'lon', type: 'N', get: (r) => round(r.lon, 6) },
  { name: 'lat', type: 'N', get: (r) => round(r.lat, 6) },
  { name: 'start_yr', type: 'N', get: (r) => r.first_year },
  { name: 'end_yr', type: 'N', get: (r) => r.last_year },
  { name: 'n_years', type: 'N', get: (r) => r.n },
  { name: 'nsm', type: 'N', get: (r) => round(r.nsm, 2) },
  { name: 'sce', type: 'N', get: (r) => round(r.sce, 2) },
  { name: 'epr', type: 'N', get: (r) => round(r.epr, 2) },
  { name: 'lrr', type: 'N', get: (r) => round(r.lrr, 2) },
  { name: 'lrr_se', type: 'N', get: (r) => round(r.lrr_se, 3) },
  { name: 'lrr_ci95', type: 'N', get: (r) => round(r.lrr_ci95, 3) },
  { name: 'r2', type: 'N', get: (r) => round(r.r2, 3) },
  { name: 'p_value', type: 'N', get: (r) => round(r.p_value, 4) },
  { name: 'signif', type: 'N', get: (r) => (r.significant ? 1 : 0) },
  { name: 'rate_basis', type: 'C', get: (r) => r.rate_basis },
  { name: 'lrr_robust', type: 'N', get: (r) => round(r.lrr_robust, 2) },
  { name: 'outliers', type: 'C', get: (r) => r.outlier_years.join(' ') },
  { name: 'quality', type: 'C', get: (r) => r.flags.join(' ') || 'ok' },
  { name: 'rate_class', type: 'C', get: (r) => r.rate_class },
];

function round(v: number | null, digits: number): number | null {
  return v === null || !Number.isFinite(v) ? null : Number(v.toFixed(digits));
}

function csvCell(v: string | number | null): string {
  if (v === null) return '';
  const s = String(v);
  return /[",\r\n]/.test(s) || /^[=+\-@]/.test(s) && typeof v === 'string' ? `"${s.replace(/"/g, '""')}"` : s;
}

/** UTF-8 with a byte-order mark (Excel reads Thai), CRLF lines. */
export function transectsCsv(rows: readonly TransectRow[]): Buffer {
  const lines = [EXPORT_COLUMNS.map((c) => c.name).join(',')];
  for (const r of rows) lines.push(EXPORT_COLUMNS.map((c) => csvCell(c.get(r))).join(','));
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8')]);
}

async function download(ctx: RouterContext): Promise<void> {
  const format = ctx.params.oneOf('outputFormat', ['csv', 'shape-zip'], true);
  const { rows } = await rowsFor(ctx, MAX_AREA, format === 'shape-zip');
  let body: Uint8Array;
  let type: string;
  let file: string;
  if (format === 'csv') {
    body = transectsCsv(rows);
    type = 'text/csv; charset=utf-8';
    file = 'transects.csv';
  } else {
    const features: Feature<LineString>[] = rows.map((r) => ({
      type: 'Feature',
      geometry: { type: 'LineString', coordinates: r.line! },
      properties: Object.fromEntries(EXPORT_COLUMNS.map((c) => [c.name, c.get(r)])),
    }));
    const fields: DbfFieldSpec[] = EXPORT_COLUMNS.map((c) => ({ name: c.name, type: c.type }));
    body = writeShapeZip(features, { name: 'transects', shapeType: 'PolyLine', fields });
    type = 'application/zip';
    file = 'transects.zip';
  }
  ctx.exchange.res.writeHead(200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${file}"`,
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
  });
  ctx.exchange.res.end(body);
}

export const transects = pageModes({
  years: async (ctx) => sendData(ctx, await transectYears(ctx.db)),
  list,
  history,
  totals,
  download,
});
