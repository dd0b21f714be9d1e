// Embedded PostgreSQL (PGlite, WASM) with PostGIS. PGlite has one connection, so every query,
// transaction and session waits its turn in one queue; concurrent HTTP requests are therefore safe
// but served one query at a time. A data directory persists between runs; without one the
// database lives in memory.

import { mkdirSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { extendedQuery } from './pgliteQuery.ts';
import { PGLITE_SETTINGS } from './pgliteSettings.ts';
import { postgisFromFiles } from './postgisFiles.ts';
import { SerialQueue } from './serialQueue.ts';
import { fastRuntimeImports } from './runtimeImports.ts';
import { inTransaction, type Connection } from './transaction.ts';
import type { ManagedDatabase, QueryResult, Session } from './types.ts';
import { TEXT_PARSERS } from './valueTypes.ts';

interface PgliteOptions {
  /** Directory of the database files, created when missing; omit for an in-memory database. */
  dataDir?: string;
  /** A tarball from `dumpDataDir` to start from (in-memory databases only). */
  loadDataDir?: Blob;
}

const DEADLOCK_MESSAGE =
  'PGlite has one connection and it is held by the surrounding transaction or session: ' +
  'use the handle passed to the callback instead of the database object';

/**
 * V8 compiles a WebAssembly function with its baseline compiler (Liftoff) on the first call and
 * again with its optimising one (TurboFan) once it is hot, by default in as many background jobs as
 * the platform has threads. Opening PGlite and its first queries make hundreds of postgres's
 * functions hot at once, and those jobs took both cores from the main thread: a warm restart
 * (spawn to the first router answer, alternated runs) 1.43-1.53 s median by default, 1.05-1.16 s
 * with one job. The functions still reach TurboFan, one at a time. Process-wide; no other
 * WebAssembly of the server is large.
 */
const WASM_COMPILE_JOBS = '--wasm-num-compilation-tasks=1';

export async function openPglite(options: PgliteOptions = {}): Promise<ManagedDatabase & { pglite: PGlite }> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  setFlagsFromString(WASM_COMPILE_JOBS);
  const pglite = new PGlite({
    dataDir: options.dataDir ?? 'memory://',
    extensions: { runtimeImports: fastRuntimeImports, postgis: postgisFromFiles },
    parsers: { ...TEXT_PARSERS },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  await pglite.waitReady;

  const queue = new SerialQueue();
  const conn: Connection = {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      return { rows: await extendedQuery<Row>(pglite, sql, params) };
    },
    async exec(sql: string): Promise<void> {
      await pglite.exec(sql);
    },
  };
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    if (queue.heldByCaller) return Promise.reject(new Error(DEADLOCK_MESSAGE));
    return queue.run(task);
  };
  const session: Session = { ...conn, transaction: (fn) => inTransaction(conn, fn) };

  return {
    kind: 'pglite',
    description: options.dataDir ? `PGlite ${options.dataDir}` : 'PGlite (in memory)',
    pglite,
    query: (sql, params) => exclusive(() => conn.query(sql, params)),
    exec: (sql) => exclusive(() => conn.exec(sql)),
    transaction: (fn) => exclusive(() => inTransaction(conn, fn)),
    withSession: (fn) => exclusive(() => fn(session)),
    close: () => queue.run(() => pglite.close()),
  };
}
