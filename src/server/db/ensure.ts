// `ensureDatabase()`: open the database, apply pending migrations and, on an empty database, load
// the sample dataset, all under one advisory lock so that several server instances starting
// together on one PostgreSQL do it once. A warm restart only opens and checks.

import type { GenerateReport } from '../data/sample/index.ts';
import { SAMPLE_TABLES } from '../data/sample/tables.ts';
import { SCHEMA_LOCK_ID, withAdvisoryLock } from './lock.ts';
import { migrate } from './migrate.ts';
import { openDatabase, pgliteDataDir, type OpenDatabaseOptions } from './open.ts';
import { ensureSampleTemplate, restoreSampleTemplate } from './sampleTemplate.ts';
import type { ManagedDatabase, Queryable } from './types.ts';

export interface EnsureOptions extends OpenDatabaseOptions {
  /** Load the sample dataset into an empty database (default true). */
  seed?: boolean;
  /** An empty PGlite data dir starts as a copy of the prebuilt sample database when there is one (npm start; default false). */
  sampleTemplate?: boolean;
  log?: (message: string) => void;
}

export interface EnsureReport {
  migrations: string[];
  /** 'generated' | 'copied' (from the prebuilt sample database) | 'present' (sample or imported data found) | 'skipped' (seed: false) | 'partial' (some tables hold data: not touched) */
  data: 'generated' | 'copied' | 'present' | 'skipped' | 'partial';
  generation?: GenerateReport;
  ms: { open: number; migrate: number; seed: number; total: number };
}

/**
 * Whether PostgreSQL's statistics (the last ANALYZE, which the generator and the importer run)
 * count rows in every sample table: a warm start then knows the data is there without the first
 * touch of each table (~0.2 s on PGlite). Otherwise, or on tables never analysed, nonEmptyTables
 * looks. A table emptied by DELETE since its last ANALYZE still counts; every sample table
 * emptied so is the one case this misses, and `npm run db:reset` is the way to a fresh sample.
 */
async function statisticsCountRows(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relname = ANY ($1::text[]) AND c.relkind = 'r' AND c.reltuples > 0 AND n.nspname = ANY (current_schemas(false))`,
    [SAMPLE_TABLES],
  );
  return rows[0]?.n === SAMPLE_TABLES.length;
}

/** Names of the sample tables that hold rows. */
export async function nonEmptyTables(db: Queryable): Promise<string[]> {
  const checks = SAMPLE_TABLES.map((t) => `SELECT '${t}' AS name WHERE EXISTS (SELECT 1 FROM ${t})`).join(' UNION ALL ');
  const { rows } = await db.query<{ name: string }>(checks);
  return rows.map((r) => r.name);
}

export async function ensureDatabase(options: EnsureOptions = {}): Promise<{ db: ManagedDatabase; report: EnsureReport }> {
  const log = options.log ?? ((message: string) => console.log(message));
  const t0 = performance.now();
  const dataDir = options.sampleTemplate && options.seed !== false ? pgliteDataDir(options) : null;
  const template = dataDir ? restoreSampleTemplate(dataDir) : null;
  if (template) log(`database: first start, copied the prebuilt sample database from ${template}`);
  const db = await openDatabase(options);
  const t1 = performance.now();
  let t2 = t1;
  try {
    const result = await db.withSession((session) =>
      withAdvisoryLock(session, SCHEMA_LOCK_ID, async () => {
        const migrations = await migrate(session);
        if (migrations.length > 0) log(`database: applied ${migrations.join(', ')}`);
        t2 = performance.now();
        if (options.seed === false) return { migrations, data: 'skipped' as const };
        const filled = migrations.length === 0 && (await statisticsCountRows(session)) ? SAMPLE_TABLES : await nonEmptyTables(session);
        if (filled.length === SAMPLE_TABLES.length) return { migrations, data: template ? ('copied' as const) : ('present' as const) };
        if (filled.length > 0) {
          log(`database: not loading the sample dataset, these tables already hold data: ${filled.join(', ')}`);
          return { migrations, data: 'partial' as const };
        }
        log('database: empty, loading the sample dataset (about a minute on PGlite)');
        await session.exec('SET statement_timeout = 0');
        // loaded only to generate: a warm start opens the database without the generator's modules
        const { generateSampleData } = await import('../data/sample/index.ts');
        const generation = await session.transaction((tx) => generateSampleData(tx, { log }));
        log(`database: sample dataset loaded in ${(generation.ms / 1000).toFixed(1)} s`);
        return { migrations, data: 'generated' as const, generation };
      }),
    );
    const t3 = performance.now();
    const ms = { open: Math.round(t1 - t0), migrate: Math.round(t2 - t1), seed: Math.round(t3 - t2), total: Math.round(t3 - t0) };
    log(`database: ${db.description} ready in ${(ms.total / 1000).toFixed(1)} s`);
    return { db, report: { ...result, ms } };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
}

/** The prebuilt sample database (sampleTemplate.ts), generated first when missing; returns its path. */
export function prebuildSampleDatabase(log: (message: string) => void = () => undefined): Promise<string> {
  return ensureSampleTemplate(async (dataDir) => {
    // env {}: always PGlite, whatever DATABASE_URL says
    const { db } = await ensureDatabase({ dataDir, env: {}, log });
    await db.close();
  });
}
