import type { BasemapDef } from '../../engine/types.ts';
import { basemapPaths, loadBasemap } from '../basemap/index.ts';
import { parseMinimapQuery, renderMinimap } from '../basemap/minimap.ts';
import { sendDetailTile } from '../basemap/tileRoute.ts';
import { thumbnailCache } from '../basemap/thumbnail.ts';
import { CachedBody } from '../http/cachedBody.ts';
import type { Route } from '../http/routeTable.ts';
import { sendCached, sendText } from '../http/send.ts';

/** The offline base map (a MapLibre style, the land GeoJSON and the detailed land's vector tiles
 *  it points to), the switcher's thumbnails, `thumbnail/{id}.png` for each base map of config, and
 *  the proposal PDF's location minimap. */
export function basemapRoutes(basePath: string, basemaps: readonly BasemapDef[] = []): Route[] {
  const basemap = loadBasemap(basePath);
  const paths = basemapPaths(basePath);
  const thumbnail = thumbnailCache(basemaps);
  return [
    { methods: ['GET'], pattern: paths.style, handler: (ctx) => sendCached(ctx, basemap.style()) },
    { methods: ['GET'], pattern: paths.land, handler: (ctx) => sendCached(ctx, basemap.land()) },
    { methods: ['GET'], pattern: `${paths.tiles}/*`, handler: (ctx) => sendDetailTile(ctx, basemap.report) },
    {
      methods: ['GET'],
      pattern: `${paths.thumbnails}/:file`,
      handler: async (ctx) => {
        const id = /^([a-zA-Z][a-zA-Z0-9]*)\.png$/.exec(ctx.params.file ?? '')?.[1];
        const body = id ? thumbnail(id) : null;
        if (!body) return sendText(ctx.res, 404, 'Not Found: no base map with this id');
        return sendCached(ctx, await body);
      },
    },
    {
      methods: ['GET'],
      pattern: paths.minimap,
      handler: async (ctx) => {
        const request = parseMinimapQuery(ctx.query);
        if (typeof request === 'string') return sendText(ctx.res, 400, `Bad Request: ${request}`);
        return sendCached(ctx, new CachedBody(await renderMinimap(request), 'image/png', 'public, max-age=86400'));
      },
    },
  ];
}
