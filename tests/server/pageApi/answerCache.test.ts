// The router's answer cache (issue 29 aim 7): the same question asked again is answered without the
// database, in any parameter order, with the same body and ETag; a change of the data's fingerprint
// (an import moves a sequence or dataset_info) is seen within its few seconds; failures, files and
// the feature-info proxy are never kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_VERSION_TTL_MS } from '../../../src/server/db/datasetVersion.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import { openSampleDatabase, SLOW, type TestDatabase } from '../db/testDatabase.ts';
import { startBackend, type Backend } from './helpers.ts';

let sample: TestDatabase;
let backend: Backend;
/** The statements the server sent, in order. */
const statements: string[] = [];

beforeAll(async () => {
  sample = await openSampleDatabase();
  // The real sample database, with every statement noted on its way.
  const counted = new Proxy(sample.db, {
    get(target, prop) {
      if (prop === 'query') {
        return (text: string, params?: unknown[]) => {
          statements.push(text);
          return target.query(text, params);
        };
      }
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  }) as ManagedDatabase;
  backend = await startBackend({ db: counted });
}, SLOW);
afterAll(async () => {
  await backend?.close();
  await sample?.close();
});

const TOTALS = { page: 'transects', mode: 'totals', pv: '90', start: '2562', end: '2567', by: 'province' };

describe('router answer cache', () => {
  it('answers a repeated question without the database, in any parameter order, with the same body and ETag', async () => {
    const first = await backend.router(TOTALS);
    expect(first.status).toBe(200);
    expect(first.json().data.length).toBeGreaterThan(0);
    const before = statements.length;
    const again = await backend.router(Object.fromEntries(Object.entries(TOTALS).reverse()));
    expect(statements.slice(before)).toEqual([]);
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    // a browser's revalidation still gets its 304
    expect((await backend.router(TOTALS, { 'If-None-Match': first.headers.etag! })).status).toBe(304);
    // another question is asked of the database
    await backend.router({ ...TOTALS, pv: '84' });
    expect(statements.length).toBeGreaterThan(before);
  });

  it('asks the database again once the data changed (an import) and its fingerprint was re-read', async () => {
    await backend.router(TOTALS);
    await sample.db.query(`INSERT INTO dataset_info (name, version, sample) VALUES ('answer-cache-test', '1', true)`);
    try {
      await new Promise((resolve) => setTimeout(resolve, DATASET_VERSION_TTL_MS + 200));
      const before = statements.length;
      expect((await backend.router(TOTALS)).status).toBe(200);
      expect(statements.slice(before).some((text) => /transect/i.test(text))).toBe(true);
    } finally {
      await sample.db.query(`DELETE FROM dataset_info WHERE name = 'answer-cache-test'`);
    }
  });

  it('keeps no failure: a bad question is answered 400 each time, and a fixed one is then computed', async () => {
    const bad = { ...TOTALS, start: '2567', end: '2562' };
    const first = await backend.router(bad);
    expect(first.status).toBe(400);
    expect((await backend.router(bad)).status).toBe(400);
    expect(first.headers.etag).toBeUndefined();
  });
});
