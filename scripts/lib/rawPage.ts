// The floor of a WFS page (issue 29 aim 2): the same rows as our GetFeature page of bench_lines
// (bbox overlap, ORDER BY id, LIMIT count) as a GeoJSON FeatureCollection built by one plain
// SELECT (ST_AsGeoJSON of each row, joined in the database), answered by a bare HTTP handler so
// that it pays the same loopback round trip as the WFS request it is compared with.
import type { Database } from '../../src/server/db/types.ts';
import type { Route } from '../../src/server/http/routeTable.ts';

export const RAW_PAGE_PATH = '/bench/raw-page';

/** lat/lon box (WFS 2.0 EPSG:4326 order, as the MapServer bench's WFS requests) and a page size. */
export function rawPageSql(bboxLatLon: string, count: number): { sql: string; params: number[] } {
  const [s, w, n, e] = bboxLatLon.split(',').map(Number);
  if ([s, w, n, e].some((v) => !Number.isFinite(v))) throw new Error(`bad bbox ${bboxLatLon}`);
  return {
    sql:
      `SELECT '{"type":"FeatureCollection","features":[' || coalesce(string_agg(ST_AsGeoJSON(t.*, 'geom', 6), ',' ORDER BY t.id), '') || ']}' AS j ` +
      'FROM (SELECT id, line_year, prv_code, geom FROM bench_lines WHERE geom && ST_MakeEnvelope($1, $2, $3, $4, 4326) ORDER BY id LIMIT $5) AS t',
    params: [w!, s!, e!, n!, Math.trunc(count)],
  };
}

export function rawPageRoute(db: Database): Route {
  return {
    methods: ['GET'],
    pattern: RAW_PAGE_PATH,
    handler: async ({ query, res }) => {
      const { sql, params } = rawPageSql(query.get('bbox') ?? '', Number(query.get('count') ?? 1000));
      const { rows } = await db.query<{ j: string }>(sql, params);
      res.setHeader('content-type', 'application/json');
      res.end(rows[0]?.j ?? '');
    },
  };
}
