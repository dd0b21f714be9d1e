// Reads back the computed transect rates of the mainland coast, for the topic layers that are
// derived from them (coastal status, structures, erosion-solution lines).

import type { Queryable } from '../../db/types.ts';
import type { LonLat } from './geo.ts';

export interface TransectRow {
  gid: number;
  segGid: number;
  /** 1-based position of the transect within its segment. */
  k: number;
  rateYear: number;
  epr: number;
  codeBM: string | null;
  codeBC: string | null;
  codeBS: string | null;
  beachType: string | null;
  line: LonLat[];
}

export async function readTransects(tx: Queryable, years: readonly number[]): Promise<TransectRow[]> {
  const { rows } = await tx.query<{
    gid: number;
    seg_gid: number;
    k: number;
    rate_year: number;
    epr: number;
    code_b_m: string | null;
    code_b_c: string | null;
    code_b_s: string | null;
    beach_type: string | null;
    line: string;
  }>(
    `SELECT r.gid, r.seg_gid, row_number() OVER (PARTITION BY r.seg_gid, r.rate_year ORDER BY r.gid)::integer AS k,
            r.rate_year, r.epr, r.code_b_m, r.code_b_c, r.code_b_s, s.beach_type,
            ST_AsGeoJSON(ST_GeometryN(r.geom, 1), 7) AS line
     FROM change_rate r JOIN coast_segment s ON s.gid = r.seg_gid
     WHERE r.zone = 'mainland' AND r.level = 'transect' AND r.rate_year = ANY($1::int[])
     ORDER BY r.gid`,
    [years.map(Number)],
  );
  return rows.map((r) => ({
    gid: r.gid,
    segGid: r.seg_gid,
    k: r.k,
    rateYear: r.rate_year,
    epr: r.epr,
    codeBM: r.code_b_m,
    codeBC: r.code_b_c,
    codeBS: r.code_b_s,
    beachType: r.beach_type,
    line: (JSON.parse(r.line) as { coordinates: LonLat[] }).coordinates,
  }));
}
