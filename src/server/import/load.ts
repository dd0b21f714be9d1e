// Loads read features into a table in one transaction: the table made ready by prepareTable.ts,
// then batched INSERTs of up to 2,000 rows with every value a bound parameter (a text[] per
// column, geometry as WKB hex: see insertSql and wkb.ts for the measurements); invalid geometries
// repaired with ST_MakeValid; a key the file has no value for numbered in file order (so the same
// file replaced gives the same ids).
// Any failure rolls everything back; a failing batch is retried row by row (under a savepoint)
// only to name the feature that fails.

import type { Queryable } from '../db/types.ts';
import { quoteIdent, type ParamValue, type SourceColumn } from './columns.ts';
import { advanceKeySequence, prepareTable, type ImportMode, type Target } from './prepareTable.ts';
import { ImportError, type SourceFeature } from './sourceData.ts';
import type { GeometryKind } from './geometryKind.ts';
import { INTEGER_TYPES, keyRange, readTable, tableGeometry, type TableInfo } from './tableInfo.ts';
import { toWkbHex } from './wkb.ts';

interface LoadResult {
  created: boolean;
  /** Rows whose geometry ST_IsValid refused and ST_MakeValid repaired. */
  repaired: number;
  /** Columns added to an existing table. */
  addedColumns: string[];
  /** The table as loaded. */
  info: TableInfo;
  /** The kind of geometry the table holds (its column's type, else its rows'). */
  geometry: GeometryKind | null;
  /** Where the feature ids came from: the file's column, or numbered by the import. */
  ids: FeatureIds | null;
}

export interface FeatureIds {
  /** The table's key column. */
  column: string;
  /** The file's own values, or numbered by the import in file order (after the rows --append keeps). */
  from: 'file' | 'numbered';
  /** The smallest and largest id in the table, null when it is empty or the key is not a number. */
  range: [number, number] | null;
}

const MAX_BATCH_ROWS = 2000;
const MAX_BATCH_CHARS = 8_000_000;

/**
 * One INSERT for any number of rows: each column is ONE text[] parameter (unnest), cast per
 * element in SQL. Measured on PGlite with the 7,425 RTSD sub-districts (22 columns): ~0.6 s,
 * against ~2.2 s for a multi-row VALUES list with a parameter per cell.
 */
function insertSql(table: string, target: Target): string {
  const width = target.columns.length;
  const names = target.columns.map((_, c) => `c${c}`);
  const arrays = [...target.columns.map((_, c) => `$${c + 1}::text[]`), `$${width + 1}::text[]`];
  const casts = target.columns.map((column, c) => `c${c}::${column.cast} AS c${c}`);
  const quoted = target.columns.map((column) => quoteIdent(column.name));
  // The key the import numbers: the batch's first number ($width+2) plus the row's place in it.
  const key = target.numbered ? { column: [quoteIdent(target.numbered)], value: [`$${width + 2}::bigint + k`] } : { column: [], value: [] };
  const repaired =
    'CASE WHEN ok THEN g WHEN ST_Dimension(g) = 2 THEN ST_CollectionExtract(ST_MakeValid(g), 3) ' +
    'WHEN ST_Dimension(g) = 1 THEN ST_CollectionExtract(ST_MakeValid(g), 2) ELSE ST_MakeValid(g) END';
  return `WITH v AS (SELECT * FROM unnest(${arrays.join(', ')}) WITH ORDINALITY AS v(${[...names, 'j', 'k'].join(', ')})),
  w AS (SELECT ${[...casts, `ST_GeomFromWKB(decode(j, 'hex'), 4326) AS g`, 'k'].join(', ')} FROM v),
  x AS (SELECT w.*, (g IS NULL OR (ST_IsValidDetail(g)).valid) AS ok FROM w),
  ins AS (INSERT INTO ${quoteIdent(table)} (${[...quoted, ...key.column, 'geom'].join(', ')})
          SELECT ${[...names, ...key.value, target.fitGeometry(repaired)].join(', ')} FROM x RETURNING 1)
SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM x WHERE NOT ok)::int AS repaired`;
}

/** Column-wise parameters: one text[] per column, the geometries as WKB hex, then the key number before the first row's, if numbered. */
function insertParams(items: readonly SourceFeature[], width: number, firstKey: number | null): (ParamValue[] | string)[] {
  const params: ParamValue[][] = Array.from({ length: width + 1 }, () => new Array<ParamValue>(items.length));
  items.forEach((feature, row) => {
    for (let c = 0; c < width; c++) params[c]![row] = feature.values[c] ?? null;
    params[width]![row] = feature.geometry ? toWkbHex(feature.geometry) : null;
  });
  return firstKey === null ? params : [...params, String(firstKey)];
}

