import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { defaultLogSink, logWhenDone, type LogSink } from './http/requestLog.ts';
import { parseRequestTarget } from './http/requestTarget.ts';
import { createRouter, type Route } from './http/router.ts';
import { sendText } from './http/send.ts';
import { basemapRoutes } from './routes/basemap.ts';
import { clientRoutes } from './routes/client.ts';

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
}

function normalizeBasePath(basePath: string): string {
  const trimmed = basePath.replace(/\/+$/, '');
  if (!/^(\/[\w.-]+)+$/.test(trimmed)) throw new Error(`basePath must look like "/maps", got "${basePath}"`);
  return trimmed;
}

/** The app's HTTP server, not yet listening. */
export function createAppServer(options: AppServerOptions): Server {
  const basePath = normalizeBasePath(options.basePath);
  JSON.parse(options.clientConfigJson); // fail at startup, not in every page load
  const log = options.log ?? defaultLogSink();
  // Failures are reported even when the request log is off.
  const logError = options.log ?? ((entry: object) => process.stderr.write(`${JSON.stringify(entry)}\n`));

  // Route groups, one module each under routes/. First match wins, so a group whose paths sit
  // under the base path must come before clientRoutes, whose `${basePath}/*` catches the rest.
  const routes: Route[] = [
    ...basemapRoutes(basePath),
    ...clientRoutes({ basePath, distDir: options.distDir, clientConfigJson: options.clientConfigJson }),
  ];
  const dispatch = createRouter(routes);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    logWhenDone(req, res, log);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const target = parseRequestTarget(req.url ?? '');
    if (!target) return sendText(res, 400, 'Bad Request');
    try {
      await dispatch({ req, res, ...target });
    } catch (error) {
      logError({ level: 'error', method: req.method, path: target.pathname, error: String(error) });
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'Internal Server Error');
    }
  };
  return createServer((req, res) => void handle(req, res));
}
