// The generator is deterministic and ensureDatabase behaves: a fresh database gets the sample
// dataset once (same fingerprint as the cached generation), a restart finds it and is fast.

import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDatabase } from '../../../src/server/db/ensure.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import { fingerprint } from './fingerprint.ts';
import { ENGINE, openEmptyDatabase, openSampleDatabase, SLOW, type TestDatabase } from './testDatabase.ts';

describe(`sample generation and ensureDatabase (${ENGINE})`, { timeout: SLOW }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('generates the same dataset every time, once, and restarts fast', async () => {
    const empty = await openEmptyDatabase();
    await empty.db.close(); // ensureDatabase opens it itself, as the server does
    cleanups.push(async () => empty.close().catch(() => undefined));
    const target = empty.url ? { databaseUrl: empty.url } : { dataDir: empty.dataDir! };
    const messages: string[] = [];

    const cold = await ensureDatabase({ ...target, log: (m) => messages.push(m) });
    let db: ManagedDatabase = cold.db;
    expect(cold.report.data).toBe('generated');
    expect(cold.report.migrations.length).toBeGreaterThan(0);
    expect(messages.some((m) => m.includes('loading the sample dataset'))).toBe(true);
    const fresh = await fingerprint(db);
    await db.close();
    console.log(`[${ENGINE}] cold start ${cold.report.ms.total} ms (open ${cold.report.ms.open}, migrate ${cold.report.ms.migrate}, generate ${cold.report.ms.seed})`);

    const warm = await ensureDatabase({ ...target, log: () => undefined });
    db = warm.db;
    expect(warm.report).toMatchObject({ migrations: [], data: 'present' });
    expect(await fingerprint(db)).toEqual(fresh);
    await db.close();
    console.log(`[${ENGINE}] warm start ${warm.report.ms.total} ms`);
    expect(warm.report.ms.total).toBeLessThan(20_000);

    let cached: TestDatabase | undefined;
    try {
      cached = await openSampleDatabase();
      expect(fresh).toEqual(await fingerprint(cached.db));
    } finally {
      await cached?.close();
    }
    if (empty.dataDir) expect(existsSync(empty.dataDir)).toBe(true);
  });
});
