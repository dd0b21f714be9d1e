// A fingerprint of a generated database: row counts of every sample table and checksums of the
// geometries and key values of a few, to compare two generations.

import { SAMPLE_TABLES } from '../../../src/server/data/sample/index.ts';
import type { Queryable } from '../../../src/server/db/types.ts';

const CHECKSUMS: Readonly<Record<string, string>> = {
  cmline: "SELECT md5(string_agg(seg_gid || ':' || line_year || ':' || ST_AsText(geom), '|' ORDER BY seg_gid, line_year)) FROM cmline WHERE zone = 'mainland' AND line_year IN (2562, 2567)",
  change_area: "SELECT md5(string_agg(seg_gid || ':' || kind || ':' || round(area::numeric, 3) || ':' || ST_NPoints(geom), '|' ORDER BY seg_gid, kind)) FROM change_area WHERE dataset = 'cmline' AND start_year = 2562 AND end_year = 2567",
  change_rate: "SELECT md5(string_agg(seg_gid || ':' || epr || ':' || rate_class, '|' ORDER BY seg_gid, gid)) FROM change_rate WHERE rate_year = 2567",
  subdistrict: "SELECT md5(string_agg(tam_code || ':' || tam_name || ':' || round(ST_Area(geom)::numeric, 9), '|' ORDER BY tam_code)) FROM subdistrict",
  stations: "SELECT md5(string_agg(code || ':' || site || ':' || ST_AsText(geom), '|' ORDER BY id)) FROM (SELECT id, code, site, geom FROM radar_station UNION ALL SELECT 100 + id, code, site, geom FROM cctv) s",
};

export async function fingerprint(db: Queryable): Promise<Record<string, string | number>> {
  const out: Record<string, string | number> = {};
  const counts = SAMPLE_TABLES.map((t) => `SELECT '${t}' AS name, count(*)::integer AS n FROM ${t}`).join(' UNION ALL ');
  for (const row of (await db.query<{ name: string; n: number }>(counts)).rows) out[row.name] = row.n;
  for (const [name, sql] of Object.entries(CHECKSUMS)) {
    out[`md5:${name}`] = (await db.query<{ md5: string }>(sql)).rows[0]!.md5;
  }
  return out;
}
