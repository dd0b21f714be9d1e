// Import of real data (DESIGN.md §7): a shapefile (.zip or .shp), GeoJSON or TopoJSON into a
// table, reprojected to EPSG:4326, Thai text decoded per .cpg or detected, all or nothing.

import type { Database } from '../db/types.ts';
import { checkTableName, ColumnError } from './columns.ts';
import type { GeometryKind } from './geometryKind.ts';
import { loadFeatures, type FeatureIds, type ImportMode } from './load.ts';
import { ImportError, readSource, type ReadOptions, type SourceData } from './sources.ts';
import type { TableColumn } from './tableInfo.ts';

export interface ImportOptions extends ReadOptions {
  /** Target table: lower-case letters, digits and _. */
  table: string;
  /**
   * 'create' (default): create the table, refuse if it exists. 'replace': empty the table first
   * (created when missing). 'append': add rows (created when missing).
   */
  mode?: ImportMode;
  /** Rows per INSERT (default 2000). */
  batchRows?: number;
}

export interface ImportResult {
  table: string;
  features: number;
  /** Wall time, reading the file included. */
  ms: number;
  created: boolean;
  /** Invalid geometries repaired with ST_MakeValid. */
  repaired: number;
  /** The file's attributes, as columns. */
  columns: string[];
  addedColumns: string[];
  /** The table after the import: every column and its type, geom included. */
  tableColumns: TableColumn[];
  /** The kind of geometry the table holds; null when its column takes any and no row says. */
  geometry: GeometryKind | null;
  /**
   * The feature id: the table's key column, and whether its values are the file's own (a unique
   * integer column such as gid, id or fid) or numbered by the import. Null for a table without a
   * one-column key.
   */
  ids: FeatureIds | null;
  /** Why a column named like an id (gid, id, fid...) is not the feature id. */
  idNote?: string;
  /** Source coordinate system, e.g. 'EPSG:32647'. */
  crs: string;
  /** .dbf text encoding (shapefiles). */
  encoding?: { name: string; from: 'option' | 'cpg' | 'detected' };
}

/**
 * Reads `file` and loads it into `options.table` in one transaction. Throws ImportError (a
 * one-line message naming the file, the feature when there is one, and the reason) and leaves the
 * database unchanged when anything is wrong.
 */
export async function importFile(db: Database, file: string, options: ImportOptions): Promise<ImportResult> {
  const started = performance.now();
  const table = tableName(file, options.table);
  const source = await readSource(file, options);
  return importSource(db, source, { ...options, table }, started);
}

function tableName(file: string, table: string): string {
  try {
    return checkTableName(table);
  } catch (error) {
    if (error instanceof ColumnError) throw new ImportError(file, error.message);
    throw error;
  }
}

/** Loads a source already read by readSource (so a bad file fails before a database is opened). */
export async function importSource(
  db: Database,
  source: SourceData,
  options: Omit<ImportOptions, keyof ReadOptions>,
  started = performance.now(),
): Promise<ImportResult> {
  const table = tableName(source.label, options.table);
  const loaded = await db.transaction((tx) =>
    loadFeatures(tx, source.columns, source.features, {
      table,
      mode: options.mode ?? 'create',
      label: source.label,
      batchRows: options.batchRows,
      ...(source.idColumn ? { idColumn: source.idColumn } : {}),
    }),
  );
  return {
    table,
    features: source.features.length,
    ms: Math.round(performance.now() - started),
    created: loaded.created,
    repaired: loaded.repaired,
    columns: source.columns.map((column) => column.name),
    addedColumns: loaded.addedColumns,
    tableColumns: loaded.info.columns,
    geometry: loaded.geometry,
    ids: loaded.ids,
    ...(source.note ? { idNote: source.note } : {}),
    crs: `EPSG:${source.crs.epsg}`,
    ...(source.encoding ? { encoding: source.encoding } : {}),
  };
}

export { ImportError, readSource, type ReadOptions, type SourceData, type SourceFeature } from './sources.ts';
export { type FeatureIds, type ImportMode } from './load.ts';
export { crsFromPrj, crsByName, KNOWN_CRS, type KnownCrs } from './crs.ts';
