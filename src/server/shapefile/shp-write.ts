// .shp and .shx writer (ESRI Shapefile Technical Description, 1998). One shape type per file:
// Point, MultiPoint, PolyLine (LineString and MultiLineString, mixed, as parts) or Polygon
// (Polygon and MultiPolygon, outer rings clockwise and holes counter-clockwise). A missing or
// empty geometry becomes a null shape. 2D only: Z and M are dropped.

import type { Geometry, Position } from 'geojson';
import { closed, wound } from './rings.ts';

export const SHAPE_TYPES = { Null: 0, Point: 1, PolyLine: 3, Polygon: 5, MultiPoint: 8 } as const;
export type ShapeTypeName = keyof typeof SHAPE_TYPES;

/** [xmin, ymin, xmax, ymax] */
export type Extent = [number, number, number, number];

type Family = 'point' | 'line' | 'polygon';

const HEADER_BYTES = 100;
const RECORD_HEADER_BYTES = 8;

/** A geometry flattened to what one shapefile record holds: parts of positions. */
interface Shape {
  family: Family;
  /** Point: one part of one position; MultiPoint: one part of all positions. */
  parts: (readonly Position[])[];
  /** True when the source was a single Point (so a Point file can hold it). */
  single: boolean;
}

function familyOf(type: Geometry['type']): Family | null {
  switch (type) {
    case 'Point':
    case 'MultiPoint':
      return 'point';
    case 'LineString':
    case 'MultiLineString':
      return 'line';
    case 'Polygon':
    case 'MultiPolygon':
      return 'polygon';
    default:
      return null;
  }
}

/** Members of a geometry, with collections flattened. */
function members(geometry: Geometry): Exclude<Geometry, { type: 'GeometryCollection' }>[] {
  return geometry.type === 'GeometryCollection' ? geometry.geometries.flatMap(members) : [geometry];
}

function polygonRings(rings: readonly (readonly Position[])[]): (readonly Position[])[] {
  return rings
    .filter((ring) => ring.length > 0)
    .map((ring, index) => wound(closed(ring), index === 0)); // outer clockwise, holes counter-clockwise
}

/** Flattens a geometry into one record's parts; null for a missing or empty geometry. */
function toShape(geometry: Geometry | null | undefined, index: number): Shape | null {
  if (!geometry) return null;
  const parts: (readonly Position[])[] = [];
  let family: Family | null = null;
  let single = true;
  for (const member of members(geometry)) {
    const memberFamily = familyOf(member.type);
    if (memberFamily === null) throw new Error(`feature ${index + 1}: unsupported geometry type ${member.type}`);
    if (family !== null && family !== memberFamily) {
      throw new Error(`feature ${index + 1}: a geometry collection mixes ${family} and ${memberFamily} members`);
    }
    family = memberFamily;
    switch (member.type) {
      case 'Point':
        parts.push([member.coordinates]);
        break;
      case 'MultiPoint':
        single = false;
        parts.push(member.coordinates);
        break;
      case 'LineString':
        parts.push(member.coordinates);
        break;
      case 'MultiLineString':
        parts.push(...member.coordinates);
        break;
      case 'Polygon':
        parts.push(...polygonRings(member.coordinates));
        break;
      case 'MultiPolygon':
        for (const polygon of member.coordinates) parts.push(...polygonRings(polygon));
        break;
    }
  }
  const nonEmpty = parts.filter((part) => part.length > 0);
  if (family === null || nonEmpty.length === 0) return null;
  if (family === 'point') {
    const points = nonEmpty.flat();
    return { family, parts: [points], single: single && points.length === 1 };
  }
  return { family, parts: nonEmpty, single: false };
}

function shapeTypeOf(shapes: readonly (Shape | null)[], requested: ShapeTypeName | undefined): ShapeTypeName {
  const families = new Set(shapes.flatMap((shape) => (shape ? [shape.family] : [])));
  if (families.size > 1) {
    throw new Error(`one shapefile holds one geometry family, got ${[...families].sort().join(' and ')}`);
  }
  const [family] = [...families];
  const natural: ShapeTypeName =
    family === undefined
      ? 'Null'
      : family === 'line'
        ? 'PolyLine'
        : family === 'polygon'
          ? 'Polygon'
          : shapes.every((shape) => !shape || shape.single)
            ? 'Point'
            : 'MultiPoint';
  if (requested === undefined || requested === natural || natural === 'Null') return requested ?? natural;
  if (requested === 'MultiPoint' && natural === 'Point') return requested;
  throw new Error(`cannot write ${family} geometries as shape type ${requested}`);
}

