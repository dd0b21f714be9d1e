-- Shoreline-change transects (issue 14, DSAS-style): a baseline per coastline segment (the oldest
-- year's monitoring line, smoothed), transects about every 100 m perpendicular to it, and the
-- distance of every yearly line (cmline and shoreline) along each transect. Built by PostGIS from
-- the yearly lines (src/server/transects/build.ts): by the sample generator, and after an import
-- by `npm run transects:rebuild`. Statistics for any period are computed per request
-- (src/server/transects/stats.ts), so they always follow the lines in the database.

CREATE TABLE transect (
  gid serial PRIMARY KEY,
  seg_gid integer NOT NULL,          -- coast_segment.gid (no FK: the sample's TRUNCATE must not cascade here)
  zone text NOT NULL CHECK (zone IN ('mainland', 'island', 'lake_land', 'lake_island')),
  part integer NOT NULL,             -- part of the segment's baseline (1 unless the line has gaps)
  k integer NOT NULL,                -- 1-based position along the baseline part
  baseline_year integer NOT NULL,    -- the year of the line the baseline was made from
  chainage_m double precision NOT NULL, -- distance along the baseline part to the origin (m)
  coast_m double precision NOT NULL, -- length of baseline this transect stands for (m)
  length_m double precision NOT NULL,   -- whole transect length (m); the origin is its middle
  azimuth double precision NOT NULL,    -- seaward direction, degrees clockwise from north
  seaward_rule text NOT NULL CHECK (seaward_rule IN ('land', 'convention')),
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  prv_name text NOT NULL,
  amp_name text NOT NULL,
  tam_name text,
  island text,
  island_gid integer,
  lake_island_id integer,
  code_b_m text,
  code_b_c text,
  code_b_s text,
  origin geometry(Point, 4326) NOT NULL,     -- on the baseline
  geom geometry(LineString, 4326) NOT NULL   -- landward end -> seaward end
);
CREATE INDEX transect_geom_idx ON transect USING gist (geom);
CREATE INDEX transect_origin_idx ON transect USING gist (origin);
CREATE INDEX transect_seg_idx ON transect (seg_gid, part, k);
CREATE INDEX transect_tam_idx ON transect (tam_code);
CREATE INDEX transect_amp_idx ON transect (amp_code);
CREATE INDEX transect_prv_idx ON transect (prv_code);
CREATE INDEX transect_beach_idx ON transect (code_b_s);

-- One row per transect and year whose line crosses it; a missing year has no row.
CREATE TABLE transect_distance (
  transect_gid integer NOT NULL REFERENCES transect (gid) ON DELETE CASCADE,
  line_year integer NOT NULL,
  dataset text NOT NULL CHECK (dataset IN ('cmline', 'shoreline')),
  distance double precision NOT NULL, -- metres from the origin along the transect, + seaward
  angle double precision NOT NULL,    -- acute angle between transect and line (degrees, 90 = perpendicular)
  crossings integer NOT NULL,         -- how many times that year's line crosses the transect
  PRIMARY KEY (transect_gid, line_year)
);
CREATE INDEX transect_distance_year_idx ON transect_distance (line_year);
