// The table an import loads into, made ready inside the import's transaction: created when
// missing (the file's own id column as its key, else a numbered gid; geom typed for the one kind of
// geometry the file holds), or checked when it exists (its kind of geometry; a missing column is
// added; --replace empties it).

import type { Queryable } from '../db/types.ts';
import { quoteIdent, type SourceColumn } from './columns.ts';
import { NUMBERED_KEY } from './featureIds.ts';
import { checkFits, fileGeometry, newColumnType } from './geometryKind.ts';
import { ImportError, type SourceFeature } from './sourceData.ts';
import { INTEGER_TYPES, readTable, tableGeometry } from './tableInfo.ts';

export type ImportMode = 'create' | 'replace' | 'append';

interface TargetColumn {
  name: string;
  /** The SQL type the parameter is cast to. */
  cast: string;
}

export interface Target {
  columns: TargetColumn[];
  /** Wraps the 4326 geometry expression to fit the table's geometry column. */
  fitGeometry: (sql: string) => string;
  /** The key column the import numbers (the file has no value for it), or null. */
  numbered: string | null;
  /** The number before the first feature's: 0, or the largest key kept by --append. */
  offset: number;
}

interface Prepared {
  target: Target;
  created: boolean;
  addedColumns: string[];
}

interface PrepareOptions {
  table: string;
  mode: ImportMode;
  /** The source, for messages. */
  label: string;
  /** The file's own id column, the key of a new table. */
  idColumn?: string;
}

/** A type name from the catalogue, safe to paste into a cast. */
function castType(type: string): string {
  if (!/^[a-z0-9_ ."[\]]+$/i.test(type)) throw new Error(`unexpected column type ${JSON.stringify(type)}`);
  return type;
}

/** Fits a geometry to a typed column: geometry(MultiPolygon,32647) gets ST_Multi and ST_Transform. */
function geometryFitter(full: string): (sql: string) => string {
  const match = /^geometry(?:\((\w+)(?:,\s*(\d+))?\))?$/i.exec(full);
  const type = match?.[1]?.toLowerCase() ?? 'geometry';
  const srid = Number(match?.[2] ?? 0);
  return (sql) => {
    let out = type.startsWith('multi') ? `ST_Multi(${sql})` : sql;
    if (srid !== 0 && srid !== 4326) out = `ST_Transform(${out}, ${srid})`;
    return out;
  };
}

async function createTable(tx: Queryable, columns: readonly SourceColumn[], features: readonly SourceFeature[], options: PrepareOptions): Promise<void> {
  const { table, label, idColumn } = options;
  const shape = fileGeometry(label, features);
  const definitions = [
    ...(idColumn ? [] : [`${NUMBERED_KEY} serial PRIMARY KEY`]),
    ...columns.map((column) => `${quoteIdent(column.name)} ${column.type}${column.name === idColumn ? ' PRIMARY KEY' : ''}`),
    `geom ${shape ? newColumnType(shape) : 'geometry(Geometry, 4326)'}`,
  ];
  await tx.query(`CREATE TABLE ${quoteIdent(table)} (${definitions.join(', ')})`);
  // Uncompressed out-of-line storage: faster to load and to read back for maps (no pglz).
  await tx.query(`ALTER TABLE ${quoteIdent(table)} ALTER COLUMN geom SET STORAGE EXTERNAL`);
}

/** Creates or checks the table; refuses features of a kind of geometry it does not hold. */
export async function prepareTable(
  tx: Queryable,
  columns: readonly SourceColumn[],
  features: readonly SourceFeature[],
  options: PrepareOptions,
): Promise<Prepared> {
  const { table, mode, label } = options;
  const t = quoteIdent(table);
  let info = await readTable(tx, table);
  const created = info === null;
  if (!info) {
    await createTable(tx, columns, features, options);
    info = (await readTable(tx, table))!;
  } else if (mode === 'create') {
    throw new ImportError(label, `table "${table}" already exists: add --replace to replace its rows or --append to add to them`);
  }
  const geom = info.columns.find((column) => column.name === 'geom');
  if (!geom || !/^geometry\b/i.test(geom.full)) {
    throw new ImportError(label, `table "${table}" has no geometry column "geom", so it is not a table this import can load`);
  }
  if (!created) {
    // No other writer meanwhile: the numbering below starts after the rows it keeps.
    await tx.query(`LOCK TABLE ${t} IN SHARE ROW EXCLUSIVE MODE`);
    const holds = await tableGeometry(tx, table, geom);
    if (holds) checkFits(label, table, holds, features);
    else fileGeometry(label, features);
  }
  const addedColumns: string[] = [];
  const targetColumns: TargetColumn[] = [];
  for (const column of columns) {
    const found = info.columns.find((existing) => existing.name === column.name);
    if (found) {
      targetColumns.push({ name: column.name, cast: castType(found.type) });
    } else {
      await tx.query(`ALTER TABLE ${t} ADD COLUMN ${quoteIdent(column.name)} ${column.type}`);
      addedColumns.push(column.name);
      targetColumns.push({ name: column.name, cast: column.type });
    }
  }
  // DELETE rather than TRUNCATE: readers keep seeing the old rows until the import commits.
  if (mode === 'replace' && !created) await tx.query(`DELETE FROM ${t}`);
  const key = info.key;
  const numbered = key && INTEGER_TYPES.includes(key.type) && !columns.some((column) => column.name === key.name) ? key.name : null;
  let offset = 0;
  if (numbered && mode === 'append' && !created) {
    const { rows } = await tx.query<{ last: number | null }>(`SELECT max(${quoteIdent(numbered)})::float8 AS last FROM ${t}`);
    offset = rows[0]?.last ?? 0;
  }
  return { target: { columns: targetColumns, fitGeometry: geometryFitter(geom.full), numbered, offset }, created, addedColumns };
}

/** Keeps a key's sequence (gid serial) past the largest id, so a later insert does not collide. */
export async function advanceKeySequence(tx: Queryable, table: string, key: string): Promise<void> {
  await tx.query(
    `SELECT setval(s, COALESCE((SELECT max(${quoteIdent(key)}) FROM ${quoteIdent(table)}), 0) + 1, false)
       FROM pg_get_serial_sequence($1, $2) AS s WHERE s IS NOT NULL`,
    [quoteIdent(table), key],
  );
}
