-- Results computed by PostGIS from the yearly lines (see 001_base.sql and the sample generator):
-- erosion / accretion polygons for every pair of years, end point rates (epr, m/yr) with their
-- SPEC.md §9 class, and the analysis areas (the band the yearly lines sweep).

CREATE TABLE change_area (
  gid serial PRIMARY KEY,
  dataset text NOT NULL CHECK (dataset IN ('cmline', 'shoreline')),
  zone text NOT NULL CHECK (zone IN ('mainland', 'island', 'lake_land', 'lake_island')),
  kind text NOT NULL CHECK (kind IN ('erosion', 'accretion')),
  start_year integer NOT NULL,
  end_year integer NOT NULL,
  area double precision NOT NULL, -- square metres
  seg_gid integer REFERENCES coast_segment (gid),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  island text,
  island_gid integer,
  lake_island_id integer,
  geom geometry(MultiPolygon, 4326) NOT NULL,
  CHECK (start_year < end_year)
);
CREATE INDEX change_area_geom_idx ON change_area USING gist (geom);
CREATE INDEX change_area_key_idx ON change_area (dataset, zone, kind, start_year, end_year);
CREATE INDEX change_area_tam_idx ON change_area (tam_code);

CREATE TABLE change_rate (
  gid serial PRIMARY KEY,
  zone text NOT NULL CHECK (zone IN ('mainland', 'island', 'lake_land', 'lake_island')),
  -- 'transect': one row per transect (about 1 km of coast); 'segment': mean per coastline segment
  level text NOT NULL CHECK (level IN ('transect', 'segment')),
  rate_year integer NOT NULL,
  base_year integer NOT NULL,
  epr double precision NOT NULL, -- metres per year, + accretion / - erosion
  rate_class text NOT NULL,
  transects integer NOT NULL,
  seg_gid integer REFERENCES coast_segment (gid),
  code_b_m text,
  code_b_c text,
  code_b_s text,
  bed_sed text,
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  island text,
  island_gid integer,
  layer text, -- islands: '<island name>_<island gid>' (SPEC.md §3 change-rate island list)
  lake_island_id integer,
  geom geometry(MultiLineString, 4326) NOT NULL,
  CHECK (rate_class = change_rate_class(epr))
);
CREATE INDEX change_rate_geom_idx ON change_rate USING gist (geom);
CREATE INDEX change_rate_key_idx ON change_rate (zone, level, rate_year);

CREATE TABLE analysis_area (
  gid serial PRIMARY KEY,
  zone text NOT NULL CHECK (zone IN ('mainland', 'island', 'lake_land', 'lake_island')),
  seg_gid integer REFERENCES coast_segment (gid),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  island text,
  island_gid integer,
  lake_island_id integer,
  area double precision NOT NULL,
  geom geometry(MultiPolygon, 4326) NOT NULL
);
CREATE INDEX analysis_area_geom_idx ON analysis_area USING gist (geom);
