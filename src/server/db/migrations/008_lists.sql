-- Lists of SPEC.md §3 as views over the tables: islands and beach systems.

-- Coastline island list: gid, island, prv_code, amp_code, prv_name, amp_name.
CREATE VIEW coastline_island_list AS
  SELECT gid, island, prv_code, amp_code, prv_name, amp_name FROM island;

-- Change-rate island list: layer ('<island name>_<island gid>'), prv_code, amp_code, prv_name, amp_name.
CREATE VIEW changerate_island_list AS
  SELECT DISTINCT layer, prv_code, amp_code, prv_name, amp_name
  FROM change_rate
  WHERE zone = 'island' AND layer IS NOT NULL;

-- Beach-system picker lists (SPEC.md §3 "Responses carry data and bbox"): codes, Thai names and
-- the bounding box of each group's coastline.
CREATE VIEW beach_main_list AS
  SELECT code_b_m, b_m_thai, length_m,
         ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin, ST_XMax(geom) AS xmax, ST_YMax(geom) AS ymax
  FROM beach_main;

CREATE VIEW beach_sub_list AS
  SELECT code_b_m, code_b_c, b_c_thai, length_m,
         ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin, ST_XMax(geom) AS xmax, ST_YMax(geom) AS ymax
  FROM beach_sub;

CREATE VIEW beach_system_list AS
  SELECT code_b_m, code_b_c, code_b_s, b_s_thai, length_m, prv_code, amp_code,
         ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin, ST_XMax(geom) AS xmax, ST_YMax(geom) AS ymax
  FROM beach_system;
