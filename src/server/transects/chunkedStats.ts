// DSAS statistics of a large area in slices (issue 29 aim 7). One statement over a province takes
// ~0.5 s on PGlite, whose single connection then serves nothing else: every tile and WFS page of
// the other visitors waits for it. Here the area's transects are cut into slices of SLICE
// transects, each slice's statistics are one short statement run in the background
// (db/priority.ts: waiting tiles and pages go between two slices), and the totals are computed
// over the collected rows bound as arrays (totals.ts statsArrays), the same rows dsasStats gives.
import type { Queryable } from '../db/types.ts';
import { dsasStats } from './dsasStats.ts';
import { transectWhere, type Period, type TransectFilter } from './query.ts';
import { statsArrays, type StatsOfTransect, type StatsSource } from './totals.ts';

/** Transects per statement: ~20-40 ms on PGlite on this machine class. */
export const SLICE = 500;

/** dsasStats of `filter` computed slice by slice, as a StatsSource of bound arrays (call it inside inBackground). */
export async function dsasStatsInSlices(db: Queryable, filter: TransectFilter, period: Period, slice = SLICE): Promise<StatsSource> {
  const params: unknown[] = [];
  const { rows: ids } = await db.query<{ gid: number }>(`SELECT t.gid FROM transect t WHERE ${transectWhere(filter, params)} ORDER BY t.gid`, params);
  const stats: StatsOfTransect[] = [];
  for (let i = 0; i < ids.length; i += slice) {
    const gids: [number, number] = [ids[i]!.gid, ids[Math.min(i + slice, ids.length) - 1]!.gid];
    const source = dsasStats({ ...filter, gids }, period);
    const { rows } = await db.query<StatsOfTransect>(source.sql, source.params);
    stats.push(...rows);
  }
  return statsArrays(stats);
}
