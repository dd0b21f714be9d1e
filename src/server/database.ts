// The database the server answers from. ensureDatabase() opens the primary (PGlite in data/pglite,
// or PostgreSQL/PostGIS via DATABASE_URL), migrates it and, when empty, loads the sample dataset.
// With DATABASE_READ_URL (a read replica of DATABASE_URL, or a pooler in front of replicas) the
// primary is closed again after that and every request is served through the read URL: the
// router, data files and OGC services only ever read.
import { ensureDatabase, type EnsureOptions, type EnsureReport } from './db/ensure.ts';
import { openDatabase } from './db/open.ts';
import type { ManagedDatabase } from './db/types.ts';

export interface ServingDatabase {
  /** Where requests are answered from: the primary, or the read URL when one is set. */
  db: ManagedDatabase;
  report: EnsureReport;
  /** 'primary' or 'read replica' */
  role: 'primary' | 'read replica';
}

export async function openServingDatabase(options: EnsureOptions = {}): Promise<ServingDatabase> {
  const env = options.env ?? process.env;
  const readUrl = env.DATABASE_READ_URL || undefined;
  if (readUrl && !(options.databaseUrl ?? env.DATABASE_URL)) {
    throw new Error('DATABASE_READ_URL needs DATABASE_URL: the primary that start-up migrates and seeds');
  }
  const { db: primary, report } = await ensureDatabase(options);
  if (!readUrl) return { db: primary, report, role: 'primary' };
  await primary.close();
  const replica = await openDatabase({ ...options, databaseUrl: readUrl });
  try {
    await replica.query('SELECT 1 FROM schema_migrations LIMIT 1');
  } catch (error) {
    await replica.close().catch(() => undefined);
    throw new Error(`DATABASE_READ_URL: cannot read the migrated schema there: ${String(error)}`);
  }
  return { db: replica, report, role: 'read replica' };
}
