// Land use of the coastal strip (LDD level-2 codes, the 32 of SPEC.md §3) on a 0.015° grid:
// cells within about 3 km of the coast, clipped to the land and given to the nearest coastline
// segment. Classes are seeded by distance from the shore and coast type; 2553 and 2558 change
// a few cells of 2549 (mangrove to aquaculture, farmland to villages ...).

import type { Queryable, ScriptRunner } from '../../db/types.ts';
import { bulkInsert } from './bulkInsert.ts';
import { glossaryTerms } from './glossaryTerms.ts';
import { Rng } from './prng.ts';
import { sampleYears } from './years.ts';


/** The 32 LDD level-2 classes (SPEC.md §3) and their Thai names (config/glossary.yaml). */
const LANDUSE_CLASSES: readonly (readonly [string, string])[] = [...glossaryTerms('landuse')];

type Weights = Record<string, number>;

const NEAR: Weights = { M6: 5, F3: 3, A9: 3, U2: 3, U6: 2, F5: 2, W1: 1, M5: 0.5, U5: 0.3, A8: 0.3 };
const MIDDLE: Weights = { U2: 3, A3: 4, A4: 2, A1: 3, A9: 2, F3: 1, M2: 1, U1: 1, W2: 0.6, A5: 0.8, A7: 0.6, U3: 0.5, U7: 0.2, F4: 0.3 };
const INLAND: Weights = { A1: 5, A3: 5, A2: 2, F1: 1.5, F2: 1.5, U2: 2, A4: 2, M1: 1, F6: 0.6, U4: 0.4, U3: 0.3, U5: 0.2, A6: 0.3, F7: 0.4, M3: 0.2, M4: 0.1, W2: 0.5 };
const MUDDY: Weights = { F3: 4, A9: 4 };

/** What a cell may turn into between two surveys. */
const CHANGES: Readonly<Record<string, string>> = { F3: 'A9', A1: 'U2', A3: 'U2', M6: 'U6', A2: 'A3', M1: 'U2', A9: 'M2', U2: 'U1' };

function draw(weights: Weights, r: Rng): string {
  const codes = Object.keys(weights);
  return r.weighted(codes, codes.map((c) => weights[c]!));
}

const LANDUSE_CELLS_SQL = `
CREATE TEMP TABLE sample_lu_cell ON COMMIT DROP AS
WITH cells AS (
  SELECT DISTINCT ON (g.i, g.j) g.i, g.j, g.geom
  FROM sample_strip st CROSS JOIN LATERAL ST_SquareGrid(0.015, st.geom) g
  ORDER BY g.i, g.j
),
near AS (
  SELECT c.i, c.j, c.geom, n.gid AS seg_gid, n.d
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT s.gid, ST_Distance(s.geom, ST_Centroid(c.geom)) AS d
    FROM coast_segment s WHERE s.zone = 'mainland'
    ORDER BY s.geom <-> ST_Centroid(c.geom) LIMIT 1
  ) n
  WHERE n.d < 0.03
),
clipped AS (
  SELECT near.i, near.j, near.seg_gid, near.d,
         ST_CollectionExtract(ST_Intersection(near.geom, ST_Union(l.geom, 1e-7), 1e-7), 3) AS geom
  FROM near JOIN land l ON l.geom && near.geom
  GROUP BY near.i, near.j, near.seg_gid, near.d, near.geom
)
SELECT row_number() OVER (ORDER BY i, j)::integer AS id, seg_gid, d * 110000 AS dist_m, ST_Multi(geom) AS geom
FROM clipped WHERE NOT ST_IsEmpty(geom) AND ST_Area(geom) > 1e-7`;

export async function insertLanduse(tx: Queryable & ScriptRunner, seed: string): Promise<number> {
  const rng = new Rng(seed).fork('landuse');
  await bulkInsert(
    tx,
    'landuse_class',
    [
      { name: 'lul2_code', type: 'text' },
      { name: 'lul2_t', type: 'text' },
    ],
    LANDUSE_CLASSES.map((c) => [...c]),
  );
  await tx.exec(LANDUSE_CELLS_SQL);
  const { rows: cells } = await tx.query<{ id: number; dist_m: number; code_b_m: string | null }>(
    `SELECT c.id, c.dist_m, s.code_b_m FROM sample_lu_cell c JOIN coast_segment s ON s.gid = c.seg_gid ORDER BY c.id`,
  );
  const rows: unknown[][] = [];
  for (const cell of cells) {
    const r = rng.fork(String(cell.id));
    const muddy = cell.code_b_m === 'T2' || cell.code_b_m === 'T8';
    const base = cell.dist_m < 400 ? NEAR : cell.dist_m < 1500 ? MIDDLE : INLAND;
    let code = draw(muddy && cell.dist_m < 1500 ? { ...base, ...MUDDY } : base, r);
    for (const year of sampleYears().landuse) {
      if (year !== 2549 && CHANGES[code] && r.chance(0.08)) code = CHANGES[code]!;
      rows.push([year, cell.id, code]);
    }
  }
  await tx.query('CREATE TEMP TABLE sample_lu (ord serial, lu_year integer, cell integer, lul2_code text) ON COMMIT DROP');
  await bulkInsert(
    tx,
    'sample_lu',
    [
      { name: 'lu_year', type: 'int' },
      { name: 'cell', type: 'int' },
      { name: 'lul2_code', type: 'text' },
    ],
    rows,
  );
  await tx.exec(`
    INSERT INTO landuse (lu_year, lul2_code, lul2_t, prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, area_rai, geom)
    SELECT u.lu_year, u.lul2_code, k.lul2_t, s.prv_code, s.amp_code, s.tam_code, s.prv_name, s.amp_name, s.tam_name,
           ST_Area(c.geom::geography) / 1600, c.geom
    FROM sample_lu u
    JOIN sample_lu_cell c ON c.id = u.cell
    JOIN coast_segment s ON s.gid = c.seg_gid
    JOIN landuse_class k ON k.lul2_code = u.lul2_code
    ORDER BY u.lu_year DESC, u.ord`);
  return cells.length;
}
