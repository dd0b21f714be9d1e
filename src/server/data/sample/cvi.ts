// Coastal vulnerability: 11 variable scores (1 very low .. 5 very high) per mainland coastal strip.
// Variable 3 (shoreline change) is scored from the computed 2567 segment rate; the others are
// seeded, leaning on what is known about the segment (coast type, sea, district) and drifting
// slowly along the coast so that neighbours look alike.

import type { Queryable, ScriptRunner } from '../../db/types.ts';
import { bulkInsert } from './bulkInsert.ts';
import { Rng } from './prng.ts';

const clamp = (v: number) => Math.max(1, Math.min(5, Math.round(v)));

function rateScore(epr: number): number {
  if (epr < -5) return 5;
  if (epr < -1) return 4;
  if (epr < 0) return 3;
  if (epr < 1) return 2;
  return 1;
}

const GEOMORPHOLOGY: Readonly<Record<string, number>> = {
  หาดหิน: 1, หาดทรายปนหิน: 2, หาดทราย: 3, หาดทรายปนโคลน: 4, หาดโคลนปนทราย: 4, หาดโคลน: 5,
};

export async function insertCvi(tx: Queryable & ScriptRunner, seed: string): Promise<void> {
  const rng = new Rng(seed).fork('cvi');
  const { rows } = await tx.query<{ seg_gid: number; epr: number; beach_type: string | null; code_b_m: string | null; amp_name: string }>(
    `SELECT st.seg_gid, r.epr, s.beach_type, s.code_b_m, s.amp_name
     FROM sample_strip st
     JOIN coast_segment s ON s.gid = st.seg_gid AND s.zone = 'mainland'
     JOIN change_rate r ON r.seg_gid = st.seg_gid AND r.level = 'segment' AND r.rate_year = 2567
     ORDER BY st.seg_gid`,
  );
  const drift = Array.from({ length: 11 }, () => 3);
  const out = rows.map((row) => {
    const r = rng.fork(String(row.seg_gid));
    for (let v = 0; v < 11; v++) drift[v] = Math.max(1, Math.min(5, drift[v]! + r.range(-0.8, 0.8)));
    const andaman = row.code_b_m === 'T7' || row.code_b_m === 'T8';
    const upperGulf = row.code_b_m === 'T2';
    const town = row.amp_name.startsWith('เมือง');
    const scores = [
      GEOMORPHOLOGY[row.beach_type ?? ''] ?? clamp(drift[0]!), // 1 coastal geomorphology
      clamp(drift[1]!), // 2 coastal slope
      rateScore(row.epr), // 3 shoreline change rate
      clamp(andaman ? 4 + r.range(-0.6, 1) : 2 + r.range(-1, 1.4)), // 4 significant wave height
      clamp(upperGulf ? 4.5 : andaman ? 3.5 + r.range(-1, 1) : 2 + r.range(-1, 1)), // 5 tidal range
      clamp(town ? 4 + r.range(0, 1) : drift[5]!), // 6 population density
      clamp(drift[6]!), // 7 land use
      clamp(town ? 4 : drift[7]! - 0.5), // 8 infrastructure
      clamp(drift[8]!), // 9 tourism
      clamp(drift[9]! - 1), // 10 cultural heritage
      clamp(upperGulf || andaman ? drift[10]! + 1 : drift[10]!), // 11 coastal ecosystems
    ];
    return [row.seg_gid, ...scores];
  });
  const columns = Array.from({ length: 11 }, (_, i) => `v${i + 1}`);
  await tx.query(`CREATE TEMP TABLE sample_cvi (seg_gid integer, ${columns.map((c) => `${c} smallint`).join(', ')}) ON COMMIT DROP`);
  await bulkInsert(tx, 'sample_cvi', [{ name: 'seg_gid', type: 'int' }, ...columns.map((name) => ({ name, type: 'int' as const }))], out);
  await tx.exec(`
    INSERT INTO cvi (seg_gid, prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, ${columns.join(', ')}, geom)
    SELECT c.seg_gid, s.prv_code, s.amp_code, s.tam_code, s.prv_name, s.amp_name, s.tam_name,
           ${columns.map((v) => `c.${v}`).join(', ')}, st.geom
    FROM sample_cvi c JOIN coast_segment s ON s.gid = c.seg_gid JOIN sample_strip st ON st.seg_gid = c.seg_gid
    ORDER BY c.seg_gid`);
}
