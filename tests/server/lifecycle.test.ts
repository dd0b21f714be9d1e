// Issue 12: /healthz (the process answers) and /readyz (the database answers, not shutting down)
// for a load balancer; a graceful shutdown lets the requests in flight finish before it ends.
import { Agent, request as httpRequest, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppServer } from '../../src/server/app.ts';
import type { Database } from '../../src/server/db/types.ts';
import { healthRoutes, Lifecycle } from '../../src/server/http/lifecycle.ts';
import { makeFakeDist, rawRequest } from './helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A database whose queries answer after `delayMs`, or fail when `down`. */
function fakeDb(state: { down: boolean; delayMs: number }): Database {
  const query = async () => {
    await sleep(state.delayMs);
    if (state.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    return { rows: [{ prv_code: '90', prv_name: 'สงขลา' }] as never[] };
  };
  return { kind: 'postgres', query, transaction: async (fn) => fn({ query }), close: async () => undefined };
}

const dist = makeFakeDist();
let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanup) c();
  cleanup = [];
});

async function start(state: { down: boolean; delayMs: number }) {
  const lifecycle = new Lifecycle();
  const server = createAppServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}', db: fakeDb(state), legends: [], log: () => undefined, lifecycle });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => server.closeAllConnections());
  return { server, lifecycle, port: (server.address() as AddressInfo).port };
}

describe('health endpoints', () => {
  it('/healthz answers while the database is down; /readyz follows the database', async () => {
    const state = { down: true, delayMs: 0 };
    const { port } = await start(state);
    expect((await rawRequest(port, 'GET', '/healthz')).status).toBe(200);
    const unready = await rawRequest(port, 'GET', '/readyz');
    expect(unready.status).toBe(503);
    expect(unready.headers['retry-after']).toMatch(/^\d+$/);
    state.down = false;
    const ready = await rawRequest(port, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body.toString())).toEqual({ status: 'ready', database: 'answering' });
  });

  it('/readyz gives up on a database that does not answer within 2 s', async () => {
    const { port } = await start({ down: false, delayMs: 10_000 });
    const started = performance.now();
    expect((await rawRequest(port, 'GET', '/readyz')).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(4000);
  });
});

describe('graceful shutdown', () => {
  it('requests in flight finish (their connection not kept alive); then the server closes', async () => {
    const state = { down: false, delayMs: 800 };
    const { server, lifecycle, port } = await start(state);
    const agent = { keepAlive: true };
    const slow = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path: '/tcs/v2/router?page=changecoastline&mode=list&list=province', agent: new Agent(agent) }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      });
      req.on('error', reject);
      req.end();
    });
    await sleep(200);
    expect(lifecycle.isDraining).toBe(false);
    const drained = lifecycle.drain(server, 5000);
    expect(lifecycle.isDraining).toBe(true);
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('close');
    expect(await drained).toBe(true);
    await expect(rawRequest(port, 'GET', '/healthz')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('readiness while draining', () => {
  it('/readyz is 503 once the server drains', async () => {
    const lifecycle = new Lifecycle();
    const readyz = healthRoutes(lifecycle, undefined).find((r) => r.pattern === '/readyz')!;
    const statusOf = async () => {
      let status = 0;
      const res = { writeHead: (s: number) => (status = s), end: () => undefined } as unknown as ServerResponse;
      await readyz.handler({ req: {} as never, res, pathname: '/readyz', query: new URLSearchParams(), params: {} });
      return status;
    };
    expect(await statusOf()).toBe(200);
    const server = createAppServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}', log: () => undefined, lifecycle });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await lifecycle.drain(server, 1000);
    expect(await statusOf()).toBe(503);
  });
});
