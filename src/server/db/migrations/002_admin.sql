-- Administrative areas with official DOPA codes and Thai names (SPEC.md §3): province (2 digits),
-- district / amphoe (4), sub-district / tambon (6). Codes nest: a district code starts with its
-- province code, a sub-district code with its district code.

CREATE TABLE province (
  gid serial PRIMARY KEY,
  prv_code varchar(2) NOT NULL UNIQUE CHECK (prv_code ~ '^[0-9]{2}$'),
  prv_name text NOT NULL,
  prv_name_en text,
  -- the coast it lies on: 'gulf' (Gulf of Thailand), 'andaman' (Andaman Sea), 'lake' (Songkhla Lake only)
  coast text NOT NULL CHECK (coast IN ('gulf', 'andaman', 'lake')),
  lake boolean NOT NULL DEFAULT false,
  geom geometry(MultiPolygon, 4326)
);

CREATE TABLE district (
  gid serial PRIMARY KEY,
  amp_code varchar(4) NOT NULL UNIQUE CHECK (amp_code ~ '^[0-9]{4}$'),
  prv_code varchar(2) NOT NULL REFERENCES province (prv_code),
  amp_name text NOT NULL,
  amp_name_en text,
  prv_name text NOT NULL,
  geom geometry(MultiPolygon, 4326),
  CHECK (left(amp_code, 2) = prv_code)
);

CREATE TABLE subdistrict (
  gid serial PRIMARY KEY,
  tam_code varchar(6) NOT NULL UNIQUE CHECK (tam_code ~ '^[0-9]{6}$'),
  amp_code varchar(4) NOT NULL REFERENCES district (amp_code),
  prv_code varchar(2) NOT NULL REFERENCES province (prv_code),
  tam_name text NOT NULL,
  tam_name_en text,
  amp_name text NOT NULL,
  prv_name text NOT NULL,
  -- true when the source list carried a superseded code and this one was re-derived (PROVENANCE.md)
  code_derived boolean NOT NULL DEFAULT false,
  geom geometry(MultiPolygon, 4326),
  CHECK (left(tam_code, 4) = amp_code AND left(amp_code, 2) = prv_code)
);

CREATE INDEX province_geom_idx ON province USING gist (geom);
CREATE INDEX district_geom_idx ON district USING gist (geom);
CREATE INDEX district_prv_idx ON district (prv_code);
CREATE INDEX subdistrict_geom_idx ON subdistrict USING gist (geom);
CREATE INDEX subdistrict_amp_idx ON subdistrict (amp_code);
