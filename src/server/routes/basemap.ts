import { basemapPaths, loadBasemap } from '../basemap/index.ts';
import type { Route } from '../http/router.ts';
import { sendCached } from '../http/send.ts';

/** The offline base map: a MapLibre style and the land GeoJSON it points to. */
export function basemapRoutes(basePath: string): Route[] {
  const basemap = loadBasemap(basePath);
  const paths = basemapPaths(basePath);
  return [
    { methods: ['GET'], pattern: paths.style, handler: (ctx) => sendCached(ctx, basemap.style) },
    { methods: ['GET'], pattern: paths.land, handler: (ctx) => sendCached(ctx, basemap.land) },
  ];
}
