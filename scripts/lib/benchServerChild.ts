// The server side of `npm run bench:server` (scripts/bench-server.ts forks itself with --child and
// runs this): opens the database (PGlite or PostgreSQL, optionally with the MapServer bench's
// synthetic table), serves the OGC routes and the page API with and without the tile cache, lists
// the tiles to request, and reports its CPU time when asked.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfigDir } from '../../src/loader/loadConfig.ts';
import type { VectorFeatureType } from '../../src/server/data/featureTypes.ts';
import { ensureDatabase } from '../../src/server/db/ensure.ts';
import type { ManagedDatabase } from '../../src/server/db/types.ts';
import { parseRequestTarget } from '../../src/server/http/requestTarget.ts';
import { createRouter, type Route } from '../../src/server/http/routeTable.ts';
import { OgcService } from '../../src/server/ogc/service.ts';
import { openSampleDatabase } from '../../tests/server/db/testDatabase.ts';
import { rawPageRoute } from './rawPage.ts';
import { copySyntheticTable, syntheticRows, syntheticScript } from './syntheticLines.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ChildReady {
  type: 'ready';
  port: number;
  portNoCache: number;
  db: string;
  synthetic: boolean;
  routerRoutes: boolean;
  tiles: { lines: string[]; polygons: string[] };
}

const BENCH_LINES: VectorFeatureType = {
  kind: 'vector',
  name: 'bench_lines',
  title: 'bench_lines (MapServer reference table, synthetic)',
  table: 'bench_lines',
  geometryColumn: 'geom',
  geometryKind: 'line',
  queryable: true,
  idColumn: 'id',
  attributes: [
    { name: 'id', type: 'int' },
    { name: 'line_year', type: 'int' },
    { name: 'prv_code', type: 'string' },
  ],
  legend: 'cmline-years',
  source: () => ({ sql: 'SELECT id, line_year, prv_code, geom FROM bench_lines', params: [] }),
};

/** XYZ tile bbox (EPSG:3857) containing lon/lat at zoom z. */
export function tileOf(z: number, lon: number, lat: number): { key: string; bbox: string } {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const r = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  return { key: `${z}/${x}/${y}`, bbox: tileBbox(z, x, y) };
}

function tileBbox(z: number, x: number, y: number): string {
  const world = Math.PI * 6378137;
  const size = (2 * world) / 2 ** z;
  const minx = -world + x * size;
  const maxy = world - y * size;
  return [minx, maxy - size, minx + size, maxy].map((v) => v.toFixed(2)).join(',');
}

/** A fixed list of z8-z12 tiles along a layer's geometry (deterministic: the data decides). */
async function coastTiles(db: ManagedDatabase, table: string, where: string, perZoom: number): Promise<string[]> {
  const { rows } = await db.query<{ x: number; y: number }>(
    `SELECT ST_X(p) AS x, ST_Y(p) AS y FROM (SELECT ST_PointOnSurface(geom) AS p, gid FROM ${table} WHERE ${where}) s ORDER BY gid`,
  );
  const out: string[] = [];
  for (const z of [8, 9, 10, 11, 12]) {
    const seen = new Map<string, string>();
    for (const r of rows) {
      const t = tileOf(z, r.x, r.y);
      if (!seen.has(t.key)) seen.set(t.key, t.bbox);
    }
    const all = [...seen.values()];
    const step = Math.max(1, all.length / perZoom);
    for (let i = 0; i < all.length && out.length < perZoom * (z - 7); i += step) out.push(all[Math.floor(i)]!);
  }
  return out;
}

