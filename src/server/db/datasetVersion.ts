// The data's fingerprint, for caches of answers computed from the data (tiles, router answers,
// layer values): re-read at most every `ttlMs`, so a change made by an import in another process
// shows within that time. Concurrent readers share one query.
import type { Queryable } from './types.ts';

/**
 * A fingerprint of the data: the dataset_info rows and the sequences' last values (an import
 * inserts rows, which moves a sequence, even when it leaves dataset_info alone).
 */
export async function queryDatasetVersion(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ v: string | null }>(
    `SELECT (SELECT string_agg(name || ':' || version, ',' ORDER BY name) FROM dataset_info) || '|' || ` +
      `coalesce((SELECT string_agg(sequencename || '=' || coalesce(last_value, 0), ',' ORDER BY sequencename) FROM pg_sequences WHERE schemaname = 'public'), '') AS v`,
  );
  return rows[0]?.v ?? '';
}

export const DATASET_VERSION_TTL_MS = 5000;

/** One reader per database: the router and the layer values/totals routes share its query. */
const readers = new WeakMap<Queryable, () => Promise<string>>();

export function datasetVersionReader(db: Queryable): () => Promise<string> {
  let reader = readers.get(db);
  if (!reader) readers.set(db, (reader = newReader(db)));
  return reader;
}

function newReader(db: Queryable): () => Promise<string> {
  let known: { value: string; at: number } | undefined;
  let pending: Promise<string> | undefined;
  return () => {
    if (known && Date.now() - known.at < DATASET_VERSION_TTL_MS) return Promise.resolve(known.value);
    pending ??= queryDatasetVersion(db)
      .then((value) => {
        known = { value, at: Date.now() };
        return value;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
}
