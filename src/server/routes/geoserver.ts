// The provider's GeoServer paths (SPEC.md §7, DESIGN.md §6): /geoserver/{product}_postgres/wms,
// /wfs and /ows (ows dispatches by SERVICE), GET and form-encoded POST, served from the
// database through src/server/ogc.

import type { Legend } from '../../engine/types.ts';
import type { Database } from '../db/types.ts';
import { withCors } from '../http/cors.ts';
import type { Route } from '../http/routeTable.ts';
import { OgcService, type Endpoint } from '../ogc/service.ts';

interface GeoserverRoutesOptions {
  /** Product id, e.g. 'tcs': the paths are /geoserver/tcs_postgres/..., layer names tcs:<name>. */
  product: string;
  db: Database;
  /** config legends (bundle.legends): WMS styles and legend graphics use exactly these. */
  legends: readonly Legend[];
  /** Public URL for links in capabilities (e.g. 'https://maps.example.org'); default from the Host header. */
  publicUrl?: string;
  /** Reverse proxies whose X-Forwarded-Proto/Host are believed. */
  trustedProxies?: readonly string[];
  /** Where unexpected failures are reported. */
  logError?: (entry: object) => void;
}

export function geoserverRoutes(options: GeoserverRoutesOptions): Route[] {
  return ogcRoutes(new OgcService(options));
}

/** The wms, wfs and ows endpoints of one service, readable from any origin (CORS). */
export function ogcRoutes(service: OgcService): Route[] {
  const endpoints: Endpoint[] = ['wms', 'wfs', 'ows'];
  return withCors(endpoints.map((endpoint) => ({
    methods: ['GET', 'POST'],
    pattern: service.path(endpoint),
    handler: (ctx) => service.handle(ctx, endpoint),
  })));
}
