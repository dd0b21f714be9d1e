// Erosion-solution lines: eroding stretches (by the computed 2567 rate) get one of the four measure
// groups, the more severe the erosion the stronger the measure; consecutive pieces of a segment
// with the same group are joined into one line.

import type { Queryable } from '../../db/types.ts';
import { bulkInsert } from './bulkInsert.ts';
import type { LonLat } from './geo.ts';
import { Rng } from './prng.ts';
import type { TransectRow } from './transectRows.ts';

/** Measure groups 1-4 (the coastal-prevention alignments of SPEC.md §3). */
const MEASURES: Readonly<Record<number, string>> = {
  1: 'การรักษาสมดุลชายฝั่งตามธรรมชาติ',
  2: 'การฟื้นฟูเสถียรภาพของชายฝั่ง',
  3: 'การป้องกันการกัดเซาะชายฝั่ง',
  4: 'การแก้ไขปัญหาการกัดเซาะชายฝั่ง',
};

function groupFor(epr: number, r: Rng): number | null {
  if (epr < -5) return r.chance(0.75) ? 4 : 3;
  if (epr < -1) return r.chance(0.6) ? 3 : 2;
  if (epr < 0) return r.chance(0.35) ? 1 : null;
  return null;
}

export async function insertErosionSolutions(tx: Queryable, transects: readonly TransectRow[], seed: string): Promise<void> {
  const rng = new Rng(seed).fork('erosion-solution');
  const runs: { segGid: number; group: number; line: LonLat[]; lastK: number }[] = [];
  for (const t of transects) {
    if (t.rateYear !== 2567 || !t.codeBS) continue;
    const group = groupFor(t.epr, rng.fork(`${t.segGid}:${t.k}`));
    if (group === null) continue;
    const last = runs[runs.length - 1];
    if (last && last.segGid === t.segGid && last.group === group && last.lastK === t.k - 1) {
      last.line.push(...t.line.slice(1));
      last.lastK = t.k;
    } else {
      runs.push({ segGid: t.segGid, group, line: [...t.line], lastK: t.k });
    }
  }
  await tx.query('CREATE TEMP TABLE sample_solution (ord serial, seg_gid integer, grp smallint, geom geometry) ON COMMIT DROP');
  await bulkInsert(
    tx,
    'sample_solution',
    [
      { name: 'seg_gid', type: 'int' },
      { name: 'grp', type: 'int' },
      { name: 'geom', type: 'multi' },
    ],
    runs.map((r) => [r.segGid, r.group, { type: 'LineString', coordinates: r.line }]),
  );
  await tx.query(
    `INSERT INTO erosion_solution (measuregrp, measure, m_bcode, b_name, code_b_m, code_b_c, seg_gid,
       prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, geom)
     SELECT t.grp, ($1::json)->>(t.grp::text), b.code_b_s, b.b_s_thai, b.code_b_m, b.code_b_c, t.seg_gid,
            s.prv_code, s.amp_code, s.tam_code, s.prv_name, s.amp_name, s.tam_name, t.geom
     FROM sample_solution t
     JOIN coast_segment s ON s.gid = t.seg_gid
     JOIN beach_system b ON b.code_b_s = s.code_b_s
     ORDER BY t.grp, t.ord`,
    [JSON.stringify(MEASURES)],
  );
}
