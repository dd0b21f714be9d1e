-- Base: PostGIS, dataset bookkeeping, land polygons and the analysis functions that compute
-- erosion, accretion and change rates from yearly coastlines. Runs on PostGIS 3.3 and 3.6.
-- Convention for every coastline: the land lies on the LEFT of the line's direction.
-- Overlays (union, intersection, difference, noding) always pass a grid size (1e-7 degree, about
-- 1 cm): the fixed-precision overlay never needs GEOS's exception-based fallback, which in
-- PGlite's WASM build silently returns no rows instead of raising an error.

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

-- +1 when pt lies left of the line (landward), -1 right (seaward), 0 on it: the cross product of
-- the line's direction where it passes nearest to pt with the vector from there to pt.
-- (A single expression, so PostgreSQL inlines it into the calling query.)
CREATE FUNCTION coast_side(line geometry, pt geometry) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT sign(
      (ST_X(ST_LineInterpolatePoint(line, least(ST_LineLocatePoint(line, pt) + 1e-5, 1)))
        - ST_X(ST_LineInterpolatePoint(line, greatest(ST_LineLocatePoint(line, pt) - 1e-5, 0))))
      * (ST_Y(pt) - ST_Y(ST_ClosestPoint(line, pt)))
    - (ST_Y(ST_LineInterpolatePoint(line, least(ST_LineLocatePoint(line, pt) + 1e-5, 1)))
        - ST_Y(ST_LineInterpolatePoint(line, greatest(ST_LineLocatePoint(line, pt) - 1e-5, 0))))
      * (ST_X(pt) - ST_X(ST_ClosestPoint(line, pt)))
  )::integer
$$;

-- A valid MultiPolygon from polygons that may touch along edges (repaired only when needed).
CREATE FUNCTION valid_multipolygon(g geometry) RETURNS geometry
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ST_Multi(CASE WHEN ST_IsValid(g) THEN g ELSE ST_CollectionExtract(ST_MakeValid(g), 3) END)
$$;

-- A point inside a polygon: its centroid when that falls inside (cheap), else ST_PointOnSurface.
CREATE FUNCTION interior_point(poly geometry) RETURNS geometry
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN ST_Intersects(poly, ST_Centroid(poly)) THEN ST_Centroid(poly) ELSE ST_PointOnSurface(poly) END
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
    ]), 1e-7) AS g
    FROM lines
  ),
  faces AS (SELECT n.a, d.geom AS face FROM noded n, ST_Dump(ST_Polygonize(ARRAY[n.g])) d)
  SELECT CASE WHEN coast_side(a, interior_point(face)) > 0 THEN 'erosion' ELSE 'accretion' END, face
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
  SELECT 'erosion', d.geom FROM p, ST_Dump(ST_CollectionExtract(ST_Difference(p.a, p.b, 1e-7), 3)) d
  UNION ALL
  SELECT 'accretion', d.geom FROM p, ST_Dump(ST_CollectionExtract(ST_Difference(p.b, p.a, 1e-7), 3)) d
$$;

-- Shoreline movement at a transect station: the station is the point of `base` at fraction t; the
-- result is the distance in metres from it to the nearest point of `other`, positive when `other`
-- lies seaward (accretion) and negative when landward (erosion). Divided by the years between the
-- lines this is the end point rate (EPR). Single expression, inlined by PostgreSQL.
CREATE FUNCTION coast_offset_at(base geometry, other geometry, t double precision) RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ST_Distance(
           ST_LineInterpolatePoint(base, t)::geography,
           ST_ClosestPoint(other, ST_LineInterpolatePoint(base, t))::geography)
         * -coast_side(base, ST_ClosestPoint(other, ST_LineInterpolatePoint(base, t)))
$$;
