import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createRouter, type RequestContext, type Route } from '../../src/server/http/routeTable.ts';

interface Recorded {
  status?: number;
  headers?: Record<string, unknown>;
}

function fakeExchange(method: string, pathname: string): { ctx: Omit<RequestContext, 'params'>; recorded: Recorded } {
  const recorded: Recorded = {};
  const res = {
    writeHead(status: number, headers: Record<string, unknown>) {
      recorded.status = status;
      recorded.headers = headers;
    },
    end() {},
  } as unknown as ServerResponse;
  return { ctx: { req: { method } as IncomingMessage, res, pathname, query: new URLSearchParams() }, recorded };
}

describe('createRouter', () => {
  const hits: Array<[string, Readonly<Record<string, string>>]> = [];
  const route = (name: string, methods: Route['methods'], pattern: string): Route => ({
    methods,
    pattern,
    handler: (ctx) => void hits.push([name, ctx.params]),
  });
  const dispatch = createRouter([
    route('service', ['GET', 'POST'], '/geoserver/tcs_postgres/:service'),
    route('exact', ['GET'], '/maps'),
    route('rest', ['GET'], '/maps/*'),
  ]);

  it('captures :name segments and the rest after *', async () => {
    await dispatch(fakeExchange('POST', '/geoserver/tcs_postgres/wfs').ctx);
    await dispatch(fakeExchange('GET', '/maps/cmline/island').ctx);
    await dispatch(fakeExchange('HEAD', '/maps/').ctx);
    await dispatch(fakeExchange('GET', '/maps').ctx);
    expect(hits).toEqual([
      ['service', { service: 'wfs' }],
      ['rest', { rest: 'cmline/island' }],
      ['rest', { rest: '' }],
      ['exact', {}],
    ]);
  });

  it('answers 405 with Allow when only the method is wrong', async () => {
    const { ctx, recorded } = fakeExchange('DELETE', '/geoserver/tcs_postgres/wms');
    await dispatch(ctx);
    expect(recorded.status).toBe(405);
    expect(recorded.headers?.Allow).toBe('GET, POST, HEAD');
  });

  it('answers 404 when no pattern matches', async () => {
    for (const pathname of ['/geoserver/tcs_postgres/wms/extra', '/geoserver/other_postgres/wms', '/']) {
      const { ctx, recorded } = fakeExchange('GET', pathname);
      await dispatch(ctx);
      expect(recorded.status).toBe(404);
    }
  });
});
