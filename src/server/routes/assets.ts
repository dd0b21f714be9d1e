// Bundled data files the client fetches from `backend.assets` (config/app.yaml, default
// /maps/assets/data), served from the database so they always match it (SPEC.md §3):
//   coastal_location_island.json  the coastline island list: gid, island, prv_code, amp_code, prv_name, amp_name
//   cctv.json                     22 CCTV cameras: id, CODE, SITE, BAND, link, point [lon, lat]
//   radar_stations.json           21 HF radar markers: id, CODE, SITE, BAND, zone, zone_name, point [lon, lat]
// JSON arrays with ETag/304, gzip and a 5-minute Cache-Control, readable from any origin (CORS, as
// the router); a database that is away answers 503 with Retry-After, as the router does. These
// routes must come before the client's `${basePath}/*` route.
import { databaseFailure } from '../db/errors.ts';
import type { Queryable } from '../db/types.ts';
import { withCors } from '../http/cors.ts';
import { sendJson } from '../http/json.ts';
import { sendJsonFailure } from '../http/jsonFailure.ts';
import type { Route } from '../http/routeTable.ts';

interface AssetRouteOptions {
  /** URL path of the data folder, e.g. '/maps/assets/data'. */
  assetsPath: string;
  db: Queryable;
  /** Failure log (rate-limited by the app); default stderr. */
  logError?: (entry: object) => void;
}

const QUERIES: Record<string, string> = {
  'coastal_location_island.json':
    'SELECT gid, island, prv_code, amp_code, prv_name, amp_name FROM coastline_island_list ORDER BY prv_code, amp_code, island, gid',
  'cctv.json':
    'SELECT id, code AS "CODE", site AS "SITE", band AS "BAND", link, ST_X(geom) AS lon, ST_Y(geom) AS lat FROM cctv ORDER BY id',
  'radar_stations.json':
    'SELECT id, code AS "CODE", site AS "SITE", band AS "BAND", zone_no AS zone, zone_name, ST_X(geom) AS lon, ST_Y(geom) AS lat FROM radar_station ORDER BY id',
};

/** Rows with lon/lat become `point: [lon, lat]` (6 decimals, SPEC.md §9 coordinates). */
function withPoint(row: Record<string, unknown>): Record<string, unknown> {
  if (!('lon' in row)) return row;
  const { lon, lat, ...rest } = row;
  const round = (v: unknown) => Math.round(Number(v) * 1e6) / 1e6;
  return { ...rest, point: [round(lon), round(lat)] };
}

export function assetRoutes({ assetsPath, db, logError }: AssetRouteOptions): Route[] {
  const base = assetsPath.replace(/\/+$/, '');
  if (!/^(\/[\w.-]+)+$/.test(base)) throw new Error(`assetsPath must look like "/maps/assets/data", got "${assetsPath}"`);
  const log = logError ?? ((entry: object) => process.stderr.write(`${JSON.stringify(entry)}\n`));
  return withCors(
    Object.entries(QUERIES).map(([file, sql]) => ({
      methods: ['GET'] as const,
      pattern: `${base}/${file}`,
      handler: async (ctx) => {
        try {
          const { rows } = await db.query<Record<string, unknown>>(sql);
          await sendJson(ctx, rows.map(withPoint));
        } catch (error) {
          sendJsonFailure(ctx, error, databaseFailure(error), log, 'assets');
        }
      },
    })),
  );
}
