// Areas derived in SQL from the coastline segments: a coastal land strip per segment (its buffer
// clipped to the land polygons), the administrative areas as unions of those strips and islands,
// beach-system lines and lengths, and the littoral cell pieces.

/** Temporary strips (about 3 km inland) per mainland / lake-shore segment, for the topic layers. */
export const STRIPS_SQL = `
CREATE TEMP TABLE sample_strip ON COMMIT DROP AS
SELECT b.gid AS seg_gid, ST_Multi(ST_CollectionExtract(ST_Union(ST_Intersection(b.buf, l.geom, 1e-7), 1e-7), 3)) AS geom
FROM (
  SELECT gid, ST_Buffer(geom, 0.03, 'endcap=flat join=round quad_segs=2') AS buf
  FROM coast_segment WHERE zone IN ('mainland', 'lake_land')
) b
JOIN land l ON l.geom && b.buf AND ST_Intersects(l.geom, b.buf)
GROUP BY b.gid;
DELETE FROM sample_strip WHERE ST_IsEmpty(geom);
CREATE INDEX ON sample_strip (seg_gid);`;

export const ADMIN_AREAS_SQL = `
UPDATE subdistrict d SET geom = u.geom
FROM (
  SELECT tam_code, ST_Multi(ST_CollectionExtract(ST_Union(geom, 1e-7), 3)) AS geom FROM (
    SELECT s.tam_code, st.geom FROM sample_strip st JOIN coast_segment s ON s.gid = st.seg_gid
    UNION ALL SELECT tam_code, geom FROM island WHERE tam_code IS NOT NULL
    UNION ALL SELECT tb_idn, geom FROM lake_island WHERE tb_idn IS NOT NULL
  ) parts GROUP BY tam_code
) u
WHERE u.tam_code = d.tam_code;
UPDATE district d SET geom = u.geom
FROM (SELECT amp_code, ST_Multi(ST_CollectionExtract(ST_Union(geom, 1e-7), 3)) AS geom FROM subdistrict GROUP BY amp_code) u
WHERE u.amp_code = d.amp_code;
UPDATE province p SET geom = u.geom
FROM (SELECT prv_code, ST_Multi(ST_CollectionExtract(ST_Union(geom, 1e-7), 3)) AS geom FROM district GROUP BY prv_code) u
WHERE u.prv_code = p.prv_code;`;

export const BEACH_GEOMETRY_SQL = `
UPDATE beach_system b SET geom = u.geom, length_m = u.len
FROM (SELECT code_b_s, ST_Multi(ST_LineMerge(ST_Collect(ST_GeometryN(geom, 1) ORDER BY gid))) AS geom, sum(ST_Length(geom::geography)) AS len
      FROM coast_segment WHERE code_b_s IS NOT NULL GROUP BY code_b_s) u
WHERE u.code_b_s = b.code_b_s;
UPDATE beach_sub b SET geom = u.geom, length_m = u.len
FROM (SELECT code_b_c, ST_Multi(ST_LineMerge(ST_Collect(ST_GeometryN(geom, 1) ORDER BY gid))) AS geom, sum(ST_Length(geom::geography)) AS len
      FROM coast_segment WHERE code_b_c IS NOT NULL GROUP BY code_b_c) u
WHERE u.code_b_c = b.code_b_c;
UPDATE beach_main b SET geom = u.geom
FROM (SELECT code_b_m, ST_Multi(ST_LineMerge(ST_Collect(ST_GeometryN(geom, 1) ORDER BY gid))) AS geom
      FROM coast_segment WHERE code_b_m IS NOT NULL GROUP BY code_b_m) u
WHERE u.code_b_m = b.code_b_m;`;

/** One littoral row per kind and mainland segment; length_m is the piece, total_length_m the unit. */
export const LITTORAL_SQL = `
INSERT INTO littoral (layer_kind, littoral_c, name, length_m, total_length_m, code_b_m, code_b_c, code_b_s, seg_gid,
  prv_code, amp_code, tam_code, prv_name, amp_name, tam_name, geom)
SELECT k.kind, k.code, k.name, ST_Length(s.geom::geography), k.total, s.code_b_m, s.code_b_c, s.code_b_s, s.gid,
       s.prv_code, s.amp_code, s.tam_code, s.prv_name, s.amp_name, s.tam_name, s.geom
FROM coast_segment s
JOIN beach_main m ON m.code_b_m = s.code_b_m
JOIN beach_sub c ON c.code_b_c = s.code_b_c
JOIN beach_system b ON b.code_b_s = s.code_b_s
CROSS JOIN LATERAL (VALUES
  (1, 'cell', m.code_b_m, m.b_m_thai, ST_Length(m.geom::geography)),
  (2, 'sub', c.code_b_c, c.b_c_thai, c.length_m),
  (3, 'beach', b.code_b_s, b.b_s_thai, b.length_m)
) AS k(n, kind, code, name, total)
ORDER BY k.n, s.gid;`;
