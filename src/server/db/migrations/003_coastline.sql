-- Coastlines (SPEC.md §3, §9): islands, the four Songkhla Lake islands, coastline segments (the
-- unit every yearly line, rate and topic row refers to), monitoring lines 2562-2567 and shoreline
-- lines 2548, 2554, 2556-2559. Zones: mainland, island, lake_land (Songkhla Lake shore),
-- lake_island. shape_leng is metres, length_km kilometres.

CREATE TABLE island (
  gid serial PRIMARY KEY,
  island text NOT NULL,
  island_en text,
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  -- 'natural_earth' (outline from Natural Earth 10m) or 'approximate' (hand-drawn, see PROVENANCE.md)
  outline_source text NOT NULL,
  area double precision,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  CHECK (left(amp_code, 2) = prv_code AND (tam_code IS NULL OR left(tam_code, 4) = amp_code))
);
CREATE INDEX island_geom_idx ON island USING gist (geom);

CREATE TABLE lake_island (
  gid serial PRIMARY KEY,
  id integer NOT NULL UNIQUE,
  island text NOT NULL,
  island_en text,
  pv_idn varchar(2) NOT NULL,
  pv_tn text NOT NULL,
  ap_idn varchar(4) NOT NULL,
  ap_tn text NOT NULL,
  tb_idn varchar(6),
  tb_tn text,
  outline_source text NOT NULL,
  geom geometry(MultiPolygon, 4326) NOT NULL
);
CREATE INDEX lake_island_geom_idx ON lake_island USING gist (geom);

CREATE TABLE coast_segment (
  gid serial PRIMARY KEY,
  seg_key text NOT NULL UNIQUE,
  zone text NOT NULL CHECK (zone IN ('mainland', 'island', 'lake_land', 'lake_island')),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  island_gid integer REFERENCES island (gid),
  lake_island_id integer REFERENCES lake_island (id),
  code_b_m text,
  code_b_c text,
  code_b_s text,
  beach_type text,
  bed_sed text,
  geom geometry(MultiLineString, 4326) NOT NULL
);
CREATE INDEX coast_segment_geom_idx ON coast_segment USING gist (geom);

CREATE TABLE cmline (
  gid serial PRIMARY KEY,
  seg_gid integer NOT NULL REFERENCES coast_segment (gid),
  zone text NOT NULL CHECK (zone IN ('mainland', 'island', 'lake_land', 'lake_island')),
  line_year integer NOT NULL CHECK (line_year BETWEEN 2400 AND 2700),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  island text,
  island_gid integer,
  lake_island_id integer,
  length_km double precision NOT NULL,
  shape_leng double precision NOT NULL,
  geom geometry(MultiLineString, 4326) NOT NULL
);
CREATE INDEX cmline_geom_idx ON cmline USING gist (geom);
CREATE INDEX cmline_zone_year_idx ON cmline (zone, line_year);
CREATE INDEX cmline_seg_idx ON cmline (seg_gid, line_year);
CREATE INDEX cmline_tam_idx ON cmline (tam_code);

CREATE TABLE shoreline (
  gid serial PRIMARY KEY,
  seg_gid integer NOT NULL REFERENCES coast_segment (gid),
  line_year integer NOT NULL CHECK (line_year BETWEEN 2400 AND 2700),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  length_km double precision NOT NULL,
  shape_leng double precision NOT NULL,
  geom geometry(MultiLineString, 4326) NOT NULL
);
CREATE INDEX shoreline_geom_idx ON shoreline USING gist (geom);
CREATE INDEX shoreline_year_idx ON shoreline (line_year);
CREATE INDEX shoreline_seg_idx ON shoreline (seg_gid, line_year);
