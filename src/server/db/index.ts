// The database layer: open (PGlite or PostgreSQL), migrate, seed.
export { ensureDatabase, nonEmptyTables, type EnsureOptions, type EnsureReport } from './ensure.ts';
export { SCHEMA_LOCK_ID, withAdvisoryLock } from './lock.ts';
export { loadMigrations, migrate, MIGRATIONS_DIR, type Migration } from './migrate.ts';
export { DEFAULT_PGLITE_DIR, openDatabase, type OpenDatabaseOptions } from './open.ts';
export type { Database, ManagedDatabase, Queryable, QueryResult, ScriptRunner, Session } from './types.ts';
