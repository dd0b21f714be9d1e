// BEGIN / COMMIT / ROLLBACK around a callback on one connection.

import type { Queryable, ScriptRunner } from './types.ts';

export type Connection = Queryable & ScriptRunner;

export async function inTransaction<T>(conn: Connection, fn: (tx: Connection) => Promise<T>): Promise<T> {
  await conn.exec('BEGIN');
  let result: T;
  try {
    result = await fn(conn);
  } catch (error) {
    await conn.exec('ROLLBACK').catch(() => undefined); // the connection may already be gone
    throw error;
  }
  await conn.exec('COMMIT');
  return result;
}
