// Issue 12: every cache of the OGC service is bounded. Any spelling of cvi_<variables> is a layer
// (cvi_1_3, cvi_3_1, cvi_03_1, ...), so a client inventing names must not grow memory: 100k
// distinct spellings leave the look cache at its entry budget and RSS flat; GetMap over HTTP
// with fresh names keeps the look and tile caches within their budgets. WFS answers are kept by
// their ETag (issue 29 aim 7) until the data changes, within their budget.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileCache } from '../../../src/server/client/fileCache.ts';
import type { Database } from '../../../src/server/db/types.ts';
import { Lru, SharedLru, byteLru } from '../../../src/server/ogc/cache.ts';
import { OgcService } from '../../../src/server/ogc/service.ts';
import { SLOW } from '../db/testDatabase.ts';
import { configLegends, startOgcBackend, WFS, WMS, type OgcBackend } from './helpers.ts';

/** Distinct cvi_ spellings: ordered picks of `k` of the 11 variables, numbers written with or without a leading zero. */
function* cviSpellings(): Generator<string> {
  const pick = function* (k: number, chosen: number[]): Generator<number[]> {
    if (chosen.length === k) {
      yield chosen;
      return;
    }
    for (let v = 1; v <= 11; v++) if (!chosen.includes(v)) yield* pick(k, [...chosen, v]);
  };
  for (const k of [1, 2, 3, 4, 5, 6]) {
    for (const values of pick(k, [])) {
      const plain = `cvi_${values.join('_')}`;
      const padded = `cvi_${values.map((v) => String(v).padStart(2, '0')).join('_')}`;
      yield plain;
      if (padded !== plain) yield padded;
    }
  }
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** RSS after a full garbage collection: what the process really holds. */
function settledRss(): number {
  gc();
  gc();
  return process.memoryUsage().rss;
}

function firstSpellings(n: number): string[] {
  const out: string[] = [];
  for (const name of cviSpellings()) {
    out.push(name);
    if (out.length === n) break;
  }
  return out;
}

describe('Lru', () => {
  it('evicts the least recently used entry beyond an entry budget', () => {
    const lru = new Lru<string>({ maxWeight: 2, maxEntryWeight: 1 });
    lru.set('a', 'A');
    lru.set('b', 'B');
    expect(lru.get('a')).toBe('A');
    lru.set('c', 'C');
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual(['A', undefined, 'C']);
    expect(lru.size).toBe(2);
  });

  it('counts keys and bookkeeping in a byte budget, so tiny entries cannot pile up', () => {
    const lru = byteLru<Buffer>(64 * 1024);
    for (let i = 0; i < 100_000; i++) lru.set(`key-${i}`, Buffer.alloc(1));
    expect(lru.totalWeight).toBeLessThanOrEqual(64 * 1024);
    expect(lru.size).toBeLessThan(600);
  });
});

describe('SharedLru', () => {
  it('computes a missing value once for requests at the same time, keeps it, and keeps no failure', async () => {
    const cache = new SharedLru(new Lru<string>({ maxWeight: 4, maxEntryWeight: 1 }));
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 'A';
    };
    expect(await Promise.all([cache.get('a', compute), cache.get('a', compute)])).toEqual(['A', 'A']);
    expect(await cache.get('a', compute)).toBe('A');
    expect(computed).toBe(1);
    await expect(cache.get('b', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('b', async () => 'B')).toBe('B');
    cache.clear();
    expect(await cache.get('a', compute)).toBe('A');
    expect(computed).toBe(2);
  });
});

describe('FileCache (client files)', () => {
  it('keeps at most maxFiles derived files', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'file-cache-'));
    try {
      for (const name of ['a', 'b', 'c']) writeFileSync(path.join(dir, name), name);
      const derived: string[] = [];
      const cache = new FileCache((file) => derived.push(path.basename(file)), 2);
      for (const name of ['a', 'b', 'a', 'c', 'a', 'b']) await cache.get(path.join(dir, name));
      // a stays (recently used), b was evicted by c and is read again
      expect(derived).toEqual(['a', 'b', 'c', 'b']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('OgcService look cache', () => {
  it('100k distinct cvi_* spellings keep the cache at its budget and RSS flat', async () => {
    const svc = new OgcService({ product: 'tcs', db: {} as Database, legends: await configLegends(), renderThreads: 0 });
    const names = firstSpellings(100_000);
    expect(new Set(names).size).toBe(100_000);
    // warm up the code paths first, so the measurement sees only what the names add
    for (const name of names.slice(0, 2000)) svc.look(svc.resolve(`tcs:${name}`, 'LAYERS', 'LayerNotDefined'));
    const before = settledRss();
    for (const name of names) svc.look(svc.resolve(`tcs:${name}`, 'LAYERS', 'LayerNotDefined'));
    const grown = settledRss() - before;
    expect(svc.looks.size).toBeLessThanOrEqual(256);
    // unbounded (measured): 100k names held ~540 MB
    expect(grown).toBeLessThan(32 * 1024 * 1024);
    svc.close();
  }, 60_000);
});

describe('caches behind GetMap over HTTP', () => {
  let backend: OgcBackend;
  beforeAll(async () => {
    backend = await startOgcBackend({ lookCacheEntries: 32, tileCacheBytes: 256 * 1024 });
  }, SLOW);
  afterAll(async () => {
    await backend?.close();
  });

  it('fresh layer names keep the look and tile caches within their budgets', async () => {
    const names = firstSpellings(300);
    for (let i = 0; i < names.length; i += 10) {
      const answers = await Promise.all(
        names.slice(i, i + 10).map((name) =>
          backend.get(WMS, { SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetMap', LAYERS: `tcs:${name}`, STYLES: '', SRS: 'EPSG:4326', BBOX: '99,6,99.01,6.01', WIDTH: 256, HEIGHT: 256, FORMAT: 'image/png' }),
        ),
      );
      for (const a of answers) expect(a.status, a.text).toBe(200);
    }
    expect(backend.service.looks.size).toBeLessThanOrEqual(32);
    expect(backend.service.tiles.totalWeight).toBeLessThanOrEqual(256 * 1024);
  }, 120_000);
});

describe('WFS GetFeature answer cache (issue 29 aim 7)', () => {
  const VERSION_TTL_MS = 200;
  let backend: OgcBackend;
  beforeAll(async () => {
    backend = await startOgcBackend({ datasetVersionTtlMs: VERSION_TTL_MS, featureCacheBytes: 4 * 1024 * 1024 });
  }, SLOW);
  afterAll(async () => {
    await backend?.close();
  });
  const page = (startIndex: number) => ({ SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:coastallu_2558', COUNT: 200, STARTINDEX: startIndex, OUTPUTFORMAT: 'application/json' });
  const stamp = (text: string) => /"timeStamp":"([^"]+)"/.exec(text)?.[1];

  it('sends a page asked again as it was made, until an import changes the data; stays within its budget', async () => {
    const first = await backend.get(WFS, page(0));
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text).features).toHaveLength(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const again = await backend.get(WFS, page(0));
    // the same bytes, timeStamp included: not read again
    expect(again.text).toBe(first.text);
    expect(again.headers.etag).toBe(first.headers.etag);
    const other = await backend.get(WFS, page(200));
    expect(JSON.parse(other.text).features[0].id).not.toBe(JSON.parse(first.text).features[0].id);

    await backend.db.query(`INSERT INTO dataset_info (name, version, sample) VALUES ('wfs-cache-test', '1', true)`);
    try {
      await new Promise((resolve) => setTimeout(resolve, VERSION_TTL_MS + 100));
      const changed = await backend.get(WFS, page(0));
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(first.headers.etag);
      expect(stamp(changed.text)).not.toBe(stamp(first.text));
    } finally {
      await backend.db.query(`DELETE FROM dataset_info WHERE name = 'wfs-cache-test'`);
    }
    for (let i = 0; i < 40; i++) expect((await backend.get(WFS, page(400 + i * 200))).status).toBe(200);
    expect(backend.service.featureAnswers.totalWeight).toBeLessThanOrEqual(4 * 1024 * 1024);
  }, 120_000);
});
