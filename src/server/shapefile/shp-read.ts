// .shp reader: every record to a GeoJSON geometry (2D; Z and M are dropped), with errors that
// name the record. Polygon rings are grouped by winding (clockwise outer rings, counter-clockwise
// holes, each hole in the smallest outer ring that holds it) and returned in GeoJSON winding.

import type { Geometry, Position } from 'geojson';
import { closed, isClockwise, ringInside, signedArea, wound } from './rings.ts';

/** A broken file; `record` is the 1-based position of the broken record when there is one. */
export class ShapefileFormatError extends Error {
  constructor(
    message: string,
    readonly record?: number,
  ) {
    super(message);
    this.name = 'ShapefileFormatError';
  }
}

const TYPE_NAMES: Record<number, string> = {
  0: 'Null',
  1: 'Point',
  3: 'PolyLine',
  5: 'Polygon',
  8: 'MultiPoint',
  11: 'PointZ',
  13: 'PolyLineZ',
  15: 'PolygonZ',
  18: 'MultiPointZ',
  21: 'PointM',
  23: 'PolyLineM',
  25: 'PolygonM',
  28: 'MultiPointM',
  31: 'MultiPatch',
};

type Kind = 'null' | 'point' | 'multipoint' | 'polyline' | 'polygon';

/** The 2D kind of a shape type (Z and M variants share the XY layout of the plain type). */
const KINDS: Record<number, Kind> = {
  0: 'null',
  1: 'point',
  11: 'point',
  21: 'point',
  3: 'polyline',
  13: 'polyline',
  23: 'polyline',
  5: 'polygon',
  15: 'polygon',
  25: 'polygon',
  8: 'multipoint',
  18: 'multipoint',
  28: 'multipoint',
};

function kindOf(type: number): Kind | null {
  return KINDS[type] ?? null; // MultiPatch (31) and unknown types are not read
}

export function shapeTypeName(type: number): string {
  return TYPE_NAMES[type] ?? `unknown (${type})`;
}

export interface ShpContents {
  shapeType: number;
  /** [xmin, ymin, xmax, ymax] from the header. */
  extent: [number, number, number, number];
  geometries: (Geometry | null)[];
}

/** Outer rings with their holes, as GeoJSON polygons (outer counter-clockwise, holes clockwise). */
export function ringsToPolygons(rings: readonly (readonly Position[])[]): Position[][][] {
  const outers: { ring: readonly Position[]; area: number; holes: (readonly Position[])[] }[] = [];
  const holes: (readonly Position[])[] = [];
  for (const ring of rings) {
    // Degenerate (zero-area) rings count as outer rings, as other readers do.
    if (isClockwise(ring) || signedArea(ring) === 0) outers.push({ ring, area: Math.abs(signedArea(ring)), holes: [] });
    else holes.push(ring);
  }
  for (const hole of holes) {
    let best: (typeof outers)[number] | undefined;
    for (const outer of outers) {
      if ((!best || outer.area < best.area) && ringInside(hole, outer.ring)) best = outer;
    }
    if (best) best.holes.push(hole);
    else outers.push({ ring: hole, area: Math.abs(signedArea(hole)), holes: [] }); // an orphan hole is an outer ring
  }
  return outers.map(({ ring, holes: inner }) => [
    [...wound(ring, false)],
    ...inner.map((hole) => [...wound(hole, true)]),
  ]);
}

class Reader {
  private readonly view: DataView;

