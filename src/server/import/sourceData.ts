// What every import reader shares: the read source (features with 2D WGS 84 geometries and
// attribute values bound to typed columns), the one-line error naming file and feature, and the
// steps from raw attributes and geometries to those.

import type { Geometry } from 'geojson';
import { ColumnError, type ParamValue, type SourceColumn } from './columns.ts';
import { crsByName, type KnownCrs, type Transform } from './crs.ts';
import { chooseColumns, featureLabel, type IdChoice } from './featureIds.ts';
import { GeometryError, prepareGeometry } from './geometry.ts';

/** A clear, one-line failure: the file, the feature when there is one, the reason. */
export class ImportError extends Error {
  override name = 'ImportError';

  constructor(
    readonly file: string,
    readonly reason: string,
    /** e.g. 'feature 17 (gid 17, name "เกาะยอ")' or 'object tambon, feature 17 (tam_th "ชิงโค")' */
    readonly feature?: string,
  ) {
    super(`${file}: ${feature ? `${feature}: ` : ''}${reason}`);
  }
}

export interface SourceFeature {
  geometry: Geometry | null;
  /** One per column, in column order. */
  values: ParamValue[];
  /** Where it is in the source, with its id and name, for messages: 'feature 17 (gid 17, name "เกาะยอ")'. */
  ref: string;
}

export interface SourceData extends IdChoice {
  /** The file (and zip member) the features came from. */
  label: string;
  columns: SourceColumn[];
  features: SourceFeature[];
  crs: KnownCrs;
  /** The .dbf text encoding used (shapefiles only) and how it was chosen. */
  encoding?: { name: string; from: 'option' | 'cpg' | 'detected' };
}

export interface ReadOptions {
  /** Text encoding of the .dbf, overriding the .cpg and detection (e.g. 'tis-620'). */
  encoding?: string;
  /** TopoJSON: the one object to read (default: all). Zip: the shapefile's base name. */
  object?: string;
  /** Coordinate system of the source, overriding the .prj or GeoJSON crs (e.g. 'EPSG:32647'). */
  srs?: string;
}

export function featureRef(index: number, object?: string): string {
  return object === undefined ? `feature ${index + 1}` : `object ${object}, feature ${index + 1}`;
}

export function optionCrs(options: ReadOptions, label: string): KnownCrs | null {
  if (options.srs === undefined) return null;
  const crs = crsByName(options.srs);
  if (!crs) throw new ImportError(label, `unsupported --srs ${JSON.stringify(options.srs)}`);
  return crs;
}

/** Geometries checked and reprojected; errors name the feature. */
export function prepared(label: string, raw: unknown, transform: Transform | null, ref: string): Geometry | null {
  try {
    return prepareGeometry(raw, transform);
  } catch (error) {
    if (error instanceof GeometryError) throw new ImportError(label, error.message, ref);
    throw error;
  }
}

/** Columns and values of the attributes, the file's id column, and each feature's label. */
export function attributes(
  label: string,
  sources: readonly string[],
  typeOf: (index: number) => SourceColumn['type'],
  valuesOf: (columns: readonly SourceColumn[]) => ParamValue[][],
  refs: readonly string[],
): { columns: SourceColumn[]; values: ParamValue[][]; labels: string[] } & IdChoice {
  try {
    const chosen = chooseColumns(sources, typeOf, valuesOf);
    const labels = refs.map((ref, row) => featureLabel(ref, chosen.columns, chosen.values[row]!, chosen.idColumn));
    return { ...chosen, labels };
  } catch (error) {
    if (error instanceof ColumnError) throw new ImportError(label, error.message);
    throw error;
  }
}
