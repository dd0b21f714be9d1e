// Builds the transects and their yearly distances with PostGIS (same SQL on PostGIS 3.3 and 3.6).
//
// 1. Baseline: per coastline segment, the oldest year's cmline, each part (ST_LineMerge + ST_Dump)
//    smoothed with ST_ChaikinSmoothing.
// 2. Stations: n = max(1, round(length / spacing)) per part, at fractions (k - 0.5) / n; each stands
//    for length / n metres of coast (coast_m). The perpendicular comes from the baseline's direction
//    between the points half a spacing before and after the station, in metres (local
//    equirectangular scale, as the sample generator uses).
// 3. Seaward rule: every coastline in this database keeps the land on its LEFT (001_base.sql), so
//    seaward is the right-hand normal unless the land polygons (table `land`) say otherwise: for
//    each baseline part we probe points landProbesM either side of every station; if more right
//    probes than left ones fall on land, the whole part is flipped (seaward_rule 'land'); a tie
//    (e.g. Songkhla Lake, where both sides are in Natural Earth's land) keeps the convention
//    (seaward_rule 'convention'). One decision per part keeps neighbouring transects consistent.
// 4. Distances: every edge of every yearly line of the segment (cmline, then shoreline; ST_DumpSegments,
//    joined by bounding box) is crossed with the transect arithmetically (no GEOS overlay, so
//    none of PGlite's silent overlay failures and ~10x faster); the crossing nearest the origin is
//    kept (distance = signed metres from the origin, + seaward), with the crossing angle and count.
//    An edge owns its start point but not its end (u in [0, 1)), so a vertex is crossed once.
// Administrative codes, names and beach-system codes come from the segment the transect is on
// (segments are cut at sub-district boundaries and carry their beach system).

import type { Queryable } from '../db/types.ts';
import { TRANSECT_CONFIG } from './config.ts';

const M_LAT = 110_540;
/** The name PostgreSQL gave the foreign key of 009_transects.sql. */
const DISTANCE_FK = 'transect_distance_transect_gid_fkey';
/** 009_transects.sql's index on the year: dropped while the rows go in, built again after them. */
const YEAR_INDEX = { name: 'transect_distance_year_idx', on: 'transect_distance (line_year)' };
const M_LON = 111_320;

export interface BuildReport {
  transects: number;
  distances: number;
  ms: number;
  steps: { step: string; ms: number }[];
}