  constructor(private readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  int32be(at: number): number {
    return this.view.getInt32(at, false);
  }

  int32(at: number): number {
    return this.view.getInt32(at, true);
  }

  float64(at: number): number {
    return this.view.getFloat64(at, true);
  }

  get length(): number {
    return this.bytes.length;
  }
}

function readRecord(reader: Reader, start: number, end: number, fileType: number, record: number): Geometry | null {
  const fail = (reason: string): never => {
    throw new ShapefileFormatError(reason, record);
  };
  if (end - start < 4) fail('record too short for its shape type');
  const type = reader.int32(start);
  if (type === 0) return null;
  if (type !== fileType) fail(`shape type ${shapeTypeName(type)} in a ${shapeTypeName(fileType)} file`);
  const kind = kindOf(type);
  const point = (at: number): Position => [reader.float64(at), reader.float64(at + 8)];
  switch (kind) {
    case 'point':
      if (end - start < 20) fail('record too short for a point');
      return { type: 'Point', coordinates: point(start + 4) };
    case 'multipoint': {
      if (end - start < 40) fail('record too short for a multipoint');
      const count = reader.int32(start + 36);
      if (count < 0 || start + 40 + 16 * count > end) fail(`point count ${count} does not fit the record`);
      const points: Position[] = [];
      for (let i = 0; i < count; i++) points.push(point(start + 40 + 16 * i));
      return { type: 'MultiPoint', coordinates: points };
    }
    case 'polyline':
    case 'polygon': {
      if (end - start < 44) fail('record too short for its shape type');
      const partCount = reader.int32(start + 36);
      const pointCount = reader.int32(start + 40);
      const partsAt = start + 44;
      const pointsAt = partsAt + 4 * partCount;
      if (partCount < 0 || pointCount < 0 || pointsAt + 16 * pointCount > end) {
        fail(`${partCount} parts and ${pointCount} points do not fit the record`);
      }
      const parts: Position[][] = [];
      for (let p = 0; p < partCount; p++) {
        const first = reader.int32(partsAt + 4 * p);
        const next = p + 1 < partCount ? reader.int32(partsAt + 4 * (p + 1)) : pointCount;
        if ((p === 0 && first !== 0) || first < 0 || next < first || next > pointCount) {
          fail(`part ${p + 1} has invalid point indexes ${first}..${next}`);
        }
        const part: Position[] = [];
        for (let i = first; i < next; i++) part.push(point(pointsAt + 16 * i));
        if (part.length > 0) parts.push(part);
      }
      if (parts.length === 0) return null;
      if (kind === 'polyline') {
        return parts.length === 1
          ? { type: 'LineString', coordinates: parts[0]! }
          : { type: 'MultiLineString', coordinates: parts };
      }
      const polygons = ringsToPolygons(parts.map((ring) => closed(ring)));
      return polygons.length === 1
        ? { type: 'Polygon', coordinates: polygons[0]! }
        : { type: 'MultiPolygon', coordinates: polygons };
    }
    default:
      return fail(`unsupported shape type ${shapeTypeName(type)}`);
  }
}

/** Reads every record of a .shp. Throws ShapefileFormatError for a broken file. */
export function readShp(bytes: Uint8Array): ShpContents {
  const reader = new Reader(bytes);
  if (reader.length < 100) throw new ShapefileFormatError(`not a shapefile: ${reader.length} bytes, the header alone is 100`);
  if (reader.int32be(0) !== 9994) throw new ShapefileFormatError('not a shapefile: wrong file code');
  const declared = reader.int32be(24) * 2;
  if (declared > reader.length) {
    throw new ShapefileFormatError(`truncated: the header says ${declared} bytes, the file has ${reader.length}`);
  }
  const shapeType = reader.int32(32);
  const kind = kindOf(shapeType);
  if (kind === null) throw new ShapefileFormatError(`unsupported shape type ${shapeTypeName(shapeType)}`);
  const extent: ShpContents['extent'] = [reader.float64(36), reader.float64(44), reader.float64(52), reader.float64(60)];
  const end = Math.max(100, declared);
  const geometries: (Geometry | null)[] = [];
  let offset = 100;
  while (offset < end) {
    const record = geometries.length + 1;
    if (offset + 8 > end) throw new ShapefileFormatError('truncated record header', record);
    const contentBytes = reader.int32be(offset + 4) * 2;
    const contentEnd = offset + 8 + contentBytes;
    if (contentBytes < 4 || contentEnd > end) {
      throw new ShapefileFormatError(`record content of ${contentBytes} bytes runs past the end of the file`, record);
    }
    geometries.push(readRecord(reader, offset + 8, contentEnd, shapeType, record));
    offset = contentEnd;
  }
  return { shapeType, extent, geometries };
}
