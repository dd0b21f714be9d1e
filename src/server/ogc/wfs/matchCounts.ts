// numberMatched of WFS pages (issue 29): a page is read on its own (ORDER BY ... LIMIT), so the
// number of all matches comes from a separate count(*) that outputs no geometry. Counting 130,000
// matches of a 1,000,000-line table still costs more than the page itself, and paging clients
// (GDAL, QGIS) ask for the same filter page after page, so each count is kept: keyed by the
// count's SQL and bound values (layer, viewparams, filter, bbox) and the dataset version, in a
// bounded LRU that the service empties when the data changes. Identical counts asked for at the
// same time share one query.

import { createHash } from 'node:crypto';
import type { Database } from '../../db/types.ts';
import { Lru } from '../cache.ts';
import { countSql, type LayerSelection } from '../query.ts';

/** How many counts are kept (a key is a 43-character hash, so this is well under 1 MB). */
const ENTRIES = 4096;

export class MatchCounts {
  private readonly cache = new Lru<number>({ maxWeight: ENTRIES, maxEntryWeight: 1 });
  private readonly pending = new Map<string, Promise<number>>();

  constructor(
    private readonly db: Database,
    /** The dataset version: part of every key, so a count never outlives the data it counted. */
    private readonly version: () => Promise<string>,
  ) {}

  /** The count of a selection if it is known (no query). */
  async known(sel: LayerSelection): Promise<number | undefined> {
    return this.cache.get(await this.keyOf(sel));
  }

  /** The number of rows a selection matches, from the cache or one count(*). */
  async count(sel: LayerSelection): Promise<number> {
    const key = await this.keyOf(sel);
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    let running = this.pending.get(key);
    if (!running) {
      const { sql, params } = countSql(sel);
      running = this.db
        .query<{ n: number }>(sql, params)
        .then(({ rows }) => {
          const n = rows[0]?.n ?? 0;
          this.cache.set(key, n);
          return n;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, running);
    }
    return running;
  }

  clear(): void {
    this.cache.clear();
  }

  private async keyOf(sel: LayerSelection): Promise<string> {
    const { sql, params } = countSql(sel);
    return createHash('sha256')
      .update(`${await this.version()}\n${sql}\n${JSON.stringify(params, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`)
      .digest('base64url');
  }
}
