// What an atlas shows of its area, read from the database in a few statements: the period, the
// erosion/accretion areas (the catalog layers the map and the charts of /cmline-changearea
// read), each transect's DSAS statistics once (dsasStats.ts; every trend figure, chart and the
// map's points reuse them), and the fastest-eroding transects with their beach names.
import type { PeriodYear } from '../../engine/atlasTypes.ts';
import type { ChartFeature } from '../../engine/charts/group.ts';
import { resolveFeatureType } from '../data/featureTypes.ts';
import type { Queryable } from '../db/types.ts';
import { selectLayer, type LayerSelection } from '../ogc/query.ts';
import { dsasStats } from '../transects/dsasStats.ts';
import { transectsWithStats, type Period } from '../transects/query.ts';
import { tCritical } from '../transects/stats.ts';
import { arrayStats, totalsOf, type GroupBy, type SourceRow, type StatsSource, type TotalsRow } from '../transects/totals.ts';
import type { AtlasArea } from './areas.ts';

/** The monitoring years that have erosion and accretion areas (oldest first). */
export async function monitoringYears(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ y: number }>(
    `SELECT DISTINCT y FROM (SELECT start_year AS y FROM change_area WHERE dataset = 'cmline' UNION SELECT end_year FROM change_area WHERE dataset = 'cmline') q ORDER BY y`,
  );
  return rows.map((r) => r.y);
}

/** config atlas.period: a year as it is, first/last of the monitoring years. */
export function resolvePeriod(period: { start: PeriodYear; end: PeriodYear }, years: readonly number[]): Period | null {
  const pick = (y: PeriodYear) => (y === 'first' ? years[0] : y === 'last' ? years.at(-1) : y);
  const start = pick(period.start);
  const end = pick(period.end);
  return start !== undefined && end !== undefined && start < end ? { start, end } : null;
}

/** A change-area catalog layer (erosion_area, accretion_area) with the area's viewparams and (a
 *  beach system) near the beach line. */
export function changeSelection(area: AtlasArea, typeName: string, period: Period): LayerSelection {
  const ft = resolveFeatureType(typeName);
  if (!ft || ft.kind !== 'vector') throw new Error(`atlas: no vector layer ${typeName}`);
  const sel = selectLayer(ft, { code: area.change.code, start: period.start, end: period.end }, undefined);
  // ~500 m: the change polygons lie along the coast the beach system's line follows
  if (area.change.nearBeach) sel.where.push(`ST_DWithin(f.geom, (SELECT geom FROM beach_system WHERE code_b_s = ${sel.params.add(area.change.nearBeach)}), 0.005)`);
  return sel;
}

/** The erosion or accretion features of the area as a chart reads them (names and area). */
export async function changeFeatures(db: Queryable, area: AtlasArea, typeName: string, period: Period): Promise<ChartFeature[]> {
  const sel = changeSelection(area, typeName, period);
  const where = sel.where.length ? `WHERE ${sel.where.join(' AND ')}` : '';
  const { rows } = await db.query<Record<string, unknown>>(`SELECT f.prv_name, f.amp_name, f.tam_name, f.area FROM ${sel.from} ${where} ORDER BY f.amp_code, f.tam_code`, sel.params.values);
  return rows.map((properties) => ({ properties }));
}

export interface TrendStats {
  /** Each transect's statistics (DSAS LRR over the period). */
  rows: SourceRow[];
  source: StatsSource;
  /** Mean LRR of the rated transects, its 95 % interval half-width (Student t), how many. */
  mean: { rate: number; ci95: number | null; rated: number } | null;
}

/** Every transect's DSAS statistics for the period, computed once. */
export async function trendStats(db: Queryable, area: AtlasArea, period: Period): Promise<TrendStats> {
  const dsas = dsasStats(area.transects, period);
  const { rows } = await db.query<SourceRow>(dsas.sql, dsas.params);
  const rates = rows.flatMap((r) => (r.lrr !== null && Number.isFinite(r.lrr) ? [r.lrr] : []));
  const n = rates.length;
  const rate = n ? rates.reduce((a, b) => a + b, 0) / n : 0;
  const sd = n > 1 ? Math.sqrt(rates.reduce((a, b) => a + (b - rate) ** 2, 0) / (n - 1)) : null;
  return {
    rows,
    source: arrayStats(rows),
    mean: n ? { rate, ci95: sd === null ? null : (tCritical(n - 1) * sd) / Math.sqrt(n), rated: n } : null,
  };
}

/** Totals of the area's transects by a group (a chart's router `by`). */
export function trendTotals(db: Queryable, stats: TrendStats, by: GroupBy, split: boolean): Promise<TotalsRow[]> {
  return totalsOf(db, stats.source, by, { split });
}

interface FastestTransect {
  gid: number;
  lrr: number;
  ci95: number | null;
  beach: string | null;
  place: string;
}

/** The `count` transects with the most negative LRR, with their beach system and sub-district. */
export async function fastestEroding(db: Queryable, stats: TrendStats, period: Period, count: number): Promise<FastestTransect[]> {
  const worst = stats.rows.filter((r) => r.lrr !== null && r.lrr < 0).sort((a, b) => a.lrr! - b.lrr!).slice(0, count);
  const out: FastestTransect[] = [];
  for (const w of worst) {
    const [t] = await transectsWithStats(db, { gid: w.gid }, period, { limit: 1 });
    const { rows } = await db.query<{ name: string | null }>('SELECT b_s_thai AS name FROM beach_system WHERE code_b_s = $1', [t?.code_b_s ?? null]);
    out.push({ gid: w.gid, lrr: w.lrr!, ci95: t?.lrr_ci95 ?? null, beach: rows[0]?.name ?? null, place: t ? [t.tam_name, t.amp_name].filter(Boolean).join(' / ') : '' });
  }
  return out;
}

/** Whether the database holds the generated sample (dataset_info). */
export async function isSampleData(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ sample: boolean }>('SELECT bool_or(sample) AS sample FROM dataset_info').catch(() => ({ rows: [] as { sample: boolean }[] }));
  return rows[0]?.sample === true;
}
