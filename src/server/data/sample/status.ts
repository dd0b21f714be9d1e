// Coastal status by transect piece (SPEC.md §3 codes): the rate codes (SV, ME, LE, EQ, LA, MA,
// HA) follow the computed end point rate of the status year; the other codes (rocky headland,
// river mouth, encroachment, remedied areas ...) are seeded per place, the same in both years.

import type { Queryable } from '../../db/types.ts';
import { glossaryTerms } from './glossaryTerms.ts';
import { Rng } from './prng.ts';
import type { TransectRow } from './transectRows.ts';
import { sampleYears } from './years.ts';


/** Code -> Thai text, as the map legend and the proposal form word it (config/glossary.yaml). */
const COASTAL_STATUS_TEXT: ReadonlyMap<string, string> = glossaryTerms('coastal-status');

/** The rate-based status code of an end point rate (m/yr). */
function statusFromRate(epr: number): string {
  if (epr < -5) return 'SV';
  if (epr < -1) return 'ME';
  if (epr < -0.2) return 'LE';
  if (epr <= 0.2) return 'EQ';
  if (epr < 1) return 'LA';
  if (epr <= 5) return 'MA';
  return 'HA';
}

function placeCode(row: TransectRow, rng: Rng): string | null {
  const r = rng.fork(`status:${row.segGid}:${row.k}`);
  if (row.beachType === 'หาดหิน' && r.chance(0.6)) return 'CC';
  const u = r.next();
  if (u < 0.03) return 'RM';
  if (u < 0.05) return 'CI';
  if (u < 0.07) return 'AS';
  if (u < 0.09) return 'NT-HE';
  if (u < 0.12) return 'DS';
  if (u < 0.14) return 'DS-CE';
  return null;
}

export async function insertCoastalStatus(tx: Queryable, transects: readonly TransectRow[], seed: string): Promise<void> {
  const rng = new Rng(seed).fork('coastal-status');
  const rows = transects
    .filter((t) => sampleYears().status.includes(t.rateYear))
    .map((t) => {
      const code = placeCode(t, rng) ?? statusFromRate(t.epr);
      return [t.gid, code, COASTAL_STATUS_TEXT.get(code)];
    });
  await tx.query(
    `INSERT INTO coastal_status (status_year, coastal_s, coastal_t, tumbon_t, amphoe_t, province_t, sub_cell, beach_type, epr,
       seg_gid, code_b_m, code_b_c, code_b_s, prv_code, amp_code, tam_code, geom)
     SELECT r.rate_year, j->>1, j->>2, r.tam_name, r.amp_name, r.prv_name, r.code_b_c, s.beach_type, r.epr,
            r.seg_gid, r.code_b_m, r.code_b_c, r.code_b_s, r.prv_code, r.amp_code, r.tam_code, r.geom
     FROM json_array_elements($1::json) WITH ORDINALITY AS x(j, n)
     JOIN change_rate r ON r.gid = (j->>0)::integer
     JOIN coast_segment s ON s.gid = r.seg_gid
     ORDER BY r.rate_year DESC, n`,
    [JSON.stringify(rows)],
  );
}
