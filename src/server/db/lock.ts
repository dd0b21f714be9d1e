// A PostgreSQL session-level advisory lock, so that several server instances starting together on
// one database migrate and seed it once. Waiting for the lock is exempt from the statement timeout.

import type { Session } from './types.ts';

/** The lock id for schema migrations and seeding (any constant shared by all instances). */
export const SCHEMA_LOCK_ID = 7_368_001_562;

export async function withAdvisoryLock<T>(session: Session, lockId: number, fn: () => Promise<T>): Promise<T> {
  await session.exec('SET statement_timeout = 0');
  try {
    await session.query('SELECT pg_advisory_lock($1::bigint)', [lockId]);
    try {
      return await fn();
    } finally {
      await session.query('SELECT pg_advisory_unlock($1::bigint)', [lockId]);
    }
  } finally {
    await session.exec('RESET statement_timeout');
  }
}
