// A server with only the GeoServer routes (src/server/routes/geoserver.ts) on the generated
// sample database (the shared cached copy of tests/server/db/testDatabase.ts: PGlite by default,
// PostgreSQL with TEST_DATABASE_URL), plus request and PNG helpers.
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import type { Legend } from '../../../src/engine/types.ts';
import type { VectorFeatureType } from '../../../src/server/data/featureTypes.ts';
import type { Database, ManagedDatabase } from '../../../src/server/db/types.ts';
import { parseRequestTarget } from '../../../src/server/http/requestTarget.ts';
import { createRouter } from '../../../src/server/http/routeTable.ts';
import { sendText } from '../../../src/server/http/send.ts';
import { OgcService, type OgcServiceOptions } from '../../../src/server/ogc/service.ts';
import { ogcRoutes } from '../../../src/server/routes/geoserver.ts';
import { openSampleDatabase } from '../db/testDatabase.ts';
import { legendsOfConfig } from '../legendsOfConfig.ts';

export const WMS = '/geoserver/tcs_postgres/wms';
export const WFS = '/geoserver/tcs_postgres/wfs';
export const OWS = '/geoserver/tcs_postgres/ows';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: () => any;
}

export interface OgcBackend {
  port: number;
  service: OgcService;
  /** Every request target this server received, in order (decoded). */
  seen: string[];
  db: ManagedDatabase;
  /** GET path?params (params: object or raw query string, sent as given). */
  get(pathname: string, params: Record<string, string | number> | string, headers?: Record<string, string>): Promise<Answer>;
  /** A form-encoded POST. */
  post(pathname: string, form: Record<string, string | number>, headers?: Record<string, string>): Promise<Answer>;
  request(method: string, target: string, options?: { headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer>;
  close(): Promise<void>;
}

let legendsPromise: Promise<Legend[]> | undefined;
/**
 * The legends of config/legends.yaml (labels from config/glossary.yaml), read on their own: the
 * server tests should not depend on the rest of the client config (validated by its own tests).
 */
export function configLegends(): Promise<Legend[]> {
  legendsPromise ??= Promise.resolve(legendsOfConfig());
  return legendsPromise;
}

export function rawRequest(port: number, method: string, target: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The geoserver routes alone, on a loopback port, handled like app.ts does (nosniff, 500 on a throw). */
export async function startOgcServer(
  db: Database,
  options: Partial<OgcServiceOptions> = {},
): Promise<{ port: number; server: Server; service: OgcService; seen: string[]; close: () => Promise<void> }> {
  const legends = await configLegends();
  const service = new OgcService({ product: 'tcs', db, legends, ...options });
  const dispatch = createRouter(ogcRoutes(service));
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(safeDecode(req.url ?? ''));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    const target = parseRequestTarget(req.url ?? '');
    if (!target) return sendText(res, 400, 'Bad Request');
    dispatch({ req, res, ...target }).catch(() => {
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'Internal Server Error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    server,
    service,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        service.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startOgcBackend(options: Partial<OgcServiceOptions> = {}): Promise<OgcBackend> {
  const opened = await openSampleDatabase();
  const { port, service, seen, close } = await startOgcServer(opened.db, options);
  const request: OgcBackend['request'] = (method, target, o) => rawRequest(port, method, target, o);
  const query = (params: Record<string, string | number> | string) =>
    typeof params === 'string' ? params : new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return {
    port,
    service,
    seen,
    db: opened.db,
    request,
    get: (pathname, params, headers) => request('GET', `${pathname}?${query(params)}`, headers ? { headers } : {}),
    post: (pathname, form, headers) =>
      request('POST', pathname, { headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: query(form) }),
    async close() {
      await close();
      await opened.close();
    },
  };
}

export interface Image {
  width: number;
  height: number;
  data: Buffer;
  /** [r, g, b, a] at pixel (x, y). */
  at(x: number, y: number): [number, number, number, number];
}

export function decodePng(bytes: Buffer): Image {
  const png = PNG.sync.read(bytes);
  return {
    width: png.width,
    height: png.height,
    data: png.data,
    at(x, y) {
      const i = (Math.floor(y) * png.width + Math.floor(x)) * 4;
      return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!, png.data[i + 3]!];
    },
  };
}

/** True when some pixel within `radius` of (x, y) is not fully transparent. */
export function drawnNear(img: Image, x: number, y: number, radius = 2): boolean {
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const px = Math.round(x) + dx;
      const py = Math.round(y) + dy;
      if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
      if (img.at(px, py)[3] > 0) return true;
    }
  }
  return false;
}

/** Pixel position of a lon/lat in an EPSG:4326 image of bbox [w, s, e, n]. */
export function lonLatToPixel(bbox: readonly [number, number, number, number], width: number, height: number, lon: number, lat: number): [number, number] {
  const [w, s, e, n] = bbox;
  return [((lon - w) / (e - w)) * width, ((n - lat) / (n - s)) * height];
}

/** OGC exception code of an XML report. */
export function exceptionCode(text: string): string | undefined {
  return /(?:code|exceptionCode)="([A-Za-z]+)"/.exec(text)?.[1];
}

/** EPSG:3857 bbox "minx,miny,maxx,maxy" of the XYZ tile at zoom z that contains (lon, lat). */
export function tileAround(z: number, lon: number, lat: number): string {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  const size = (2 * Math.PI * 6378137) / n;
  const minx = -Math.PI * 6378137 + x * size;
  const maxy = Math.PI * 6378137 - y * size;
  return [minx, maxy - size, minx + size, maxy].map((v) => v.toFixed(3)).join(',');
}

/** A layer of `count` points along lat 7 from lon 100, `step` degrees apart, made by SQL alone (nothing written to the shared sample database). */
export function generatedPoints(name: string, title: string, count: number, step: number): VectorFeatureType {
  return {
    kind: 'vector',
    name,
    title,
    table: 'cmline',
    geometryColumn: 'geom',
    geometryKind: 'point',
    queryable: true,
    idColumn: 'gid',
    attributes: [{ name: 'gid', type: 'int' }],
    source: () => ({ sql: `SELECT g AS gid, ST_SetSRID(ST_MakePoint(100 + g * ${step}, 7), 4326) AS geom FROM generate_series(1, ${count}) AS g`, params: [] }),
  };
}