export async function runChild(): Promise<void> {
  const engine = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
  const synthetic = process.env.BENCH_SYNTHETIC === '1';
  let db: ManagedDatabase;
  let close: () => Promise<void>;
  if (engine === 'pg') {
    const { db: opened } = await ensureDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL!, seed: process.env.BENCH_SEED !== '0', log: () => undefined });
    db = opened;
    close = () => opened.close();
  } else {
    delete process.env.TEST_DATABASE_URL;
    const opened = await openSampleDatabase();
    db = opened.db;
    close = opened.close;
  }
  if (synthetic) {
    const exists = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'bench_lines'");
    if (exists.rows[0]!.n === 0) {
      const t = performance.now();
      const scale = Number(process.env.BENCH_SCALE ?? 1);
      await db.withSession(async (s) => {
        await s.exec('SET statement_timeout = 0');
        if (process.env.BENCH_COPY_FROM) await copySyntheticTable(s, process.env.BENCH_COPY_FROM);
        else await s.exec(syntheticScript(scale));
        await s.exec('VACUUM ANALYZE bench_lines');
      });
      process.stderr.write(`bench: loaded bench_lines (${syntheticRows(scale).toLocaleString('en')} lines) in ${((performance.now() - t) / 1000).toFixed(1)} s\n`);
    }
  }
  const loaded = await loadConfigDir(path.join(ROOT, 'config'));
  if (!loaded.ok) throw new Error('config does not load');
  const legends = loaded.bundle.legends;
  const extraFeatureTypes = synthetic ? [BENCH_LINES] : [];
  const product = loaded.bundle.app.product;
  const cached = new OgcService({ product, db, legends, extraFeatureTypes });
  // No answer cache (tiles, WFS answers) on the second port: what GetMap and WFS are measured on,
  // as MapServer keeps none. The per-filter match counts stay (issue 29 aim 2 allows them).
  const fresh = new OgcService({ product, db, legends, extraFeatureTypes, tileCacheBytes: 0, featureCacheBytes: 0 });
  const ogcRoutes = (svc: OgcService): Route[] =>
    (['wms', 'wfs', 'ows'] as const).map((endpoint) => ({ methods: ['GET', 'POST'], pattern: svc.path(endpoint), handler: (ctx) => svc.handle(ctx, endpoint) }));
  let routerRoutes: Route[] = [];
  const routerFile = path.join(ROOT, 'src/server/routes/pageApi.ts');
  if (existsSync(routerFile)) {
    try {
      const mod = (await import(routerFile)) as { routerRoutes?: (o: unknown) => Route[] };
      if (mod.routerRoutes) routerRoutes = mod.routerRoutes({ product, db, proxy: { allowOrigins: [], selfOrigin: () => 'http://127.0.0.1' } });
    } catch (error) {
      process.stderr.write(`bench: router routes not usable (${String(error)})\n`);
    }
  }
  const serve = (routes: Route[], portOffset: number) => {
    const dispatch = createRouter(routes);
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const target = parseRequestTarget(req.url ?? '');
      if (!target) {
        res.statusCode = 400;
        res.end();
        return;
      }
      dispatch({ req, res, ...target }).catch(() => {
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    });
    server.keepAliveTimeout = 60_000;
    return new Promise<number>((resolve) => server.listen(process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) + portOffset : 0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  };
  const port = await serve([...ogcRoutes(cached), ...routerRoutes, ...(synthetic ? [rawPageRoute(db)] : [])], 0);
  const portNoCache = await serve([...ogcRoutes(fresh), ...(synthetic ? [rawPageRoute(db)] : [])], 1);
  const tiles = {
    lines: await coastTiles(db, 'cmline', "zone = 'mainland' AND line_year = 2567", 40).catch(() => []),
    polygons: await coastTiles(db, 'landuse', 'lu_year = 2558', 40).catch(() => []),
  };
  const ready: ChildReady = { type: 'ready', port, portNoCache, db: db.description.replace(/ \/tmp\/\S+/, ' (copy of the test sample)'), synthetic, routerRoutes: routerRoutes.length > 0, tiles };
  process.send?.(ready);
  process.on('message', (m: { type?: string }) => {
    if (m?.type === 'exit') void close().finally(() => process.exit(0));
    if (m?.type === 'cpu') {
      const u = process.cpuUsage();
      process.send?.({ type: 'cpu', ms: (u.user + u.system) / 1000 });
    }
  });
}
