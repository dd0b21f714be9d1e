// CORS for the read-only public services (OGC and the router): any origin may read the answers
// (Access-Control-Allow-Origin: *, no credentials), and a preflight OPTIONS is answered for every
// such path, so a user's own TerriaJS or OpenLayers on another origin can use them.
import type { Route } from './routeTable.ts';

/** The routes with `Access-Control-Allow-Origin: *` on every answer, plus an OPTIONS preflight per path. */
export function withCors(routes: readonly Route[]): Route[] {
  return routes.flatMap((route): Route[] => [
    {
      ...route,
      handler: (ctx) => {
        ctx.res.setHeader('Access-Control-Allow-Origin', '*');
        ctx.res.setHeader('Access-Control-Expose-Headers', 'ETag, Retry-After');
        return route.handler(ctx);
      },
    },
    {
      methods: ['OPTIONS'],
      pattern: route.pattern,
      handler: ({ req, res }) => {
        const asked = String(req.headers['access-control-request-headers'] ?? '');
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': [...new Set([...route.methods, 'HEAD', 'OPTIONS'])].join(', '),
          'Access-Control-Allow-Headers': /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/.test(asked) ? asked : 'Content-Type',
          'Access-Control-Max-Age': '86400',
          'Content-Length': '0',
        });
        res.end();
      },
    },
  ]);
}
