// What every router page handler gets, and the answer shapes of SPEC.md §7.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Glossary, Legend } from '../../engine/types.ts';
import type { AtlasConfig } from '../atlas/context.ts';
import type { Database, Queryable } from '../db/types.ts';
import type { CachedBody } from '../http/cachedBody.ts';
import { jsonBody } from '../http/json.ts';
import { sendCached } from '../http/send.ts';
import type { RouterParams } from './params.ts';

/** Where the GetFeatureInfo proxy may go (WMS_PROXY_ALLOW) and how it reaches this server. */
export interface ProxySettings {
  allowOrigins: readonly string[];
  /** This server's own origin on loopback, known once it listens. */
  selfOrigin: () => string;
}

export interface RouterContext {
  db: Queryable;
  product: string;
  params: RouterParams;
  exchange: { req: IncomingMessage; res: ServerResponse };
  proxy: ProxySettings;
  /** Field labels and units of config/glossary.yaml, for the metadata of downloads. */
  glossary?: Pick<Glossary, 'fields' | 'units' | 'codes' | 'terms'>;
  /** The legends of config/legends.yaml (labels resolved): the Thai names of coded values in downloads. */
  legends?: readonly Legend[];
  /** page=atlas (config/atlas.yaml): absent when the config has no atlas. */
  atlas?: AtlasSettings;
  /** Keeps a data answer for the same question asked again (the router's answer cache). */
  keep?: (body: CachedBody) => void;
}

/** What page=atlas draws from: the config, the database and the site's origin for permalinks. */
export interface AtlasSettings {
  config: AtlasConfig;
  db: Database;
  /** The public origin of a request (PUBLIC_URL when set, else its Host). */
  origin: (req: IncomingMessage) => string;
}

type ModeHandler = (ctx: RouterContext) => Promise<void>;

/** One page of the router: its modes ('' = the request names no mode). */
export type PageModes = ReadonlyMap<string, ModeHandler>;

export const pageModes = (modes: Record<string, ModeHandler>): PageModes => new Map(Object.entries(modes));

/** [xmin, ymin, xmax, ymax] in EPSG:4326 (longitude, latitude). */
export type BBox = [number, number, number, number];

/** `{errors: '', data, ...extra}` with ETag/304, gzip and `Cache-Control: public, max-age=300`. */
export function sendData(ctx: RouterContext, data: unknown, extra: Record<string, unknown> = {}): Promise<void> {
  const body = jsonBody({ errors: '', data, ...extra });
  ctx.keep?.(body);
  return sendCached(ctx.exchange, body);
}

/** A file download: the body as an attachment named `file` (a name the server chose), never cached. */
export function sendAttachment(ctx: RouterContext, body: Uint8Array, type: string, file: string): void {
  ctx.exchange.res.writeHead(200, {
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${file}"`,
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
  });
  ctx.exchange.res.end(body);
}

/** The bbox of a row from its xmin/ymin/xmax/ymax columns, or null when it has no geometry. */
export function rowBBox(row: { xmin?: unknown; ymin?: unknown; xmax?: unknown; ymax?: unknown }): BBox | null {
  const v = [row.xmin, row.ymin, row.xmax, row.ymax];
  return v.every((n) => typeof n === 'number' && Number.isFinite(n)) ? (v as BBox) : null;
}

/** The box around several boxes (null when there is none). */
export function unionBBox(boxes: Iterable<BBox | null | undefined>): BBox | null {
  let out: BBox | null = null;
  for (const b of boxes) {
    if (!b) continue;
    out = out ? [Math.min(out[0], b[0]), Math.min(out[1], b[1]), Math.max(out[2], b[2]), Math.max(out[3], b[3])] : [...b];
  }
  return out;
}
