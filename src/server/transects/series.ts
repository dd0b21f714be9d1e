// Every year's distance of an area's transects in one answer (issue 25: the year slider colours
// the transects by their movement up to each year in the browser, with no request per year).
import type { Queryable } from '../db/types.ts';
import { transectWhere, type TransectFilter } from './query.ts';

interface TransectSeries {
  gid: number;
  lon: number;
  lat: number;
  /** Years with a distance, oldest first, and the distances (m from the origin, + seaward). */
  years: number[];
  distances: number[];
}

export async function transectSeries(db: Queryable, filter: TransectFilter, limit: number): Promise<TransectSeries[]> {
  const params: unknown[] = [];
  const where = transectWhere(filter, params);
  params.push(limit);
  const { rows } = await db.query<TransectSeries>(
    `SELECT t.gid, ST_X(t.origin) AS lon, ST_Y(t.origin) AS lat,
            array_agg(d.line_year ORDER BY d.line_year) AS years, array_agg(d.distance ORDER BY d.line_year) AS distances
       FROM transect t JOIN transect_distance d ON d.transect_gid = t.gid
      WHERE ${where}
      GROUP BY t.gid
      ORDER BY t.gid
      LIMIT $${params.length}`,
    params,
  );
  return rows;
}
