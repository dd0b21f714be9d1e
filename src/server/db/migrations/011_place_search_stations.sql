-- Place search, our own sites too (issue 24 item 8): the radar stations and the CCTV sites (a
-- visitor typing 'บางแสน' means the camera at หาดบางแสน), each with its province and district
-- names for the option's detail; and for every place a point on it (lon, lat) where the map marks
-- the place found: the point itself for a station, a point inside the area or on the line
-- otherwise (the box's centre of a coastal province often lies in the sea).

ALTER TABLE place_search DROP CONSTRAINT place_search_kind_check;
ALTER TABLE place_search ADD CONSTRAINT place_search_kind_check
  CHECK (kind IN ('province', 'district', 'subdistrict', 'island', 'lake_island', 'beach_main', 'beach_sub', 'beach_system', 'radar_station', 'cctv'));
ALTER TABLE place_search ADD COLUMN lon double precision, ADD COLUMN lat double precision;

CREATE OR REPLACE FUNCTION place_search_fill() RETURNS void
LANGUAGE sql
AS $$
  WITH src AS (
    SELECT kind, ord, code, name, name_en, province, district,
           place_fold(name) AS f_name, coalesce(place_fold(name_en), '') AS f_en, lower(code COLLATE "C") AS f_code,
           ST_XMin(geom) AS west, ST_YMin(geom) AS south, ST_XMax(geom) AS east, ST_YMax(geom) AS north,
           ST_X(ST_PointOnSurface(geom)) AS lon, ST_Y(ST_PointOnSurface(geom)) AS lat
    FROM (
      SELECT 'province' AS kind, 1 AS ord, prv_code::text AS code, prv_name AS name, prv_name_en AS name_en,
             NULL::text AS province, NULL::text AS district, geom::geometry AS geom FROM province
      UNION ALL SELECT 'district', 2, amp_code, amp_name, amp_name_en, prv_name, NULL, geom FROM district
      UNION ALL SELECT 'subdistrict', 3, tam_code, tam_name, tam_name_en, prv_name, amp_name, geom FROM subdistrict
      UNION ALL SELECT 'island', 4, gid::text, island, island_en, prv_name, amp_name, geom FROM island
      UNION ALL SELECT 'lake_island', 4, id::text, island, island_en, pv_tn, ap_tn, geom FROM lake_island
      UNION ALL SELECT 'radar_station', 4, s.code, s.site, NULL, p.prv_name, d.amp_name, s.geom
        FROM radar_station s LEFT JOIN province p ON p.prv_code = s.prv_code LEFT JOIN district d ON d.amp_code = s.amp_code
      UNION ALL SELECT 'cctv', 4, c.code, c.site, NULL, p.prv_name, d.amp_name, c.geom
        FROM cctv c LEFT JOIN province p ON p.prv_code = c.prv_code LEFT JOIN district d ON d.amp_code = c.amp_code
      UNION ALL SELECT 'beach_main', 5, code_b_m, b_m_thai, NULL, NULL, NULL, geom FROM beach_main
      UNION ALL SELECT 'beach_sub', 6, code_b_c, b_c_thai, NULL, NULL, NULL, geom FROM beach_sub
      UNION ALL SELECT 'beach_system', 7, code_b_s, b_s_thai, NULL, prv_name, amp_name, geom FROM beach_system
    ) places
  ), gone AS (
    DELETE FROM place_search p WHERE NOT EXISTS (SELECT 1 FROM src WHERE src.kind = p.kind AND src.code = p.code)
  )
  INSERT INTO place_search AS p (kind, ord, code, name, name_en, province, district, f_name, f_en, f_code, west, south, east, north, lon, lat)
  SELECT kind, ord, code, name, name_en, province, district, f_name, f_en, f_code, west, south, east, north, lon, lat FROM src
  ON CONFLICT (kind, code) DO UPDATE
    SET ord = EXCLUDED.ord, name = EXCLUDED.name, name_en = EXCLUDED.name_en, province = EXCLUDED.province,
        district = EXCLUDED.district, f_name = EXCLUDED.f_name, f_en = EXCLUDED.f_en, f_code = EXCLUDED.f_code,
        west = EXCLUDED.west, south = EXCLUDED.south, east = EXCLUDED.east, north = EXCLUDED.north,
        lon = EXCLUDED.lon, lat = EXCLUDED.lat
    WHERE (p.ord, p.name, p.name_en, p.province, p.district, p.f_name, p.f_en, p.f_code, p.west, p.south, p.east, p.north, p.lon, p.lat)
          IS DISTINCT FROM (EXCLUDED.ord, EXCLUDED.name, EXCLUDED.name_en, EXCLUDED.province, EXCLUDED.district, EXCLUDED.f_name,
                            EXCLUDED.f_en, EXCLUDED.f_code, EXCLUDED.west, EXCLUDED.south, EXCLUDED.east, EXCLUDED.north,
                            EXCLUDED.lon, EXCLUDED.lat);
$$;

CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON radar_station FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();
CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cctv FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();

SELECT place_search_fill();
