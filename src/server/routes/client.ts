import path from 'node:path';
import { CachedBody } from '../http/cachedBody.ts';
import { contentTypeFor } from '../http/contentTypes.ts';
import type { RequestContext, Route } from '../http/routeTable.ts';
import { redirect, sendCached, sendText } from '../http/send.ts';
import { FileCache } from '../client/fileCache.ts';
import { injectConfig } from '../client/indexHtml.ts';

interface ClientRouteOptions {
  basePath: string;
  distDir: string;
  clientConfigJson: string;
}

// Vite writes only content-hashed file names into assets/, so they never change in place.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The built client: redirects to the base path, static files from dist/, and the SPA page for every other path. */
export function clientRoutes({ basePath, distDir, clientConfigJson }: ClientRouteOptions): Route[] {
  const root = path.resolve(distDir);
  const indexFile = path.join(root, 'index.html');
  const files = new FileCache((file, bytes) => {
    const inAssets = file.startsWith(path.join(root, 'assets') + path.sep);
    return new CachedBody(bytes, contentTypeFor(file), inAssets ? IMMUTABLE : REVALIDATE);
  });
  const page = new FileCache(
    (_file, bytes) =>
      new CachedBody(Buffer.from(injectConfig(bytes.toString('utf8'), clientConfigJson)), contentTypeFor(indexFile), REVALIDATE),
  );

  const toBase = (ctx: RequestContext): void => {
    const query = ctx.query.toString();
    redirect(ctx.res, `${basePath}/${query ? `?${query}` : ''}`);
  };

  const serveSpaPage = async (ctx: RequestContext): Promise<void> => {
    const body = await page.get(indexFile);
    if (!body) throw new Error(`${indexFile} is missing: build the client first`);
    await sendCached(ctx, body);
  };

  const serveClient = async (ctx: RequestContext): Promise<void> => {
    const relative = ctx.params.rest ?? '';
    if (relative !== '' && relative !== 'index.html') {
      const file = path.resolve(root, relative);
      // Defence in depth: requestTarget.ts already rejects traversal segments.
      const body = file.startsWith(root + path.sep) ? await files.get(file) : null;
      if (body) return sendCached(ctx, body);
      // A missing hashed asset (stale page after a deploy) must fail, not parse HTML as a script.
      if (relative.startsWith('assets/')) return sendText(ctx.res, 404, 'Not Found');
    }
    return serveSpaPage(ctx);
  };

  return [
    { methods: ['GET'], pattern: '/', handler: toBase },
    { methods: ['GET'], pattern: basePath, handler: toBase },
    { methods: ['GET'], pattern: `${basePath}/*`, handler: serveClient },
  ];
}
