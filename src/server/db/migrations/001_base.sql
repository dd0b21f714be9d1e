-- Base: PostGIS, dataset bookkeeping, land polygons and the analysis functions that compute
-- erosion, accretion and change rates from yearly coastlines. Runs on PostGIS 3.3 and 3.6.
-- Convention for every coastline: the land lies on the LEFT of the line's direction.

CREATE EXTENSION IF NOT EXISTS postgis;

-- Which dataset the tables hold: the generated sample (sample = true) or imported real data.
CREATE TABLE dataset_info (
  gid serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  version text NOT NULL,
  sample boolean NOT NULL,
  description text
);

-- Land polygons (Natural Earth), subdivided for fast intersection; sea = no land.
CREATE TABLE land (
  gid serial PRIMARY KEY,
  source text NOT NULL,
  geom geometry(Polygon, 4326) NOT NULL
);
CREATE INDEX land_geom_idx ON land USING gist (geom);

-- Rate class of an end point rate (m/yr), SPEC.md §9; bounds as in the change-rate legend
-- (each class includes its lower bound): < -5, [-5,-1), [-1,0), 0, (0,1), [1,5), >= 5.
CREATE FUNCTION change_rate_class(epr double precision) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN epr IS NULL THEN NULL
    WHEN epr < -5 THEN 'severe_erosion'
    WHEN epr < -1 THEN 'moderate_erosion'
    WHEN epr < 0 THEN 'low_erosion'
    WHEN epr = 0 THEN 'none'
    WHEN epr < 1 THEN 'low_accretion'
    WHEN epr < 5 THEN 'moderate_accretion'
    ELSE 'severe_accretion'
  END
$$;

-- +1 when pt lies left of the line (landward), -1 right (seaward), 0 on it.
CREATE FUNCTION coast_side(line geometry, pt geometry) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sign((ST_X(p.b) - ST_X(p.a)) * (ST_Y(pt) - ST_Y(p.c)) - (ST_Y(p.b) - ST_Y(p.a)) * (ST_X(pt) - ST_X(p.c)))::integer
  FROM (SELECT ST_LineLocatePoint(line, pt) AS t) f,
  LATERAL (
    SELECT ST_LineInterpolatePoint(line, greatest(f.t - 1e-5, 0)) AS a,
           ST_LineInterpolatePoint(line, least(f.t + 1e-5, 1)) AS b,
           ST_LineInterpolatePoint(line, f.t) AS c
  ) p
$$;

-- The polygons between an earlier and a later open coastline (single lines after ST_LineMerge):
-- the two lines and the segments joining their ends are noded and polygonized; a face landward of
-- the earlier line is land lost (erosion), a face seaward of it is land gained (accretion).
CREATE FUNCTION coast_change_faces(earlier geometry, later geometry)
RETURNS TABLE (kind text, geom geometry)
LANGUAGE sql IMMUTABLE AS $$
  WITH lines AS (SELECT ST_LineMerge(earlier) AS a, ST_LineMerge(later) AS b),
  noded AS (
    SELECT a, ST_UnaryUnion(ST_Collect(ARRAY[
      a, b,
      ST_MakeLine(ST_StartPoint(a), ST_StartPoint(b)),
      ST_MakeLine(ST_EndPoint(a), ST_EndPoint(b))
    ])) AS g
    FROM lines
  ),
  faces AS (SELECT n.a, d.geom AS face FROM noded n, ST_Dump(ST_Polygonize(ARRAY[n.g])) d)
  SELECT CASE WHEN coast_side(a, ST_PointOnSurface(face)) > 0 THEN 'erosion' ELSE 'accretion' END, face
  FROM faces
$$;

-- The same for closed coastlines (islands): the polygon of each year, then their differences.
CREATE FUNCTION ring_change_faces(earlier geometry, later geometry)
RETURNS TABLE (kind text, geom geometry)
LANGUAGE sql IMMUTABLE AS $$
  WITH p AS (
    SELECT ST_MakeValid(ST_MakePolygon(ST_LineMerge(earlier))) AS a,
           ST_MakeValid(ST_MakePolygon(ST_LineMerge(later))) AS b
  )
  SELECT 'erosion', d.geom FROM p, ST_Dump(ST_CollectionExtract(ST_Difference(p.a, p.b), 3)) d
  UNION ALL
  SELECT 'accretion', d.geom FROM p, ST_Dump(ST_CollectionExtract(ST_Difference(p.b, p.a), 3)) d
$$;

-- Transect method (as DSAS): the signed distance in metres from `base` to `other` measured along
-- the normal of `base` at fraction t; positive = `other` lies seaward (accretion), negative =
-- landward (erosion), NULL when the transect (half_m each side) does not reach `other`.
CREATE FUNCTION coast_transect_offset(base geometry, other geometry, t double precision, half_m double precision DEFAULT 600)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH pts AS (
    SELECT ST_LineInterpolatePoint(base, t) AS p,
           ST_LineInterpolatePoint(base, greatest(t - 1e-4, 0)) AS a,
           ST_LineInterpolatePoint(base, least(t + 1e-4, 1)) AS b
  ),
  dir AS (
    SELECT p, (ST_X(b) - ST_X(a)) * cos(radians(ST_Y(p))) * 111320 AS dx, (ST_Y(b) - ST_Y(a)) * 110540 AS dy
    FROM pts
  ),
  normal AS (
    -- unit normal to the right of the line, in metres, turned back into degrees of half_m length
    SELECT p,
           dy / sqrt(dx * dx + dy * dy) AS ex,
           -dx / sqrt(dx * dx + dy * dy) AS ey
    FROM dir WHERE dx * dx + dy * dy > 0
  ),
  transect AS (
    SELECT p, ex, ey, ST_MakeLine(
      ST_SetSRID(ST_MakePoint(ST_X(p) - ex * half_m / (111320 * cos(radians(ST_Y(p)))), ST_Y(p) - ey * half_m / 110540), ST_SRID(base)),
      ST_SetSRID(ST_MakePoint(ST_X(p) + ex * half_m / (111320 * cos(radians(ST_Y(p)))), ST_Y(p) + ey * half_m / 110540), ST_SRID(base))
    ) AS line
    FROM normal
  ),
  hit AS (
    SELECT p, ex, ey, ST_ClosestPoint(ST_Intersection(line, other), p) AS x
    FROM transect WHERE ST_Intersects(line, other)
  )
  SELECT ST_Distance(p::geography, x::geography)
         * CASE WHEN ((ST_X(x) - ST_X(p)) * cos(radians(ST_Y(p))) * ex + (ST_Y(x) - ST_Y(p)) * ey) < 0 THEN -1 ELSE 1 END
  FROM hit
$$;
