// Year lists (SPEC.md §3 "Year option: pair of code and Buddhist-year label"): `[["2567", "2567"], ...]`.
// SPEC.md §4: in change analysis the first item becomes the end year and the last the start year
// (newest first); in the Songkhla Lake lists start is the first and end the last (oldest first).
import type { Queryable } from '../db/types.ts';

type YearSource = { table: 'cmline'; zone: 'mainland' | 'island' | 'lake_land' | 'lake_island' } | { table: 'shoreline' };

export async function yearPairs(db: Queryable, source: YearSource, order: 'newest-first' | 'oldest-first'): Promise<[string, string][]> {
  const direction = order === 'newest-first' ? 'DESC' : 'ASC';
  const { rows } =
    source.table === 'cmline'
      ? await db.query<{ line_year: number }>(`SELECT DISTINCT line_year FROM cmline WHERE zone = $1 ORDER BY line_year ${direction}`, [source.zone])
      : await db.query<{ line_year: number }>(`SELECT DISTINCT line_year FROM shoreline ORDER BY line_year ${direction}`);
  return rows.map((r) => [String(r.line_year), String(r.line_year)]);
}
