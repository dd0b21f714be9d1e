// The provider's JSON page API, the spec's "router" (SPEC.md §7): `GET|POST /{product}/v2/router` (and router.php)
// dispatching on `page` and `mode` to one small module per page under pages/. Every answer is
// `{errors: '', data: [...]}` (+ bbox where the spec says so); every failure is
// `{errors: '<plain message>', data: []}` with a 4xx status (5xx only for upstream or database
// trouble), never a stack trace.
import type { RequestContext } from '../http/routeTable.ts';
import { BodyTooLargeError, readBody } from '../http/body.ts';
import { FilterError } from '../ogc/filter/index.ts';
import { databaseFailure } from '../db/errors.ts';
import { sendJsonFailure } from '../http/jsonFailure.ts';
import type { CachedBody } from '../http/cachedBody.ts';
import { sendCached } from '../http/send.ts';
import { ProxyError } from '../proxy/wmsProxy.ts';
import type { Queryable } from '../db/types.ts';
import { answerCache } from './answerCache.ts';
import type { AtlasSettings, PageModes, ProxySettings, RouterContext } from './context.ts';
import { atlas } from './pages/atlas.ts';
import { beachsystem } from './pages/beachsystem.ts';
import { change } from './pages/change.ts';
import { changebeach } from './pages/changebeach.ts';
import { changecoastline } from './pages/changecoastline.ts';
import { coastalconstruction } from './pages/coastalconstruction.ts';
import { coastalstatus } from './pages/coastalstatus.ts';
import { coastline } from './pages/coastline.ts';
import { downloadPage } from './pages/download.ts';
import { landuse } from './pages/landuse.ts';
import { locations } from './pages/locations.ts';
import { searchPage } from './pages/search.ts';
import { shoreline } from './pages/shoreline.ts';
import { transects } from './pages/transects.ts';
import { wfs } from './pages/layerBounds.ts';
import { wfsisland } from './pages/islandFeatures.ts';
import { wms } from './pages/featureInfoProxy.ts';
import { bad, RouterError, RouterParams } from './params.ts';

export { RouterError, RouterParams } from './params.ts';
export type { ProxySettings, RouterContext } from './context.ts';

const PAGES: ReadonlyMap<string, PageModes> = new Map([
  ['coastline', coastline],
  ['shoreline', shoreline],
  ['changecoastline', changecoastline],
  ['change', change],
  ['changebeach', changebeach],
  ['beachsystem', beachsystem],
  ['locations', locations],
  ['wfs', wfs],
  ['wfsisland', wfsisland],
  ['coastalconstruction', coastalconstruction],
  ['coastalstatus', coastalstatus],
  ['landuse', landuse],
  ['download', downloadPage],
  ['wms', wms],
  ['transects', transects],
  ['search', searchPage],
  ['atlas', atlas],
]);

/** Pages whose answers are not data (files, a PDF, another server's feature info): never kept,
 *  and served without reading the data's fingerprint. */
const UNCACHED_PAGES: ReadonlySet<string> = new Set(['download', 'atlas', 'wms']);

/** Longest accepted query string (bytes of the raw target after '?'). */
export const MAX_QUERY_LENGTH = 8192;
/** Largest accepted form-encoded POST body. */
const MAX_BODY_BYTES = 64 * 1024;

export interface RouterHandlerOptions {
  db: Queryable;
  product: string;
  proxy: ProxySettings;
  glossary?: RouterContext['glossary'];
  legends?: RouterContext['legends'];
  atlas?: AtlasSettings;
  /** Unexpected failures (bugs: answered with a generic 500) and database outages (503): logged here. */
  logError?: (entry: object) => void;
  /** Bytes of data answers kept for repeated questions (default 16 MB; 0 keeps none). */
  answerCacheBytes?: number;
}

async function requestParams(ctx: RequestContext): Promise<RouterParams> {
  const rawUrl = ctx.req.url ?? '';
  const q = rawUrl.indexOf('?');
  if (q >= 0 && rawUrl.length - q - 1 > MAX_QUERY_LENGTH) throw new RouterError(414, `query longer than ${MAX_QUERY_LENGTH} characters`);
  const entries: Array<[string, string]> = [...ctx.query];
  if (ctx.req.method === 'POST') {
    const type = (ctx.req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded' && type !== '') throw new RouterError(415, 'POST bodies must be application/x-www-form-urlencoded');
    const body = await readBody(ctx.req, MAX_BODY_BYTES);
    entries.push(...new URLSearchParams(body.toString('utf8')));
  }
  return RouterParams.from(entries);
}

function describeFailure(error: unknown): { status: number; message: string } | null {
  if (error instanceof RouterError) return { status: error.status, message: error.message };
  if (error instanceof FilterError) return { status: 400, message: error.message };
  if (error instanceof ProxyError) return { status: error.status, message: error.message };
  if (error instanceof BodyTooLargeError) return { status: 413, message: error.message };
  // a bad value, statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS), or the database cannot be reached
  return databaseFailure(error);
}

export function createRouterHandler(options: RouterHandlerOptions): (ctx: RequestContext) => Promise<void> {
  const answers = answerCache(options.db, options.answerCacheBytes);
  return async (ctx) => {
    try {
      const params = await requestParams(ctx);
      const pageName = params.require('page');
      const page = PAGES.get(pageName);
      if (!page) throw bad(`unknown page (one of ${[...PAGES.keys()].join(', ')})`);
      const modeName = params.get('mode') ?? '';
      const handler = page.get(modeName);
      if (!handler) {
        const modes = [...page.keys()].filter((m) => m !== '');
        throw bad(modeName === '' ? `missing parameter mode (one of ${modes.join(', ')})` : modes.length ? `unknown mode for page ${pageName} (one of ${modes.join(', ')})` : `page ${pageName} takes no mode`);
      }
      const key = UNCACHED_PAGES.has(pageName) ? undefined : await answers.keyOf(params);
      const known = key === undefined ? undefined : answers.get(key);
      if (known) return await sendCached(ctx, known);
      const routerCtx: RouterContext = {
        db: options.db, product: options.product, params, exchange: ctx, proxy: options.proxy,
        ...(options.glossary ? { glossary: options.glossary } : {}), ...(options.legends ? { legends: options.legends } : {}), ...(options.atlas ? { atlas: options.atlas } : {}),
        ...(key === undefined ? {} : { keep: (body: CachedBody) => answers.set(key, body) }),
      };
      await handler(routerCtx);
    } catch (error) {
      sendJsonFailure(ctx, error, describeFailure(error), options.logError ?? ((entry) => process.stderr.write(`${JSON.stringify(entry)}\n`)), 'router');
    }
  };
}
