import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from './db/types.ts';
import type { BasemapDef, Glossary, Legend } from '../engine/types.ts';
import { DEFAULT_REQUEST_TIMEOUT_MS, startDeadline } from './http/deadline.ts';
import { rateLimitedLog } from './http/errorLog.ts';
import { healthRoutes, Lifecycle } from './http/lifecycle.ts';
import { defaultLogSink, logWhenDone, type LogSink } from './http/requestLog.ts';
import { publicOrigin } from './http/publicUrl.ts';
import { parseRequestTarget } from './http/requestTarget.ts';
import type { AtlasConfig } from './atlas/context.ts';
import { createRouter, type Route } from './http/routeTable.ts';
import { OgcService } from './ogc/service.ts';
import { sendText } from './http/send.ts';
import { assetRoutes } from './routes/assets.ts';
import { basemapRoutes } from './routes/basemap.ts';
import { clientRoutes } from './routes/client.ts';
import { ogcRoutes } from './routes/geoserver.ts';
import { layerDataRoutes } from './routes/layerData.ts';
import { routerRoutes } from './routes/pageApi.ts';

export interface AppServerOptions {
  /** Where the client is served, e.g. '/maps'. */
  basePath: string;
  /** Product id, e.g. 'tcs'; names the provider API paths (/{product}/v2/router, /geoserver/{product}_postgres/...). */
  product: string;
  /** The built client: index.html and assets/. */
  distDir: string;
  /** JSON text injected into index.html as the client config. */
  clientConfigJson: string;
  /** Receives one structured entry per request and per failure; default: requests to stdout when LOG_REQUESTS=1, failures to stderr. */
  log?: LogSink;
  /**
   * The database behind the provider API: the router (/{product}/v2/router), the bundled data
   * files and the OGC services. Without one only the client and the base map are served.
   */
  db?: Database;
  /** The legends of config/legends.yaml: WMS styles, the same the client shows. */
  legends?: Legend[];
  /** The glossary of config/glossary.yaml: field labels in the metadata of downloads. */
  glossary?: Glossary;
  /** The province atlas (config/atlas.yaml with the bundle it draws from): router page=atlas. */
  atlas?: AtlasConfig;
  /** The GetFeatureInfo proxy (router?page=wms). */
  proxy?: {
    /** Upstream origins it may ask (env WMS_PROXY_ALLOW); relative URLs always go to this server. */
    allowOrigins?: readonly string[];
    /** This server's own origin for relative URLs; default its loopback address and port once listening. */
    selfOrigin?: string;
  };
  /** Where the bundled data files are served; default `${basePath}/assets/data` (config backend.assets). */
  assetsPath?: string;
  /** The public URL clients reach this server at (env PUBLIC_URL): every URL in OGC capabilities starts with it. */
  publicUrl?: string;
  /** Reverse proxies whose X-Forwarded-Proto/Host are believed when there is no publicUrl (env TRUSTED_PROXIES). */
  trustedProxies?: readonly string[];
  /** Draining state for /readyz and graceful shutdown (start.ts keeps one to drain on SIGTERM). */
  lifecycle?: Lifecycle;
  /** A request whose answer has not started by then gets a 503 (env REQUEST_TIMEOUT_MS; default 60 s). */
  requestTimeoutMs?: number;
}

/** http://127.0.0.1:<port> (or the bound address when it is a specific one): how this server reaches itself. */
function loopbackOrigin(server: Server): string {
  const address = server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a TCP port');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  if (!/^(\/[\w.-]+)+$/.test(trimmed)) throw new Error(`basePath must look like "/maps", got "${basePath}"`);
  return trimmed;
}

/** The app's HTTP server; `warmUp` starts ahead what its first map would otherwise start (the render workers). */
export type AppServer = Server & { warmUp(): Promise<void> };

/** The app's HTTP server, not yet listening. */
export function createAppServer(options: AppServerOptions): AppServer {
  const basePath = normalizeBasePath(options.basePath);
  // Parsed once to fail at startup, not in every page load; the thumbnails read its base maps.
  const clientConfig = JSON.parse(options.clientConfigJson) as { app?: { basemaps?: BasemapDef[] } };
  const log = options.log ?? defaultLogSink();
  // Failures are reported even when the request log is off, at most one line per kind per 10 s.
  const logError = rateLimitedLog(options.log ?? ((entry: object) => process.stderr.write(`${JSON.stringify(entry)}\n`)));

  // Route groups, one module each under routes/. First match wins, so a group whose paths sit
  // under the base path must come before clientRoutes, whose `${basePath}/*` catches the rest.
  let server: Server | undefined;
  let ogc: OgcService | undefined;
  const backend: Route[] = [];
  if (options.db) {
    const db = options.db;
    ogc = new OgcService({
      product: options.product,
      db,
      legends: options.legends ?? [],
      logError,
      ...(options.publicUrl !== undefined ? { publicUrl: options.publicUrl } : {}),
      ...(options.trustedProxies !== undefined ? { trustedProxies: options.trustedProxies } : {}),
    });
    const selfOrigin = () => options.proxy?.selfOrigin ?? loopbackOrigin(server!);
    backend.push(
      ...assetRoutes({ assetsPath: options.assetsPath ?? `${basePath}/assets/data`, db, logError }),
      ...routerRoutes({
        product: options.product,
        db,
        proxy: { allowOrigins: options.proxy?.allowOrigins ?? [], selfOrigin },
        logError,
        ...(options.glossary ? { glossary: options.glossary } : {}),
        ...(options.legends ? { legends: options.legends } : {}),
        ...(options.atlas ? { atlas: { config: options.atlas, db, origin: publicOrigin(options).resolve } } : {}),
      }),
      ...layerDataRoutes({ product: options.product, db, logError }),
      ...ogcRoutes(ogc),
    );
  }
  const lifecycle = options.lifecycle ?? new Lifecycle();
  const routes: Route[] = [
    ...healthRoutes(lifecycle, options.db),
    ...basemapRoutes(basePath, clientConfig.app?.basemaps ?? []),
    ...backend,
    ...clientRoutes({ basePath, distDir: options.distDir, clientConfigJson: options.clientConfigJson }),
  ];
  const dispatch = createRouter(routes);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    lifecycle.track(res);
    logWhenDone(req, res, log);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const target = parseRequestTarget(req.url ?? '');
    if (!target) return sendText(res, 400, 'Bad Request');
    const late = startDeadline(req, res, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS, () =>
      logError({ level: 'error', where: 'deadline', method: req.method, path: target.pathname, error: 'no answer within the request deadline' }),
    );
    try {
      await dispatch({ req, res, ...target });
    } catch (error) {
      if (late()) return;
      logError({ level: 'error', method: req.method, path: target.pathname, error: String(error) });
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'Internal Server Error');
    }
  };
  server = createServer((req, res) => void handle(req, res));
  return Object.assign(server, { warmUp: async () => ogc?.warmUp() });
}
