// Shape-zip: name.shp, .shx, .dbf (UTF-8), .cpg and .prj (WGS 84) in one zip, and optionally a
// name.txt that says what the files and their (10-character) fields are. Our own writers,
// because @mapbox/shp-write and geojson2shp corrupt Thai text and drop mixed Line/MultiLine
// features (DESIGN.md §6).

import type { Feature, Geometry } from 'geojson';
import { lazyPackage } from '../../loader/lazyPackage.ts';
import { resolveFields, writeDbf, type DbfField, type DbfFieldSpec } from './dbf-write.ts';
import { WGS84_PRJ } from './prj.ts';
import { writeShpShx, type ShapeTypeName } from './shp-write.ts';

const fflate = lazyPackage<typeof import('fflate')>('fflate');

export interface ShapeZipOptions {
  /** The fixed base name of the files inside the zip, e.g. 'erosion' (ASCII letters, digits, _ and -). */
  name: string;
  /** Attribute fields in order; by default one per property, typed from the values. */
  fields?: DbfFieldSpec[];
  /** Forces the shape type, e.g. 'Polygon' for a download with no features. */
  shapeType?: ShapeTypeName;
  /** Date in the .dbf header and the zip entries (default: now). */
  date?: Date;
  /** The text of name.txt, given the .dbf fields as written (UTF-8 with a BOM for Windows editors). */
  readme?: (fields: readonly DbfField[]) => string;
}

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const encoder = new TextEncoder();

export function writeShapeZip(features: readonly Feature<Geometry | null>[], options: ShapeZipOptions): Uint8Array {
  if (!NAME.test(options.name)) {
    throw new Error(`shape-zip name must be 1-64 ASCII letters, digits, _ or -, got ${JSON.stringify(options.name)}`);
  }
  const date = options.date ?? new Date();
  const { shp, shx } = writeShpShx(
    features.map((feature) => feature.geometry),
    options.shapeType,
  );
  const records = features.map((feature) => feature.properties);
  const fields = resolveFields(records, options.fields);
  const dbf = writeDbf(records, fields, date);
  const base = options.name;
  return fflate().zipSync(
    {
      [`${base}.shp`]: shp,
      [`${base}.shx`]: shx,
      [`${base}.dbf`]: dbf,
      [`${base}.cpg`]: encoder.encode('UTF-8'),
      [`${base}.prj`]: encoder.encode(WGS84_PRJ),
      ...(options.readme ? { [`${base}.txt`]: encoder.encode(`\uFEFF${options.readme(fields).replace(/\n/g, '\r\n')}`) } : {}),
    },
    { level: 6, mtime: date },
  );
}
