-- Point networks (SPEC.md §3): HF radar stations (21 in 6 zones) with their surface current
-- vectors, and coastal CCTV cameras (22).

CREATE TABLE radar_station (
  gid serial PRIMARY KEY,
  id integer NOT NULL UNIQUE,
  code text NOT NULL UNIQUE,
  site text NOT NULL,
  band text NOT NULL,
  zone_no smallint NOT NULL CHECK (zone_no BETWEEN 1 AND 6),
  zone_name text NOT NULL,
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  geom geometry(Point, 4326) NOT NULL
);
CREATE INDEX radar_station_geom_idx ON radar_station USING gist (geom);

-- One vector per grid cell: geom runs from the cell centre (latitude, longtitude [sic, as the
-- provider spells it]) in the flow direction, its length growing with the speed.
CREATE TABLE radar_current (
  gid serial PRIMARY KEY,
  station_id integer NOT NULL REFERENCES radar_station (id),
  sitename text NOT NULL,
  velocity double precision NOT NULL,  -- cm/s
  direction double precision NOT NULL, -- degrees clockwise from north, the way the water flows
  latitude double precision NOT NULL,
  longtitude double precision NOT NULL,
  time_stamp timestamptz NOT NULL,
  geom geometry(LineString, 4326) NOT NULL
);
CREATE INDEX radar_current_geom_idx ON radar_current USING gist (geom);

CREATE TABLE cctv (
  gid serial PRIMARY KEY,
  id integer NOT NULL UNIQUE,
  code text NOT NULL UNIQUE,
  site text NOT NULL,
  band text NOT NULL,
  link text NOT NULL,
  prv_code varchar(2) NOT NULL,
  amp_code varchar(4) NOT NULL,
  tam_code varchar(6),
  geom geometry(Point, 4326) NOT NULL
);
CREATE INDEX cctv_geom_idx ON cctv USING gist (geom);
