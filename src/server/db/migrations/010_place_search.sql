-- Place search (issue 11 item 2, router page=search): one narrow row per province, district,
-- sub-district, island, Songkhla Lake island and beach-system level, with its names folded for
-- matching and its bounding box. Searching the source tables directly cost 15-50 ms a query on
-- PGlite (lower() under its C.UTF-8 ctype, an 8-way union to plan, geometries to unpack); this
-- table is a few hundred short rows (~9k with the full RTSD admin set) scanned in about 1 ms.
-- Statement triggers on the source tables rebuild it, so the sample generator, `npm run import`
-- and manual edits keep it current without knowing about it.

-- The one definition of the matching form of a name or a query: NFC, sara am typed as nikhahit +
-- sara aa made one letter, Thai marks a user may leave out or type in another order removed (mai
-- taikhu, the four tone marks, thanthakhat, yamakkan; nikhahit stays, it is half of sara am),
-- spaces trimmed and collapsed, ASCII lower case (Thai has no case; English names are ASCII, and
-- lower() in the C collation avoids PGlite's slow C.UTF-8 ctype).
CREATE FUNCTION place_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT lower(regexp_replace(btrim(translate(replace(normalize(value, NFC), U&'\0E4D\0E32', U&'\0E33'),
                                              U&'\0E47\0E48\0E49\0E4A\0E4B\0E4C\0E4E', '')),
                              '\s+', ' ', 'g') COLLATE "C")
$$;

CREATE TABLE place_search (
  kind text NOT NULL CHECK (kind IN ('province', 'district', 'subdistrict', 'island', 'lake_island', 'beach_main', 'beach_sub', 'beach_system')),
  -- larger kinds first among equally good matches
  ord smallint NOT NULL,
  code text NOT NULL,
  name text NOT NULL,
  name_en text,
  province text,
  district text,
  f_name text NOT NULL,
  f_en text NOT NULL,
  f_code text NOT NULL,
  -- the bounding box (xmin.. would clash with the system column xmin)
  west double precision,
  south double precision,
  east double precision,
  north double precision,
  PRIMARY KEY (kind, code)
);

-- Writes only what changed: a rebuild by DELETE + INSERT on every statement left ~15 dead
-- versions of each row after the sample generation (PGlite never vacuums), and every search
-- scanned them (174 pages for 624 rows, against 29).
CREATE FUNCTION place_search_fill() RETURNS void
LANGUAGE sql
AS $$
  WITH src AS (
    SELECT kind, ord, code, name, name_en, province, district,
           place_fold(name) AS f_name, coalesce(place_fold(name_en), '') AS f_en, lower(code COLLATE "C") AS f_code,
           ST_XMin(geom) AS west, ST_YMin(geom) AS south, ST_XMax(geom) AS east, ST_YMax(geom) AS north
    FROM (
      SELECT 'province' AS kind, 1 AS ord, prv_code::text AS code, prv_name AS name, prv_name_en AS name_en,
             NULL::text AS province, NULL::text AS district, geom::geometry AS geom FROM province
      UNION ALL SELECT 'district', 2, amp_code, amp_name, amp_name_en, prv_name, NULL, geom FROM district
      UNION ALL SELECT 'subdistrict', 3, tam_code, tam_name, tam_name_en, prv_name, amp_name, geom FROM subdistrict
      UNION ALL SELECT 'island', 4, gid::text, island, island_en, prv_name, amp_name, geom FROM island
      UNION ALL SELECT 'lake_island', 4, id::text, island, island_en, pv_tn, ap_tn, geom FROM lake_island
      UNION ALL SELECT 'beach_main', 5, code_b_m, b_m_thai, NULL, NULL, NULL, geom FROM beach_main
      UNION ALL SELECT 'beach_sub', 6, code_b_c, b_c_thai, NULL, NULL, NULL, geom FROM beach_sub
      UNION ALL SELECT 'beach_system', 7, code_b_s, b_s_thai, NULL, prv_name, amp_name, geom FROM beach_system
    ) places
  ), gone AS (
    DELETE FROM place_search p WHERE NOT EXISTS (SELECT 1 FROM src WHERE src.kind = p.kind AND src.code = p.code)
  )
  INSERT INTO place_search AS p (kind, ord, code, name, name_en, province, district, f_name, f_en, f_code, west, south, east, north)
  SELECT kind, ord, code, name, name_en, province, district, f_name, f_en, f_code, west, south, east, north FROM src
  ON CONFLICT (kind, code) DO UPDATE
    SET ord = EXCLUDED.ord, name = EXCLUDED.name, name_en = EXCLUDED.name_en, province = EXCLUDED.province,
        district = EXCLUDED.district, f_name = EXCLUDED.f_name, f_en = EXCLUDED.f_en, f_code = EXCLUDED.f_code,
        west = EXCLUDED.west, south = EXCLUDED.south, east = EXCLUDED.east, north = EXCLUDED.north
    WHERE (p.ord, p.name, p.name_en, p.province, p.district, p.f_name, p.f_en, p.f_code, p.west, p.south, p.east, p.north)
          IS DISTINCT FROM (EXCLUDED.ord, EXCLUDED.name, EXCLUDED.name_en, EXCLUDED.province, EXCLUDED.district, EXCLUDED.f_name,
                            EXCLUDED.f_en, EXCLUDED.f_code, EXCLUDED.west, EXCLUDED.south, EXCLUDED.east, EXCLUDED.north);
$$;

CREATE FUNCTION place_search_rebuild() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM place_search_fill();
  RETURN NULL;
END
$$;

CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON province FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();
CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON district FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();
CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON subdistrict FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();
CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON island FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();
CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lake_island FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();
CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON beach_main FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();
CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON beach_sub FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();
CREATE TRIGGER place_search_rebuild AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON beach_system FOR EACH STATEMENT EXECUTE FUNCTION place_search_rebuild();

-- A database migrated after it was filled gets its rows now.
SELECT place_search_fill();