function buildSql(config = TRANSECT_CONFIG): { step: string; sql: string }[] {
  const spacing = Number(config.spacingM);
  const half = Number(config.lengthM) / 2;
  const iter = Math.trunc(config.smoothingIterations);
  const probes = config.landProbesM.map(Number);
  const every = Math.max(1, Math.trunc(config.landProbeEvery));
  const probe = (side: 1 | -1) =>
    probes
      .map((d) => `(EXISTS (SELECT 1 FROM land l WHERE ST_Intersects(l.geom, ST_SetSRID(ST_MakePoint(x + ${side * d} * nx / mx, y + ${side * d} * ny / ${M_LAT}), 4326))))::integer`)
      .join(' + ');
  return [
    { step: 'clear', sql: 'DROP TABLE IF EXISTS tr_base, tr_point, tr_station, tr_edge, tr_transect' },
    { step: 'clear', sql: 'TRUNCATE transect_distance, transect RESTART IDENTITY' },
    {
      step: 'baselines',
      sql: `
CREATE TEMP TABLE tr_base AS
SELECT seg_gid, baseline_year, part, geom, len, greatest(1, round(len / ${spacing}))::integer AS n
FROM (SELECT *, ST_Length(geom::geography) AS len FROM (
  SELECT c.seg_gid, c.line_year AS baseline_year,
         row_number() OVER (PARTITION BY c.seg_gid ORDER BY c.gid, d.path)::integer AS part,
         ST_ChaikinSmoothing(d.geom, ${iter}) AS geom
  FROM cmline c
  JOIN (SELECT seg_gid, min(line_year) AS y FROM cmline GROUP BY seg_gid) o ON o.seg_gid = c.seg_gid AND o.y = c.line_year
  CROSS JOIN LATERAL ST_Dump(ST_LineMerge(c.geom)) d
  WHERE ST_NPoints(d.geom) >= 2 AND ST_Length(d.geom) > 0
  OFFSET 0
) b0) b`,
    },
    {
      // points at every 1/(2n) of each baseline part: odd j are the stations (fraction (k - 0.5) / n),
      // even j the boundaries between them, which give the baseline direction at the station
      step: 'stations',
      sql: `
CREATE TEMP TABLE tr_point AS
SELECT b.seg_gid, b.part, 0 AS j, ST_X(ST_StartPoint(b.geom)) AS x, ST_Y(ST_StartPoint(b.geom)) AS y FROM tr_base b
UNION ALL
SELECT b.seg_gid, b.part, coalesce(d.path[1], 1), ST_X(d.geom), ST_Y(d.geom)
FROM tr_base b CROSS JOIN LATERAL ST_DumpPoints(ST_LineInterpolatePoints(b.geom, 1.0 / (2 * b.n), true)) d
UNION ALL
SELECT b.seg_gid, b.part, 2 * b.n, ST_X(ST_EndPoint(b.geom)), ST_Y(ST_EndPoint(b.geom)) FROM tr_base b`,
    },
    {
      step: 'stations',
      sql: `
CREATE TEMP TABLE tr_station AS
SELECT seg_gid, baseline_year, part, k, len, n, (k - 0.5) / n AS f, x, y, mx, ey / h AS nx, -ex / h AS ny
FROM (
  SELECT s.*, sqrt(ex * ex + ey * ey) AS h
  FROM (
    SELECT b.seg_gid, b.baseline_year, b.part, (p.j + 1) / 2 AS k, b.len, b.n, p.x, p.y,
           ${M_LON} * cos(radians(p.y)) AS mx,
           (z.x - a.x) * ${M_LON} * cos(radians(p.y)) AS ex,
           (z.y - a.y) * ${M_LAT} AS ey
    FROM tr_base b
    JOIN tr_point p ON p.seg_gid = b.seg_gid AND p.part = b.part AND p.j % 2 = 1 AND p.j < 2 * b.n
    JOIN tr_point a ON a.seg_gid = b.seg_gid AND a.part = b.part AND a.j = p.j - 1
    JOIN tr_point z ON z.seg_gid = b.seg_gid AND z.part = b.part AND z.j = p.j + 1
  ) s
) s
WHERE h > 0`,
    },
    {
      step: 'seaward side',
      sql: `
INSERT INTO transect (seg_gid, zone, part, k, baseline_year, chainage_m, coast_m, length_m, azimuth, seaward_rule,
  prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, island, island_gid, lake_island_id,
  code_b_m, code_b_c, code_b_s, origin, geom)
WITH probe AS (
  SELECT seg_gid, part, sum(${probe(1)}) AS right_land, sum(${probe(-1)}) AS left_land
  FROM tr_station WHERE k % ${every} = 1 OR ${every} = 1 GROUP BY seg_gid, part
),
side AS (
  SELECT seg_gid, part, CASE WHEN right_land > left_land THEN -1 ELSE 1 END AS sgn,
         CASE WHEN right_land = left_land THEN 'convention' ELSE 'land' END AS rule
  FROM probe
)
SELECT st.seg_gid, s.zone, st.part, st.k, st.baseline_year, st.f * st.len,
       st.len / st.n, ${half * 2}, degrees(atan2(u.ux, u.uy)),
       sd.rule, s.prv_code, s.amp_code, s.tam_code, s.prv_name, s.amp_name, s.tam_name,
       coalesce(i.island, li.island), s.island_gid, s.lake_island_id, s.code_b_m, s.code_b_c, s.code_b_s,
       ST_SetSRID(ST_MakePoint(st.x, st.y), 4326),
       ST_SetSRID(ST_MakeLine(
         ST_MakePoint(st.x - ${half} * u.ux / st.mx, st.y - ${half} * u.uy / ${M_LAT}),
         ST_MakePoint(st.x + ${half} * u.ux / st.mx, st.y + ${half} * u.uy / ${M_LAT})), 4326)
FROM tr_station st
JOIN side sd ON sd.seg_gid = st.seg_gid AND sd.part = st.part
JOIN coast_segment s ON s.gid = st.seg_gid
LEFT JOIN island i ON i.gid = s.island_gid
LEFT JOIN lake_island li ON li.id = s.lake_island_id
CROSS JOIN LATERAL (SELECT sd.sgn * st.nx AS ux, sd.sgn * st.ny AS uy) u
ORDER BY st.seg_gid, st.part, st.k`,
    },
    {
      // every edge of every yearly line, with its end points and bounding box (degrees)
      step: 'line edges',
      sql: `
CREATE TEMP TABLE tr_edge AS
SELECT pri, dataset, seg_gid, line_year, ax, ay, bx, by, box(point(ax, ay), point(bx, by)) AS bb
FROM (
  SELECT pri, dataset, seg_gid, line_year, ST_X(ST_StartPoint(geom)) AS ax, ST_Y(ST_StartPoint(geom)) AS ay,
         ST_X(ST_EndPoint(geom)) AS bx, ST_Y(ST_EndPoint(geom)) AS by
  FROM (
    SELECT 0 AS pri, 'cmline'::text AS dataset, c.seg_gid, c.line_year, d.geom FROM cmline c CROSS JOIN LATERAL ST_DumpSegments(c.geom) d
    UNION ALL
    SELECT 1, 'shoreline', s.seg_gid, s.line_year, d.geom FROM shoreline s CROSS JOIN LATERAL ST_DumpSegments(s.geom) d
  ) e
) p`,
    },
    // PostgreSQL's own box type and its GiST, not PostGIS's: in PGlite the 40,000 probes below took
    // 1.5 s on it against 5.7 s on a GiST of the edges' geometries (the same candidates, exact boxes)
    { step: 'line edges', sql: 'CREATE INDEX tr_edge_bb_idx ON tr_edge USING gist (bb)' },
    { step: 'line edges', sql: 'ANALYZE tr_edge' },
    {
      step: 'line edges',
      sql: `
CREATE TEMP TABLE tr_transect AS
SELECT gid, seg_gid, length_m, sin(radians(azimuth)) AS ux, cos(radians(azimuth)) AS uy,
       ${M_LON} * cos(radians(ST_Y(origin))) AS mx, x0, y0, x1, y1, box(point(x0, y0), point(x1, y1)) AS tb
FROM transect
CROSS JOIN LATERAL (SELECT ST_X(ST_StartPoint(geom)) AS x0, ST_Y(ST_StartPoint(geom)) AS y0,
                           ST_X(ST_EndPoint(geom)) AS x1, ST_Y(ST_EndPoint(geom)) AS y1 OFFSET 0) p`,
    },
    // the crossings are sorted in memory, and the foreign key is checked once for all rows (as one
    // join when it is added back) instead of by a trigger per row: 420k rows, 5 s of 17 on PGlite;
    // the year index is built once from the sorted rows instead of row by row
    { step: 'distances', sql: "SET LOCAL work_mem = '128MB'" },
    { step: 'distances', sql: `ALTER TABLE transect_distance DROP CONSTRAINT ${DISTANCE_FK}` },
    { step: 'distances', sql: `DROP INDEX ${YEAR_INDEX.name}` },
    {
      // transect P0 -> P1 (landward -> seaward) against edge A -> B: the crossing parameters
      // t (along the transect) and u (along the edge) are affine-invariant, so degrees serve;
      // distance = (t - 0.5) x length (the origin is the middle).
      step: 'distances',
      sql: `
INSERT INTO transect_distance (transect_gid, line_year, dataset, distance, angle, crossings)
SELECT DISTINCT ON (gid, line_year) gid, line_year, dataset, distance, angle, crossings
FROM (
  SELECT x.*, count(*) OVER (PARTITION BY gid, line_year, dataset)::integer AS crossings
  FROM (
    SELECT gid, pri, dataset, line_year, (t - 0.5) * length_m AS distance,
           degrees(asin(least(1, abs(ux * sy - uy * sx) / sqrt(sx * sx + sy * sy)))) AS angle
    FROM (
      SELECT t.gid, t.length_m, t.ux, t.uy, e.pri, e.dataset, e.line_year,
             q.tn / q.den AS t, q.un / q.den AS u, (e.bx - e.ax) * t.mx AS sx, (e.by - e.ay) * ${M_LAT} AS sy
      FROM tr_transect t
      -- a probe of the index per transect: a hash join on seg_gid, which the planner prefers,
      -- compares every pair of a segment's transects and edges (24 million here)
      CROSS JOIN LATERAL (SELECT * FROM tr_edge e WHERE e.bb && t.tb AND e.seg_gid = t.seg_gid OFFSET 0) e
      CROSS JOIN LATERAL (SELECT (e.ax - t.x0) * (e.by - e.ay) - (e.ay - t.y0) * (e.bx - e.ax) AS tn,
                                 (e.ax - t.x0) * (t.y1 - t.y0) - (e.ay - t.y0) * (t.x1 - t.x0) AS un,
                                 nullif((t.x1 - t.x0) * (e.by - e.ay) - (t.y1 - t.y0) * (e.bx - e.ax), 0) AS den OFFSET 0) q
      -- OFFSET 0: t and u are computed once per pair, not once per comparison below (1 million pairs)
      OFFSET 0
    ) c
    WHERE t >= 0 AND t <= 1 AND u >= 0 AND u < 1 AND (sx <> 0 OR sy <> 0)
  ) x
) y
ORDER BY gid, line_year, pri, abs(distance), distance`,
    },
    { step: 'distances', sql: `ALTER TABLE transect_distance ADD CONSTRAINT ${DISTANCE_FK} FOREIGN KEY (transect_gid) REFERENCES transect (gid) ON DELETE CASCADE` },
    { step: 'distances', sql: `CREATE INDEX ${YEAR_INDEX.name} ON ${YEAR_INDEX.on}` },
    { step: 'finish', sql: 'DROP TABLE IF EXISTS tr_base, tr_point, tr_station, tr_edge, tr_transect' },
    { step: 'finish', sql: 'ANALYZE transect' },
    { step: 'finish', sql: 'ANALYZE transect_distance' },
  ];
}

/** Rebuilds every transect from the lines in the database; run it inside a transaction. */
export async function buildTransects(tx: Queryable, options: { log?: (message: string) => void } = {}): Promise<BuildReport> {
  const started = performance.now();
  const steps: BuildReport['steps'] = [];
  for (const { step, sql } of buildSql()) {
    const t = performance.now();
    await tx.query(sql);
    const ms = Math.round(performance.now() - t);
    const last = steps.at(-1);
    if (last?.step === step) last.ms += ms;
    else steps.push({ step, ms });
  }
  for (const s of steps) options.log?.(`transects: ${s.step} (${s.ms} ms)`);
  const { rows } = await tx.query<{ t: number; d: number }>('SELECT (SELECT count(*) FROM transect)::integer AS t, (SELECT count(*) FROM transect_distance)::integer AS d');
  return { transects: rows[0]!.t, distances: rows[0]!.d, ms: Math.round(performance.now() - started), steps };
}
