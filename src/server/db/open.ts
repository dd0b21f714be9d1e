// Chooses the engine: a real PostgreSQL/PostGIS when DATABASE_URL is set, otherwise embedded
// PGlite with its files in data/pglite (git-ignored), created on first start.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ManagedDatabase } from './types.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const DEFAULT_PGLITE_DIR = path.join(REPO_ROOT, 'data', 'pglite');

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; default env DATABASE_URL. When set, PGlite is not used. */
  databaseUrl?: string;
  /** PGlite data directory; default env PGLITE_DATA_DIR or data/pglite. Ignored with databaseUrl. */
  dataDir?: string;
  /** PGlite in memory (tests). */
  memory?: boolean;
  /** PGlite: start from a tarball made by `dumpDataDir` (implies memory). */
  loadDataDir?: Blob;
  /** PostgreSQL pool size; default env DATABASE_POOL_MAX or 10. */
  poolMax?: number;
  /** PostgreSQL per-statement limit in ms; default env DATABASE_STATEMENT_TIMEOUT_MS or 10 000. */
  statementTimeoutMs?: number;
  /** PostgreSQL: the wait for a connection in ms; default env DATABASE_CONNECT_TIMEOUT_MS or 10 000. */
  connectTimeoutMs?: number;
  /** PostgreSQL: the client's wait for an answer in ms; default env DATABASE_QUERY_TIMEOUT_MS or the statement limit + 5 000. */
  queryTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

function positiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

/** The PGlite data directory these options open, or null (PostgreSQL, or PGlite in memory). */
export function pgliteDataDir(options: OpenDatabaseOptions = {}): string | null {
  const env = options.env ?? process.env;
  if (options.databaseUrl ?? (env.DATABASE_URL || undefined)) return null;
  if (options.memory || options.loadDataDir) return null;
  return path.resolve(options.dataDir ?? (env.PGLITE_DATA_DIR || DEFAULT_PGLITE_DIR));
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<ManagedDatabase> {
  const env = options.env ?? process.env;
  const databaseUrl = options.databaseUrl ?? (env.DATABASE_URL || undefined);
  // Only the engine in use is loaded (each brings its driver: pg, or PGlite's WebAssembly).
  if (databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres({
      connectionString: databaseUrl,
      max: options.poolMax ?? positiveInt(env.DATABASE_POOL_MAX, 'DATABASE_POOL_MAX') ?? 10,
      statementTimeoutMs:
        options.statementTimeoutMs ?? positiveInt(env.DATABASE_STATEMENT_TIMEOUT_MS, 'DATABASE_STATEMENT_TIMEOUT_MS') ?? 10_000,
      connectTimeoutMs: options.connectTimeoutMs ?? positiveInt(env.DATABASE_CONNECT_TIMEOUT_MS, 'DATABASE_CONNECT_TIMEOUT_MS'),
      queryTimeoutMs: options.queryTimeoutMs ?? positiveInt(env.DATABASE_QUERY_TIMEOUT_MS, 'DATABASE_QUERY_TIMEOUT_MS'),
    });
  }
  const { openPglite } = await import('./pglite.ts');
  const dataDir = pgliteDataDir(options);
  return dataDir ? openPglite({ dataDir }) : openPglite({ loadDataDir: options.loadDataDir });
}