function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0]!;
}

/** Inserts a batch whose first feature's key number is `first + 1`; returns the rows repaired. */
async function insertBatch(tx: Queryable, sql: string, target: Target, batch: readonly SourceFeature[], first: number, label: string): Promise<number> {
  const params = (items: readonly SourceFeature[], at: number) => insertParams(items, target.columns.length, target.numbered ? at : null);
  await tx.query('SAVEPOINT import_batch');
  try {
    const { rows } = await tx.query<{ inserted: number; repaired: number }>(sql, params(batch, first));
    await tx.query('RELEASE SAVEPOINT import_batch');
    return rows[0]?.repaired ?? 0;
  } catch {
    await tx.query('ROLLBACK TO SAVEPOINT import_batch');
    // Find the feature that fails, one row at a time.
    let repaired = 0;
    for (const [index, feature] of batch.entries()) {
      try {
        const { rows } = await tx.query<{ repaired: number }>(sql, params([feature], first + index));
        repaired += rows[0]?.repaired ?? 0;
      } catch (error) {
        throw new ImportError(label, firstLine(error), feature.ref);
      }
    }
    // Every row passed on its own (the batch failed for a reason of its size): go on.
    await tx.query('RELEASE SAVEPOINT import_batch');
    return repaired;
  }
}

/** Splits features into batches bounded by rows and geometry text size. */
function* batches(features: readonly SourceFeature[], maxRows: number): Generator<SourceFeature[]> {
  let batch: SourceFeature[] = [];
  let chars = 0;
  for (const feature of features) {
    const size = feature.geometry ? estimateChars(feature.geometry) : 0;
    if (batch.length > 0 && (batch.length >= maxRows || chars + size > MAX_BATCH_CHARS)) {
      yield batch;
      batch = [];
      chars = 0;
    }
    batch.push(feature);
    chars += size;
  }
  if (batch.length > 0) yield batch;
}

/** A cheap upper bound of a geometry's WKB hex length (32 characters per position, plus headers). */
function estimateChars(geometry: SourceFeature['geometry']): number {
  if (!geometry) return 0;
  if (geometry.type === 'GeometryCollection') return geometry.geometries.reduce((sum, g) => sum + estimateChars(g), 0);
  const count = (value: unknown): number => (Array.isArray(value) && Array.isArray(value[0]) ? value.reduce((sum: number, v) => sum + count(v), 0) : 1);
  return 40 * count(geometry.coordinates);
}

interface LoadOptions {
  table: string;
  mode: ImportMode;
  /** The source, for messages. */
  label: string;
  /** The file's own id column (its values are unique integers), the key of a new table. */
  idColumn?: string;
  batchRows?: number;
}

/** Loads into the table, inside the caller's transaction. */
export async function loadFeatures(
  tx: Queryable,
  columns: readonly SourceColumn[],
  features: readonly SourceFeature[],
  options: LoadOptions,
): Promise<LoadResult> {
  const { table, label } = options;
  const { target, created, addedColumns } = await prepareTable(tx, columns, features, options);
  let repaired = 0;
  let done = 0;
  const sql = insertSql(table, target);
  for (const batch of batches(features, Math.max(1, options.batchRows ?? MAX_BATCH_ROWS))) {
    repaired += await insertBatch(tx, sql, target, batch, target.offset + done, label);
    done += batch.length;
  }
  if (created) {
    const index = quoteIdent(`${table.slice(0, 53)}_geom_gist`);
    await tx.query(`CREATE INDEX ${index} ON ${quoteIdent(table)} USING gist (geom)`);
  }
  const info = (await readTable(tx, table))!;
  const key = info.key;
  if (key && INTEGER_TYPES.includes(key.type)) await advanceKeySequence(tx, table, key.name);
  await tx.query(`ANALYZE ${quoteIdent(table)}`);
  const from = key?.name === target.numbered ? 'numbered' : columns.some((column) => column.name === key?.name) ? 'file' : null;
  const ids: FeatureIds | null = key && from ? { column: key.name, from, range: await keyRange(tx, table, key) } : null;
  const geom = info.columns.find((column) => column.name === 'geom')!;
  const geometry = (await tableGeometry(tx, table, geom))?.shape.kind ?? null;
  return { created, repaired, addedColumns, info, geometry, ids };
}

export type { ImportMode };
