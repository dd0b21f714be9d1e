// Issue 12 faults: a database outage is a 503 with Retry-After from the router and the OGC
// services (not a 500); a GetFeatureInfo upstream that never answers or drips its body is a 504;
// error logs are one line per kind per interval, with a count.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/types.ts';
import { rateLimitedLog } from '../../src/server/http/errorLog.ts';
import { proxyFeatureInfo, ProxyError } from '../../src/server/proxy/wmsProxy.ts';
import { SLOW } from './db/testDatabase.ts';
import { makeFakeDist, startServer } from './helpers.ts';
import { rawRequest, startBackend, type Backend } from './pageApi/helpers.ts';

describe('rateLimitedLog', () => {
  it('one line per kind per interval, then the count', () => {
    let t = 0;
    const lines: Array<Record<string, unknown>> = [];
    const log = rateLimitedLog((e) => lines.push(e as Record<string, unknown>), { intervalMs: 10_000, now: () => t });
    for (let i = 0; i < 1000; i++) log({ level: 'error', where: 'router', path: `/x/${i}`, error: `Error: connect ECONNREFUSED 10.0.0.${i % 250}:5432` });
    log({ level: 'error', where: 'ogc', error: 'Error: boom' });
    expect(lines.map((l) => l.where)).toEqual(['router', 'ogc']);
    t = 10_001;
    log({ level: 'error', where: 'ogc', error: 'Error: boom' });
    expect(lines.slice(2)).toEqual([expect.objectContaining({ where: 'router', repeated: 999, intervalSeconds: 10 }), expect.objectContaining({ where: 'ogc', error: 'Error: boom' })]);
    expect(lines[3]!.repeated).toBeUndefined();
  });
  it('a flood of distinct messages is bounded too', () => {
    const lines: unknown[] = [];
    const log = rateLimitedLog((e) => lines.push(e), { maxKinds: 10 });
    for (let i = 0; i < 5000; i++) log({ where: 'x', error: `unique ${String.fromCharCode(97 + (i % 26))}${'z'.repeat(i % 50)}` });
    expect(lines.length).toBeLessThanOrEqual(11);
  });
});

describe('database outage', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const down: Database = {
    kind: 'postgres',
    query: async () => {
      throw refused;
    },
    transaction: async () => {
      throw refused;
    },
    close: async () => undefined,
  };
  let server: { port: number; close: () => Promise<void> };
  const logs: Array<Record<string, unknown>> = [];
  const dist = makeFakeDist();
  beforeAll(async () => {
    server = await startServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}', db: down, legends: [], log: (e) => logs.push(e as Record<string, unknown>) });
  });
  afterAll(async () => {
    await server?.close();
    dist.cleanup();
  });

  it('the router answers 503 with Retry-After, the OGC services too; the log has one line per kind', async () => {
    for (let i = 0; i < 30; i++) {
      const a = await rawRequest(server.port, 'GET', '/tcs/v2/router?page=changecoastline&mode=list&list=province');
      expect(a.status).toBe(503);
      expect(a.headers['retry-after']).toMatch(/^\d+$/);
      expect(a.json().errors).toMatch(/not available/);
      const o = await rawRequest(server.port, 'GET', '/geoserver/tcs_postgres/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=tcs:cmline_2567');
      expect(o.status).toBe(503);
      expect(o.headers['retry-after']).toMatch(/^\d+$/);
    }
    const errors = logs.filter((l) => l.level === 'error');
    expect(errors.filter((l) => l.where === 'router')).toHaveLength(1);
    expect(errors.filter((l) => l.where === 'ogc')).toHaveLength(1);
  });
  it('a bundled data file answers 503 with Retry-After, not 500, and any origin may read it and ask first (issue 27 item 2)', async () => {
    const a = await rawRequest(server.port, 'GET', '/maps/assets/data/cctv.json');
    expect(a.status).toBe(503);
    expect(a.headers['retry-after']).toMatch(/^\d+$/);
    expect(a.headers['access-control-allow-origin']).toBe('*');
    expect(a.json().errors).toMatch(/not available/);
    const preflight = await rawRequest(server.port, 'OPTIONS', '/maps/assets/data/radar_stations.json', { headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('GetFeatureInfo upstream faults: 504', () => {
  let upstream: Server;
  let origin: string;
  let backend: Backend;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (req.url?.startsWith('/silent')) return; // never answers
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"type":"FeatureCollection",');
      const drip = setInterval(() => res.write(' '), 200); // headers at once, then a byte now and then
      res.on('close', () => clearInterval(drip));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    backend = await startBackend({ allowOrigins: [origin] });
  }, SLOW);
  afterAll(async () => {
    upstream?.closeAllConnections();
    upstream?.close();
    await backend?.close();
  });

  const GFI = 'SERVICE=WMS&REQUEST=GetFeatureInfo&LAYERS=a&QUERY_LAYERS=a&INFO_FORMAT=application/json';
  it.each(['silent', 'drip'])('an upstream that is %s ends in a 504', async (kind) => {
    const error = await proxyFeatureInfo(`${origin}/${kind}/wms?${GFI}`, { allowOrigins: [origin], selfOrigin: 'http://127.0.0.1:1', timeoutMs: 600 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyError);
    expect((error as ProxyError).status).toBe(504);
  });
  it('through the router (its 5 s deadline)', async () => {
    const a = await backend.router({ page: 'wms', wms: `${origin}/drip/wms?${GFI}` });
    expect(a.status).toBe(504);
    expect(a.json().errors).toMatch(/longer than allowed/);
  }, 20_000);
});

describe('the request deadline (issue 27 item 1)', () => {
  // A database whose queries never answer: what a frozen server looks like without the pool's bounds.
  const hung: Database = {
    kind: 'postgres',
    query: () => new Promise(() => undefined),
    transaction: () => new Promise(() => undefined),
    close: async () => undefined,
  };
  let server: { port: number; close: () => Promise<void> };
  const logs: Array<Record<string, unknown>> = [];
  const dist = makeFakeDist();
  beforeAll(async () => {
    server = await startServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}', db: hung, legends: [], requestTimeoutMs: 1000, log: (e) => logs.push(e as Record<string, unknown>) });
  });
  afterAll(async () => {
    await server?.close();
    dist.cleanup();
  });

  it.each([
    ['the router', '/tcs/v2/router?page=coastline&mode=list&list=province'],
    ['a bundled data file', '/maps/assets/data/cctv.json'],
    ['WFS', '/geoserver/tcs_postgres/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=tcs:cmline_2567'],
  ])('%s answers 503 with Retry-After and CORS after the deadline, and says so in the log', async (_name, target) => {
    const started = Date.now();
    const answer = await rawRequest(server.port, 'GET', target);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toMatch(/^\d+$/);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(logs.some((l) => l.where === 'deadline')).toBe(true);
  });
});
