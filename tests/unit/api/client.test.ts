import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import { createTtlCache } from '../../../src/api/cache.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { routerCall, routerUrl } from '../../../src/api/pageApi.ts';
import type { AppConfig } from '../../../src/engine/types.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function clientWith(fetchImpl: typeof fetch, now = () => 0) {
  return createApiClient({ timeoutMs: 20000, cache: { maxEntries: 500, ttlMs: 300000 }, fetchImpl, now });
}

describe('§7 provider API client', () => {
  it('§7 caches GET answers by method and URL', async () => {
    const fetchImpl = vi.fn(async () => json({ errors: '', data: [1] }));
    const api = clientWith(fetchImpl);
    await api.json('/a');
    await api.json('/a');
    await api.json('/b');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('§7 shares one request between concurrent identical GETs', async () => {
    const fetchImpl = vi.fn(async () => json({ ok: true }));
    const api = clientWith(fetchImpl);
    await Promise.all([api.json('/same'), api.json('/same'), api.json('/same')]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('§7 the cache lifetime is 5 minutes', async () => {
    let now = 0;
    const fetchImpl = vi.fn(async () => json({ ok: true }));
    const api = clientWith(fetchImpl, () => now);
    await api.json('/x');
    now = 299_999;
    await api.json('/x');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    now = 300_000;
    await api.json('/x');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('§7 the cache holds at most 500 entries, dropping the least recently used', () => {
    const cache = createTtlCache<number>(500, 1000, () => 0);
    for (let i = 0; i < 501; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(500);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k1')).toBe(1);
    cache.set('k501', 501); // k1 was just used, so k2 is now the oldest
    expect(cache.get('k1')).toBe(1);
    expect(cache.get('k2')).toBeUndefined();
  });

  it('§7 POST is never cached and sends form-encoded parameters', async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json({ ok: true }));
    const api = clientWith(fetchImpl as typeof fetch);
    await api.json('/p', { method: 'POST', form: { island: 'เกาะยอ', ap_tn: 'เมือง' } });
    await api.json('/p', { method: 'POST', form: { island: 'เกาะยอ', ap_tn: 'เมือง' } });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    const init = fetchImpl.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(new URLSearchParams(String(init?.body)).get('island')).toBe('เกาะยอ');
  });

  it('§7 a request with no answer within the timeout fails as "timeout"', async () => {
    vi.useFakeTimers();
    try {
      const fetchImpl = (_: string | URL | Request, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      const api = clientWith(fetchImpl as typeof fetch);
      const pending = api.json('/slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(20_000);
      const error = await pending;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('timeout');
    } finally {
      vi.useRealTimers();
    }
  });

  it('§8 failures are typed: http status, network, unparsable JSON; failures are not cached', async () => {
    const api404 = clientWith(async () => new Response('nope', { status: 404 }));
    await expect(api404.json('/missing')).rejects.toMatchObject({ kind: 'http', status: 404 });
    const apiNet = clientWith(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(apiNet.json('/down')).rejects.toMatchObject({ kind: 'network' });
    let calls = 0;
    const apiBad = clientWith(async () => {
      calls++;
      return new Response('<html>', { status: 200 });
    });
    await expect(apiBad.json('/html')).rejects.toMatchObject({ kind: 'parse' });
    await expect(apiBad.json('/html')).rejects.toMatchObject({ kind: 'parse' });
    expect(calls).toBe(2);
  });
});

describe('§7 router calls', () => {
  const app = { product: 'tcs', backend: { router: '/{product}/v2/router', geoserver: '/geoserver/{product}_postgres', timeoutMs: 20000, cache: { maxEntries: 500, ttlMs: 300000 } } } as AppConfig;

  it('§7 builds /{product}/v2/router URLs from config', () => {
    expect(routerUrl(app, { page: 'coastline', mode: 'list', list: 'amphur', pv: '90' })).toBe('/tcs/v2/router?page=coastline&mode=list&list=amphur&pv=90');
  });

  it('§7 unwraps {errors: "", data}; a non-empty errors is a backend failure', async () => {
    const ok = clientWith(async () => json({ errors: '', data: [{ code: '90', name: 'สงขลา' }] }));
    await expect(routerCall(ok, app, { page: 'coastline' })).resolves.toMatchObject({ data: [{ code: '90' }] });
    const bad = clientWith(async () => json({ errors: 'no such province', data: [] }));
    await expect(routerCall(bad, app, { page: 'coastline' })).rejects.toMatchObject({ kind: 'backend' });
  });
});
