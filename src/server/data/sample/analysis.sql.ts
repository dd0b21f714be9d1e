// The PostGIS analysis that turns the yearly lines into erosion / accretion polygons, end point
// rates and analysis areas (functions in db/migrations/001_base.sql). Plain SQL, the same on
// PostGIS 3.3 and 3.6.

const ADMIN = 's.prv_code, s.amp_code, s.tam_code, s.prv_name, s.amp_name, s.tam_name';
const ISLAND = 'coalesce(i.island, l.island), s.island_gid, s.lake_island_id';
/** island, island_gid, layer ('<island name>_<island gid>' for islands), lake_island_id */
const ISLAND_WITH_LAYER = "coalesce(i.island, l.island), s.island_gid, CASE WHEN s.zone = 'island' THEN i.island || '_' || s.island_gid END, s.lake_island_id";
const ISLAND_JOIN = 'LEFT JOIN island i ON i.gid = s.island_gid LEFT JOIN lake_island l ON l.id = s.lake_island_id';
const CHANGE_COLUMNS = `dataset, zone, kind, start_year, end_year, area, seg_gid,
  prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, island, island_gid, lake_island_id, geom`;

/** Erosion and accretion between every pair of years of `table`, one row per segment, pair and kind. */
function changeArea(dataset: 'cmline' | 'shoreline', table: 'cmline' | 'shoreline', zones: string, faces: 'coast_change_faces' | 'ring_change_faces'): string {
  return `
INSERT INTO change_area (${CHANGE_COLUMNS})
SELECT '${dataset}', zone, kind, start_year, end_year, ST_Area(geom::geography), gid,
       prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, island, island_gid, lake_island_id, geom
FROM (
SELECT s.zone, f.kind, a.line_year AS start_year, b.line_year AS end_year, s.gid, ${ADMIN},
       coalesce(i.island, l.island) AS island, s.island_gid, s.lake_island_id, valid_multipolygon(ST_Collect(f.geom)) AS geom
FROM coast_segment s
JOIN ${table} a ON a.seg_gid = s.gid
JOIN ${table} b ON b.seg_gid = s.gid AND b.line_year > a.line_year
${ISLAND_JOIN}
CROSS JOIN LATERAL ${faces}(a.geom, b.geom) f
WHERE s.zone IN (${zones}) AND NOT ST_IsEmpty(f.geom) AND ST_Area(f.geom) > 0
GROUP BY s.gid, a.line_year, b.line_year, f.kind, i.island, l.island
) c
ORDER BY gid, start_year, end_year, kind`;
}

export const CHANGE_AREA_SQL = [
  changeArea('cmline', 'cmline', "'mainland', 'lake_land'", 'coast_change_faces'),
  changeArea('cmline', 'cmline', "'island', 'lake_island'", 'ring_change_faces'),
  changeArea('shoreline', 'shoreline', "'mainland'", 'coast_change_faces'),
];

/**
 * End point rates by transects about every `spacing` metres: the offset from the base-year line to
 * the rate-year line along the base line's normal, divided by the years between them.
 */
export function changeRateSql(baseYear: number, rateYears: readonly number[], spacing = 1000): string[] {
  const years = rateYears.map(Number).join(', ');
  const transects = `
INSERT INTO change_rate (zone, level, rate_year, base_year, epr, rate_class, transects, seg_gid, code_b_m, code_b_c,
  code_b_s, bed_sed, prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, island, island_gid, layer, lake_island_id, geom)
WITH t AS (
  SELECT s.gid, b.line_year, k, n, ST_GeometryN(a.geom, 1) AS la, ST_GeometryN(b.geom, 1) AS lb
  FROM coast_segment s
  JOIN cmline a ON a.seg_gid = s.gid AND a.line_year = ${Number(baseYear)}
  JOIN cmline b ON b.seg_gid = s.gid AND b.line_year IN (${years})
  CROSS JOIN LATERAL (SELECT greatest(1, round(a.shape_leng / ${Number(spacing)}))::integer AS n) c
  CROSS JOIN LATERAL generate_series(1, c.n) AS k
),
r AS (
  SELECT t.*, coast_offset_at(la, lb, (k - 0.5) / n) AS offset_m FROM t
)
SELECT s.zone, 'transect', r.line_year, ${Number(baseYear)}, e.epr, change_rate_class(e.epr), 1, s.gid,
       s.code_b_m, s.code_b_c, s.code_b_s, s.bed_sed, ${ADMIN}, ${ISLAND_WITH_LAYER},
       ST_Multi(ST_LineSubstring(r.lb, (r.k - 1)::double precision / r.n, r.k::double precision / r.n))
FROM r
JOIN coast_segment s ON s.gid = r.gid
${ISLAND_JOIN}
CROSS JOIN LATERAL (SELECT round((r.offset_m / (r.line_year - ${Number(baseYear)}))::numeric, 2)::double precision AS epr) e
WHERE r.offset_m IS NOT NULL
ORDER BY s.gid, r.line_year, r.k`;
  const segments = `
INSERT INTO change_rate (zone, level, rate_year, base_year, epr, rate_class, transects, seg_gid, code_b_m, code_b_c,
  code_b_s, bed_sed, prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, island, island_gid, layer, lake_island_id, geom)
SELECT s.zone, 'segment', m.rate_year, ${Number(baseYear)}, m.epr, change_rate_class(m.epr), m.n, s.gid,
       s.code_b_m, s.code_b_c, s.code_b_s, s.bed_sed, ${ADMIN}, ${ISLAND_WITH_LAYER}, c.geom
FROM (
  SELECT seg_gid, rate_year, count(*)::integer AS n, round(avg(epr)::numeric, 2)::double precision AS epr
  FROM change_rate WHERE level = 'transect' GROUP BY seg_gid, rate_year
) m
JOIN coast_segment s ON s.gid = m.seg_gid
JOIN cmline c ON c.seg_gid = m.seg_gid AND c.line_year = m.rate_year
${ISLAND_JOIN}
ORDER BY s.gid, m.rate_year`;
  return [transects, segments];
}

/** The band swept by a segment's monitoring lines of all years (~130 m either side). */
export const ANALYSIS_AREA_SQL = `
INSERT INTO analysis_area (zone, seg_gid, prv_code, amp_code, tam_code, prv_name, amp_name, tam_name,
  island, island_gid, lake_island_id, area, geom)
SELECT s.zone, s.gid, ${ADMIN}, ${ISLAND}, ST_Area(b.geom::geography), ST_Multi(b.geom)
FROM coast_segment s
${ISLAND_JOIN}
CROSS JOIN LATERAL (
  SELECT ST_Buffer(ST_Collect(c.geom), 0.0012, 'quad_segs=2') AS geom FROM cmline c WHERE c.seg_gid = s.gid
) b
ORDER BY s.gid`;
