// Coastal protection structures: placed mostly on stretches whose computed rate shows erosion,
// each with a seeded type, build year, performance and effect; an inventory year lists the
// structures built by then (2560, 2561, 2562, 2566). Geometry follows the type: along the shore
// (seawall, revetment, nourishment), offshore and parallel (breakwater, bamboo fence) or across
// the shore into the sea (groins, jetties).

import type { Queryable, ScriptRunner } from '../../db/types.ts';
import { bulkInsert } from './bulkInsert.ts';
import { moveBy, offsetLine, rightNormal, subLine, type LonLat } from './geo.ts';
import { Rng } from './prng.ts';
import type { TransectRow } from './transectRows.ts';
import { sampleYears } from './years.ts';


const STRUCTURE_TYPES = [
  { code: 'SW', th: 'กำแพงกันคลื่น', en: 'Seawall', layout: 'along' },
  { code: 'RV', th: 'เขื่อนหินทิ้ง', en: 'Revetment', layout: 'along' },
  { code: 'GR', th: 'รอดักทราย', en: 'Groin', layout: 'across' },
  { code: 'JT', th: 'เขื่อนกันทรายและคลื่น', en: 'Jetty', layout: 'across' },
  { code: 'BW', th: 'เขื่อนกันคลื่นนอกชายฝั่ง', en: 'Offshore breakwater', layout: 'along' },
  { code: 'BN', th: 'การเติมทรายชายหาด', en: 'Beach nourishment', layout: 'along' },
  { code: 'BF', th: 'ไม้ไผ่ชะลอคลื่น', en: 'Bamboo fence', layout: 'along' },
  { code: 'OT', th: 'โครงสร้างอื่น ๆ', en: 'Other structure', layout: 'along' },
] as const;

const PERFORMANCE = ['ดี', 'ปานกลาง', 'ไม่ดี'];
const EFFECTS = ['ไม่พบผลกระทบ', 'เกิดการกัดเซาะด้านท้ายน้ำ', 'เกิดการทับถมของตะกอนด้านเหนือน้ำ', 'ชายหาดหน้าโครงสร้างลดลง'];

type Code = (typeof STRUCTURE_TYPES)[number]['code'];

function pickType(row: TransectRow, r: Rng): Code {
  if (row.codeBM === 'T2') return r.weighted<Code>(['BF', 'RV', 'SW', 'OT'], [6, 2, 1, 0.5]);
  if (row.epr < -1) return r.weighted<Code>(['SW', 'RV', 'GR', 'BW', 'BN', 'BF', 'JT', 'OT'], [3, 3, 2, 1.5, 1, 0.7, 0.4, 0.4]);
  return r.weighted<Code>(['JT', 'GR', 'SW', 'OT'], [3, 1, 1, 1]);
}

function shape(code: Code, line: readonly LonLat[], r: Rng): LonLat[][] {
  const f0 = r.range(0.05, 0.4);
  const f1 = Math.min(0.95, f0 + r.range(0.25, 0.55));
  const part = subLine(line, f0, f1);
  switch (code) {
    case 'GR':
    case 'JT': {
      const count = code === 'JT' ? 2 : r.int(3, 5);
      const length = code === 'JT' ? r.range(150, 300) : r.range(60, 140);
      return Array.from({ length: count }, (_, i) => {
        const p = subLine(line, f0 + ((f1 - f0) * (i + 0.5)) / count, f0 + ((f1 - f0) * (i + 0.5)) / count + 0.01);
        const [ex, ey] = rightNormal(p, 0, false);
        return [p[0]!, moveBy(p[0]!, ex * length, ey * length)];
      });
    }
    case 'BW':
    case 'BF':
      return [offsetLine(part, () => (code === 'BW' ? r.range(80, 150) : r.range(40, 90)))];
    default:
      return [offsetLine(part, () => -10)];
  }
}

const round7 = (p: LonLat): number[] => [Math.round(p[0] * 1e7) / 1e7, Math.round(p[1] * 1e7) / 1e7];

export async function insertStructures(tx: Queryable & ScriptRunner, transects: readonly TransectRow[], seed: string): Promise<number> {
  const rng = new Rng(seed).fork('structures');
  await bulkInsert(
    tx,
    'structure_type',
    [
      { name: 'code_stru', type: 'text' },
      { name: 'name_t', type: 'text' },
      { name: 'name_e', type: 'text' },
      { name: 'layout', type: 'text' },
    ],
    STRUCTURE_TYPES.map((t) => [t.code, t.th, t.en, t.layout]),
  );
  const rows: unknown[][] = [];
  for (const t of transects) {
    if (t.rateYear !== 2567 || t.line.length < 2) continue;
    const r = rng.fork(`${t.segGid}:${t.k}`);
    if (!r.chance(t.epr < -1 ? 0.22 : 0.03)) continue;
    const code = pickType(t, r);
    const type = STRUCTURE_TYPES.find((s) => s.code === code)!;
    const built = r.weighted([2555, 2561, 2562, 2564], [5, 1, 1, 3]);
    const geometry = { type: 'MultiLineString', coordinates: shape(code, t.line, r).map((l) => l.map(round7)) };
    for (const year of sampleYears().structure) {
      if (built > year) continue;
      const ry = r.fork(String(year));
      rows.push([year, code, type.th, type.en, ry.pick(PERFORMANCE), ry.weighted(EFFECTS, [4, 2, 1, 1]), t.segGid, geometry]);
    }
  }
  await tx.query('CREATE TEMP TABLE sample_structure (ord serial, year integer, code_stru text, name_t text, name_e text, performanc text, effect text, seg_gid integer, geom geometry) ON COMMIT DROP');
  await bulkInsert(
    tx,
    'sample_structure',
    [
      { name: 'year', type: 'int' },
      ...['code_stru', 'name_t', 'name_e', 'performanc', 'effect'].map((name) => ({ name, type: 'text' as const })),
      { name: 'seg_gid', type: 'int' },
      { name: 'geom', type: 'multi' },
    ],
    rows,
  );
  await tx.exec(`
    INSERT INTO coastal_structure (year, code_stru, name_t, name_e, performanc, effect, seg_gid,
      prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, length_m, geom)
    SELECT t.year, t.code_stru, t.name_t, t.name_e, t.performanc, t.effect, t.seg_gid,
           s.prv_code, s.amp_code, s.tam_code, s.prv_name, s.amp_name, s.tam_name, ST_Length(t.geom::geography), t.geom
    FROM sample_structure t JOIN coast_segment s ON s.gid = t.seg_gid
    ORDER BY t.year DESC, t.ord`);
  return rows.length;
}
