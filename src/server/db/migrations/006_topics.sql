-- Topic layers (SPEC.md §3 attribute columns by topic): coastal status (2566, 2565), coastal
-- structures (2566, 2562, 2561, 2560), erosion-solution lines (measure groups 1-4), potential
-- areas (groups 1-3 x high/medium/low), land use (2558, 2553, 2549) and the CVI variables.

CREATE TABLE coastal_status (
  gid serial PRIMARY KEY,
  status_year integer NOT NULL,
  coastal_s text NOT NULL CHECK (coastal_s IN
    ('AS', 'CC', 'CI', 'DS', 'DS-CE', 'EQ', 'HA', 'LA', 'LE', 'ME', 'NT-HE', 'RM', 'SV', 'MA')),
  coastal_t text NOT NULL,
  tumbon_t text,
  amphoe_t text NOT NULL,
  province_t text NOT NULL,
  sub_cell text,
  beach_type text,
  epr double precision,
  seg_gid integer REFERENCES coast_segment (gid),
  code_b_m text,
  code_b_c text,
  code_b_s text,
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  geom geometry(MultiLineString, 4326) NOT NULL
);
CREATE INDEX coastal_status_geom_idx ON coastal_status USING gist (geom);
CREATE INDEX coastal_status_year_idx ON coastal_status (status_year);

CREATE TABLE structure_type (
  gid serial PRIMARY KEY,
  code_stru text NOT NULL UNIQUE,
  name_t text NOT NULL,
  name_e text NOT NULL,
  -- 'along' (parallel to the shore) or 'across' (into the sea)
  layout text NOT NULL CHECK (layout IN ('along', 'across'))
);

CREATE TABLE coastal_structure (
  gid serial PRIMARY KEY,
  year integer NOT NULL,
  code_stru text NOT NULL REFERENCES structure_type (code_stru),
  name_t text NOT NULL,
  name_e text NOT NULL,
  performanc text,
  effect text,
  seg_gid integer REFERENCES coast_segment (gid),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  length_m double precision,
  geom geometry(MultiLineString, 4326) NOT NULL
);
CREATE INDEX coastal_structure_geom_idx ON coastal_structure USING gist (geom);
CREATE INDEX coastal_structure_year_idx ON coastal_structure (year);

CREATE TABLE erosion_solution (
  gid serial PRIMARY KEY,
  measuregrp smallint NOT NULL CHECK (measuregrp BETWEEN 1 AND 4),
  measure text NOT NULL,
  m_bcode text NOT NULL, -- the beach system (code_b_s)
  b_name text NOT NULL,
  code_b_m text NOT NULL,
  code_b_c text NOT NULL,
  seg_gid integer REFERENCES coast_segment (gid),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  geom geometry(MultiLineString, 4326) NOT NULL
);
CREATE INDEX erosion_solution_geom_idx ON erosion_solution USING gist (geom);

CREATE TABLE potential_area (
  gid serial PRIMARY KEY,
  grp smallint NOT NULL CHECK (grp BETWEEN 1 AND 3),
  suitability text NOT NULL CHECK (suitability IN ('high', 'medium', 'low')),
  name text NOT NULL,
  area_rai double precision NOT NULL,
  code_b_m text NOT NULL,
  code_b_c text NOT NULL,
  code_b_s text NOT NULL,
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  geom geometry(MultiPolygon, 4326) NOT NULL
);
CREATE INDEX potential_area_geom_idx ON potential_area USING gist (geom);

CREATE TABLE landuse_class (
  gid serial PRIMARY KEY,
  lul2_code text NOT NULL UNIQUE CHECK (lul2_code ~ '^(A[1-9]|F[1-7]|M[1-6]|U[1-7]|W[1-2])$'),
  lul2_t text NOT NULL
);

CREATE TABLE landuse (
  gid serial PRIMARY KEY,
  lu_year integer NOT NULL,
  lul2_code text NOT NULL REFERENCES landuse_class (lul2_code),
  lul2_t text NOT NULL,
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6) NOT NULL,
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text NOT NULL,
  area_rai double precision NOT NULL,
  geom geometry(MultiPolygon, 4326) NOT NULL
);
CREATE INDEX landuse_geom_idx ON landuse USING gist (geom);
CREATE INDEX landuse_year_idx ON landuse (lu_year);

-- Coastal vulnerability: 11 variable scores (1 very low .. 5 very high) per coastal strip;
-- physical 1-5, socio-economic 6-11 (config/topics/cvi.yaml).
CREATE TABLE cvi (
  gid serial PRIMARY KEY,
  seg_gid integer REFERENCES coast_segment (gid),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  v1 smallint NOT NULL CHECK (v1 BETWEEN 1 AND 5),
  v2 smallint NOT NULL CHECK (v2 BETWEEN 1 AND 5),
  v3 smallint NOT NULL CHECK (v3 BETWEEN 1 AND 5),
  v4 smallint NOT NULL CHECK (v4 BETWEEN 1 AND 5),
  v5 smallint NOT NULL CHECK (v5 BETWEEN 1 AND 5),
  v6 smallint NOT NULL CHECK (v6 BETWEEN 1 AND 5),
  v7 smallint NOT NULL CHECK (v7 BETWEEN 1 AND 5),
  v8 smallint NOT NULL CHECK (v8 BETWEEN 1 AND 5),
  v9 smallint NOT NULL CHECK (v9 BETWEEN 1 AND 5),
  v10 smallint NOT NULL CHECK (v10 BETWEEN 1 AND 5),
  v11 smallint NOT NULL CHECK (v11 BETWEEN 1 AND 5),
  geom geometry(MultiPolygon, 4326) NOT NULL
);
CREATE INDEX cvi_geom_idx ON cvi USING gist (geom);
