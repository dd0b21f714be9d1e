// Router answers kept for the same question asked again. The lists and the analytic answers change
// only with the data, and the heaviest (transect totals of a province and period) hold PGlite's one
// connection for half a second while every tile waits behind it (issue 29 aim 7). An answer is
// keyed by page, mode and parameters plus the data's fingerprint, so an import shows within the
// fingerprint's few seconds; the cache is bounded in bytes. Only `{errors: '', data}` answers are
// kept: failures, downloads and the GetFeatureInfo proxy never are.
import type { CachedBody } from '../http/cachedBody.ts';
import { datasetVersionReader } from '../db/datasetVersion.ts';
import type { Queryable } from '../db/types.ts';
import { byteLru } from '../ogc/cache.ts';
import type { RouterParams } from './params.ts';

/** Default budget: the answers of every list and a few hundred analytic answers. */
const ROUTER_CACHE_BYTES = 16 * 1024 * 1024;

interface AnswerCache {
  /** The key of a request: its parameters and the data's current fingerprint. */
  keyOf(params: RouterParams): Promise<string>;
  get(key: string): CachedBody | undefined;
  set(key: string, body: CachedBody): void;
}

export function answerCache(db: Queryable, maxBytes = ROUTER_CACHE_BYTES): AnswerCache {
  const bodies = byteLru<{ body: CachedBody; length: number }>(maxBytes);
  const dataVersion = datasetVersionReader(db);
  return {
    keyOf: async (params) => JSON.stringify([params.entries(), await dataVersion()]),
    get: (key) => bodies.get(key)?.body,
    set: (key, body) => bodies.set(key, { body, length: body.raw.length }),
  };
}
