// One table, one kind of geometry: a layer of the catalog is points, lines or polygons
// (config/layers.yaml `geometry:`), and WFS DescribeFeatureType declares the table's column type,
// so a polygon among lines would be served as GML its own schema refuses. A file's features must be
// of one kind (single and multi may mix), and that kind must be the one the table holds.

import type { Geometry } from 'geojson';
import { ImportError, type SourceFeature } from './sourceData.ts';

export type GeometryKind = 'point' | 'line' | 'polygon';

interface GeometryShape {
  kind: GeometryKind;
  /** Multi-part geometries are among them (or, for a column, allowed). */
  multi: boolean;
}

const SHAPES: Record<string, GeometryShape> = {
  point: { kind: 'point', multi: false },
  multipoint: { kind: 'point', multi: true },
  linestring: { kind: 'line', multi: false },
  multilinestring: { kind: 'line', multi: true },
  polygon: { kind: 'polygon', multi: false },
  multipolygon: { kind: 'polygon', multi: true },
};

const PLURAL: Record<GeometryKind, string> = { point: 'points', line: 'lines', polygon: 'polygons' };
const SIMPLE_TYPE: Record<GeometryKind, string> = { point: 'Point', line: 'LineString', polygon: 'Polygon' };

/** The shape of a GeoJSON, PostGIS (GeometryType) or typmod type name; null for a collection or 'geometry'. */
export function shapeOfType(type: string): GeometryShape | null {
  return SHAPES[type.toLowerCase()] ?? null;
}

function shapeOf(geometry: Geometry): GeometryShape | null {
  return shapeOfType(geometry.type);
}

/**
 * The one kind of geometry the features have (null when none has a geometry). Refuses a
 * GeometryCollection and a second kind, naming the feature.
 */
export function fileGeometry(label: string, features: readonly SourceFeature[]): GeometryShape | null {
  let first: { feature: SourceFeature; geometry: Geometry; shape: GeometryShape } | undefined;
  let multi = false;
  for (const feature of features) {
    const geometry = feature.geometry;
    if (!geometry) continue;
    const shape = shapeOf(geometry);
    if (!shape) {
      throw new ImportError(label, `a ${geometry.type} cannot be one feature of a layer: a table holds points, lines or polygons`, feature.ref);
    }
    if (!first) {
      first = { feature, geometry, shape };
    } else if (shape.kind !== first.shape.kind) {
      throw new ImportError(
        label,
        `a ${geometry.type}, but ${first.feature.ref} is a ${first.geometry.type}: a table holds one kind of geometry ` +
          '(points, lines or polygons; single and multi may mix), so split the file into one per kind',
        feature.ref,
      );
    }
    multi ||= shape.multi;
  }
  return first ? { kind: first.shape.kind, multi } : null;
}

/**
 * The geometry column of a new table. Lines and polygons are always multi, as the project's own
 * tables and ogr2ogr's PROMOTE_TO_MULTI (a repaired polygon may come back as a MultiPolygon, and
 * next year's file may hold a multi part); points are multi only when the file has a MultiPoint.
 */
export function newColumnType(shape: GeometryShape): string {
  const multi = shape.kind !== 'point' || shape.multi;
  return `geometry(${multi ? 'Multi' : ''}${SIMPLE_TYPE[shape.kind]}, 4326)`;
}

/** What a typed column holds, from format_type: 'geometry(MultiLineString,4326)'; null for any geometry. */
export function columnShape(full: string): GeometryShape | null {
  const type = /^geometry\((\w+)/i.exec(full)?.[1];
  return type ? shapeOfType(type) : null;
}

/** The table's geometry, as far as it says: its column's type, else the kind of its rows. */
export interface TableGeometry {
  shape: GeometryShape;
  /** For messages: 'column geom is geometry(MultiLineString,4326)' or 'its rows are lines'. */
  source: string;
  /** Single features only (a typed single column). */
  singleOnly: boolean;
}

/** Refuses the first feature the table cannot hold: another kind, or a multi part in a single-typed column. */
export function checkFits(label: string, table: string, target: TableGeometry, features: readonly SourceFeature[]): void {
  const want = target.shape.kind;
  for (const feature of features) {
    const geometry = feature.geometry;
    const shape = geometry ? shapeOf(geometry) : null;
    if (!geometry || !shape) continue;
    if (shape.kind !== want) {
      throw new ImportError(
        label,
        `a ${geometry.type}, but table "${table}" holds ${PLURAL[want]} (${target.source}): import the file into a table of ${PLURAL[shape.kind]}`,
        feature.ref,
      );
    }
    if (shape.multi && target.singleOnly) {
      throw new ImportError(label, `a ${geometry.type}, but table "${table}" holds single ${PLURAL[want]} only (${target.source})`, feature.ref);
    }
  }
}
