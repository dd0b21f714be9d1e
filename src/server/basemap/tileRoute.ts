import type { RequestContext } from '../http/routeTable.ts';
import { sendCached, sendText } from '../http/send.ts';
import { detailTiles, startDetailedBasemap } from './detailSource.ts';
import { parseTileAddress, TILE_CACHE_CONTROL } from './detailTiles.ts';

/**
 * `GET {tiles}/{z}/{x}/{y}.pbf`: a tile of the detailed land; 204 when it holds nothing (MapLibre
 * draws an empty tile), also while the land is still loading, but then not to be cached, so
 * the map gets the real tile once it is there; 400 for any other path under the folder.
 */
export async function sendDetailTile(ctx: RequestContext, report: (error: unknown) => void): Promise<void> {
  const address = parseTileAddress(ctx.params.rest ?? '');
  if (!address) return sendText(ctx.res, 400, 'Bad Request: not a tile address {z}/{x}/{y}.pbf with z <= 14');
  startDetailedBasemap(report);
  const tiles = await detailTiles();
  const body = tiles?.tile(...address);
  if (body) return sendCached(ctx, body);
  ctx.res.writeHead(204, { 'Cache-Control': tiles ? TILE_CACHE_CONTROL : 'no-store' });
  ctx.res.end();
}
