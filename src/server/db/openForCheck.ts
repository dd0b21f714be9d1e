// The database `npm run check:config` checks the layer catalog against: the one `npm start` would
// serve (DATABASE_URL, else the PGlite data directory), opened without migrating or seeding it.
// A PGlite directory a running server holds is read from a copy (two processes must never open
// one directory). When it cannot be had, the reason is said plainly and the caller checks the rest.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataDirHolder } from './dataDirLock.ts';
import { openDatabase, pgliteDataDir } from './open.ts';
import { describeConnectionString } from './postgres.ts';
import type { ManagedDatabase } from './types.ts';

const CONNECT_TIMEOUT_MS = 5_000;

type CheckDatabase = { ok: true; db: ManagedDatabase; description: string; close(): Promise<void> } | { ok: false; reason: string };

function shown(dir: string): string {
  const rel = path.relative(process.cwd(), dir);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : dir;
}

export async function openDatabaseForCheck(env: NodeJS.ProcessEnv = process.env): Promise<CheckDatabase> {
  const url = env.DATABASE_URL || undefined;
  if (url) {
    const where = `PostgreSQL ${describeConnectionString(url)}`;
    const db = await openDatabase({ databaseUrl: url, poolMax: 2, env });
    try {
      await withTimeout(db.query('SELECT 1'), CONNECT_TIMEOUT_MS, `no answer within ${CONNECT_TIMEOUT_MS / 1000} s`);
    } catch (error) {
      void db.close().catch(() => undefined);
      return { ok: false, reason: `cannot reach the database ${where}: ${(error as Error).message}` };
    }
    return { ok: true, db, description: where, close: () => db.close() };
  }
  const dir = pgliteDataDir({ env });
  if (!dir || !existsSync(path.join(dir, 'PG_VERSION'))) {
    return { ok: false, reason: `no database yet in ${shown(dir ?? 'data/pglite')} (npm start creates it with the sample dataset; or set DATABASE_URL)` };
  }
  const holder = dataDirHolder(dir);
  if (holder === undefined) {
    const db = await openDatabase({ dataDir: dir, env: {} });
    return { ok: true, db, description: `PGlite ${shown(dir)}`, close: () => db.close() };
  }
  const copy = mkdtempSync(path.join(os.tmpdir(), 'tcs-check-'));
  cpSync(dir, copy, { recursive: true });
  const db = await openDatabase({ dataDir: copy, env: {} });
  return {
    ok: true,
    db,
    description: `PGlite ${shown(dir)} (a copy: the server with pid ${holder} is using it)`,
    close: async () => {
      await db.close();
      rmSync(copy, { recursive: true, force: true });
    },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
