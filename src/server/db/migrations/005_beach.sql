-- Beach systems (SPEC.md §3): main groups T1-T8 (length_m = the published figure), sub groups
-- (code_b_c) and beach systems (code_b_s); littoral cells in three kinds (cell = main group,
-- sub = sub group, beach = beach system), one row per piece within a sub-district.

CREATE TABLE beach_main (
  gid serial PRIMARY KEY,
  code_b_m text NOT NULL UNIQUE,
  b_m_thai text NOT NULL,
  length_m double precision NOT NULL,
  geom geometry(MultiLineString, 4326)
);

CREATE TABLE beach_sub (
  gid serial PRIMARY KEY,
  code_b_c text NOT NULL UNIQUE,
  code_b_m text NOT NULL REFERENCES beach_main (code_b_m),
  b_c_thai text NOT NULL,
  length_m double precision NOT NULL,
  geom geometry(MultiLineString, 4326)
);

CREATE TABLE beach_system (
  gid serial PRIMARY KEY,
  code_b_s text NOT NULL UNIQUE,
  code_b_c text NOT NULL REFERENCES beach_sub (code_b_c),
  code_b_m text NOT NULL REFERENCES beach_main (code_b_m),
  b_s_thai text NOT NULL,
  length_m double precision NOT NULL,
  beach_type text,
  bed_sed text,
  prv_code varchar(2),
  amp_code varchar(4),
  prv_name text,
  amp_name text,
  geom geometry(MultiLineString, 4326)
);

CREATE INDEX beach_main_geom_idx ON beach_main USING gist (geom);
CREATE INDEX beach_sub_geom_idx ON beach_sub USING gist (geom);
CREATE INDEX beach_system_geom_idx ON beach_system USING gist (geom);

CREATE TABLE littoral (
  gid serial PRIMARY KEY,
  layer_kind text NOT NULL CHECK (layer_kind IN ('cell', 'sub', 'beach')),
  littoral_c text NOT NULL,
  name text NOT NULL,
  length_m double precision NOT NULL,       -- this row's piece
  total_length_m double precision NOT NULL, -- the whole cell / sub cell / beach system
  code_b_m text NOT NULL,
  code_b_c text,
  code_b_s text,
  seg_gid integer REFERENCES coast_segment (gid),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  geom geometry(MultiLineString, 4326) NOT NULL
);
CREATE INDEX littoral_geom_idx ON littoral USING gist (geom);
CREATE INDEX littoral_kind_idx ON littoral (layer_kind);
