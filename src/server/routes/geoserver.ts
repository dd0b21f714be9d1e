// The provider's GeoServer paths (SPEC.md §7, DESIGN.md §6): /geoserver/{product}_postgres/wms,
// /wfs and /ows (ows dispatches by SERVICE), GET and form-encoded POST, served from the
// database through src/server/ogc.

import { withCors } from '../http/cors.ts';
import type { Route } from '../http/routeTable.ts';
import type { Endpoint, OgcService } from '../ogc/service.ts';

/** The wms, wfs and ows endpoints of one service, readable from any origin (CORS). */
export function ogcRoutes(service: OgcService): Route[] {
  const endpoints: Endpoint[] = ['wms', 'wfs', 'ows'];
  return withCors(endpoints.map((endpoint) => ({
    methods: ['GET', 'POST'],
    pattern: service.path(endpoint),
    handler: (ctx) => service.handle(ctx, endpoint),
  })));
}
