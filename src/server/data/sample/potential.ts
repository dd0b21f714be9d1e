// Potential areas: for each beach system and group (1 tourism, 2 conservation, 3 development) a
// seeded stretch of its coast is buffered inland and clipped to the land; the suitability (high,
// medium, low) is seeded, leaning on the beach type.

import type { Queryable } from '../../db/types.ts';
import { Rng } from './prng.ts';

const POTENTIAL_GROUPS: Readonly<Record<number, string>> = {
  1: 'พื้นที่ศักยภาพเพื่อการท่องเที่ยว',
  2: 'พื้นที่ศักยภาพเพื่อการอนุรักษ์',
  3: 'พื้นที่ศักยภาพเพื่อการพัฒนา',
};

const SUITABILITY = ['high', 'medium', 'low'] as const;

function weightsFor(group: number, beachType: string): number[] {
  const sandy = beachType === 'หาดทราย' || beachType === 'หาดทรายปนหิน';
  const muddy = beachType.includes('โคลน');
  if (group === 1) return sandy ? [5, 3, 1] : [1, 3, 4];
  if (group === 2) return muddy ? [5, 2, 1] : [2, 3, 3];
  return [2, 4, 3];
}

export async function insertPotentialAreas(tx: Queryable, seed: string): Promise<number> {
  const rng = new Rng(seed).fork('potential');
  const { rows: systems } = await tx.query<{ code_b_s: string; beach_type: string }>(
    'SELECT code_b_s, beach_type FROM beach_system ORDER BY code_b_s',
  );
  const picks: unknown[][] = [];
  for (const system of systems) {
    for (const group of [1, 2, 3]) {
      const r = rng.fork(`${system.code_b_s}:${group}`);
      if (!r.chance(0.75)) continue;
      const f0 = r.range(0, 0.5);
      const width = group === 2 ? r.range(0.008, 0.015) : r.range(0.003, 0.008);
      picks.push([system.code_b_s, group, r.weighted(SUITABILITY, weightsFor(group, system.beach_type)), f0, Math.min(1, f0 + r.range(0.2, 0.5)), width]);
    }
  }
  await tx.query(
    `INSERT INTO potential_area (grp, suitability, name, area_rai, code_b_m, code_b_c, code_b_s,
       prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, geom)
     SELECT p.grp, p.suitability, ($2::json)->>(p.grp::text) || ' ' || b.b_s_thai, ST_Area(g.geom::geography) / 1600,
            b.code_b_m, b.code_b_c, b.code_b_s, b.prv_code, b.amp_code, NULL, b.prv_name, b.amp_name, NULL, g.geom
     FROM (
       SELECT j->>0 AS code_b_s, (j->>1)::smallint AS grp, j->>2 AS suitability, (j->>3)::float8 AS f0,
              (j->>4)::float8 AS f1, (j->>5)::float8 AS width, n
       FROM json_array_elements($1::json) WITH ORDINALITY AS x(j, n)
     ) p
     JOIN beach_system b ON b.code_b_s = p.code_b_s
     CROSS JOIN LATERAL (
       SELECT ST_Buffer(ST_LineSubstring(ST_GeometryN(ST_LineMerge(b.geom), 1), p.f0, p.f1), p.width, 'endcap=flat quad_segs=2') AS buf
     ) bb
     CROSS JOIN LATERAL (
       SELECT ST_Multi(ST_CollectionExtract(ST_Intersection(bb.buf, ST_Union(l.geom, 1e-7), 1e-7), 3)) AS geom
       FROM land l WHERE l.geom && bb.buf
     ) g
     WHERE g.geom IS NOT NULL AND NOT ST_IsEmpty(g.geom)
     ORDER BY p.n`,
    [JSON.stringify(picks), JSON.stringify(POTENTIAL_GROUPS)],
  );
  const { rows } = await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM potential_area');
  if (rows[0]!.n < picks.length * 0.9) throw new Error(`potential areas: ${rows[0]!.n} of ${picks.length} made it`);
  return rows[0]!.n;
}