function checkedNumber(value: number | undefined, index: number): number {
  if (value === undefined || !Number.isFinite(value)) {
    throw new Error(`feature ${index + 1}: coordinate is not a finite number`);
  }
  return value;
}

function contentBytes(type: ShapeTypeName, shape: Shape | null): number {
  if (!shape) return 4;
  const points = shape.parts.reduce((sum, part) => sum + part.length, 0);
  switch (type) {
    case 'Point':
      return 4 + 16;
    case 'MultiPoint':
      return 4 + 32 + 4 + 16 * points;
    default:
      return 4 + 32 + 4 + 4 + 4 * shape.parts.length + 16 * points;
  }
}

function writeHeader(view: DataView, fileBytes: number, shapeType: number, extent: Extent): void {
  view.setInt32(0, 9994, false);
  view.setInt32(24, fileBytes / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, shapeType, true);
  extent.forEach((value, i) => view.setFloat64(36 + 8 * i, value, true));
  // Z and M ranges (68..99) stay 0.
}

export interface ShpShx {
  shp: Uint8Array;
  shx: Uint8Array;
  shapeType: ShapeTypeName;
  extent: Extent;
}

/**
 * Writes the .shp and .shx of these geometries (records in the same order). `shapeType` forces
 * the file's type (e.g. Polygon for an empty file); by default it follows the geometries.
 */
export function writeShpShx(geometries: readonly (Geometry | null | undefined)[], shapeType?: ShapeTypeName): ShpShx {
  const shapes = geometries.map(toShape);
  const type = shapeTypeOf(shapes, shapeType);
  const sizes = shapes.map((shape) => contentBytes(type, shape));
  const shpBytes = HEADER_BYTES + sizes.reduce((sum, size) => sum + RECORD_HEADER_BYTES + size, 0);
  const shxBytes = HEADER_BYTES + 8 * shapes.length;
  const shp = new Uint8Array(shpBytes);
  const shx = new Uint8Array(shxBytes);
  const shpView = new DataView(shp.buffer);
  const shxView = new DataView(shx.buffer);

  let fileExtent: Extent | null = null;
  let offset = HEADER_BYTES;
  shapes.forEach((shape, index) => {
    const size = sizes[index]!;
    shxView.setInt32(HEADER_BYTES + 8 * index, offset / 2, false);
    shxView.setInt32(HEADER_BYTES + 8 * index + 4, size / 2, false);
    shpView.setInt32(offset, index + 1, false);
    shpView.setInt32(offset + 4, size / 2, false);
    let at = offset + RECORD_HEADER_BYTES;
    if (!shape) {
      shpView.setInt32(at, SHAPE_TYPES.Null, true);
    } else {
      const extent: Extent = [Infinity, Infinity, -Infinity, -Infinity];
      for (const part of shape.parts) {
        for (const position of part) {
          const x = checkedNumber(position[0], index);
          const y = checkedNumber(position[1], index);
          extent[0] = Math.min(extent[0], x);
          extent[1] = Math.min(extent[1], y);
          extent[2] = Math.max(extent[2], x);
          extent[3] = Math.max(extent[3], y);
        }
      }
      fileExtent = fileExtent
        ? [
            Math.min(fileExtent[0], extent[0]),
            Math.min(fileExtent[1], extent[1]),
            Math.max(fileExtent[2], extent[2]),
            Math.max(fileExtent[3], extent[3]),
          ]
        : extent;
      shpView.setInt32(at, SHAPE_TYPES[type], true);
      at += 4;
      const points = shape.parts.flat();
      if (type === 'Point') {
        shpView.setFloat64(at, points[0]![0]!, true);
        shpView.setFloat64(at + 8, points[0]![1]!, true);
      } else {
        extent.forEach((value, i) => shpView.setFloat64(at + 8 * i, value, true));
        at += 32;
        if (type !== 'MultiPoint') {
          shpView.setInt32(at, shape.parts.length, true);
          at += 4;
        }
        shpView.setInt32(at, points.length, true);
        at += 4;
        if (type !== 'MultiPoint') {
          let start = 0;
          for (const part of shape.parts) {
            shpView.setInt32(at, start, true);
            at += 4;
            start += part.length;
          }
        }
        for (const position of points) {
          shpView.setFloat64(at, position[0]!, true);
          shpView.setFloat64(at + 8, position[1]!, true);
          at += 16;
        }
      }
    }
    offset += RECORD_HEADER_BYTES + size;
  });

  const extent: Extent = fileExtent ?? [0, 0, 0, 0];
  writeHeader(shpView, shpBytes, SHAPE_TYPES[type], extent);
  writeHeader(shxView, shxBytes, SHAPE_TYPES[type], extent);
  return { shp, shx, shapeType: type, extent };
}
