// What the database says about a table an import loads into or has loaded: its columns and their
// types, its key (the feature id) and the kind of geometry it holds.

import type { Queryable } from '../db/types.ts';
import { quoteIdent } from './columns.ts';
import { columnShape, shapeOfType, type TableGeometry } from './geometryKind.ts';

export interface TableColumn {
  name: string;
  /** The type without modifiers, e.g. 'character varying', 'geometry'. */
  type: string;
  /** With modifiers, e.g. 'character varying(20)', 'geometry(MultiLineString,4326)'. */
  full: string;
}

export interface TableInfo {
  columns: TableColumn[];
  /** The one-column primary key, if the table has one. */
  key: TableColumn | null;
}

/** The table's columns and key, or null when there is no such table. */
export async function readTable(tx: Queryable, table: string): Promise<TableInfo | null> {
  const { rows } = await tx.query<TableColumn & { key: boolean }>(
    `SELECT a.attname AS name, a.atttypid::regtype::text AS type, format_type(a.atttypid, a.atttypmod) AS full,
            EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary AND i.indnatts = 1 AND i.indkey[0] = a.attnum) AS key
       FROM pg_attribute a
      WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [quoteIdent(table)],
  );
  if (rows.length === 0) {
    const { rows: found } = await tx.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [quoteIdent(table)]);
    if (!found[0]?.found) return null;
  }
  const columns = rows.map(({ name, type, full }) => ({ name, type, full }));
  const key = rows.findIndex((row) => row.key);
  return { columns, key: key >= 0 ? columns[key]! : null };
}

export const INTEGER_TYPES = ['smallint', 'integer', 'bigint'];

/** The smallest and largest value of an integer key; null when the table is empty or the key is not a number. */
export async function keyRange(tx: Queryable, table: string, key: TableColumn): Promise<[number, number] | null> {
  if (!INTEGER_TYPES.includes(key.type)) return null;
  const k = quoteIdent(key.name);
  const { rows } = await tx.query<{ low: number | null; high: number | null }>(`SELECT min(${k})::float8 AS low, max(${k})::float8 AS high FROM ${quoteIdent(table)}`);
  const { low = null, high = null } = rows[0] ?? {};
  return low !== null && high !== null ? [low, high] : null;
}

/**
 * The kind of geometry the table holds: its column's type (geometry(MultiPolygon,4326)), else,
 * for a column of any geometry, the one kind of the rows it has; null when that says nothing
 * (no rows, or rows of several kinds).
 */
export async function tableGeometry(tx: Queryable, table: string, geom: TableColumn): Promise<TableGeometry | null> {
  const typed = columnShape(geom.full);
  if (typed) return { shape: typed, source: `column geom is ${geom.full}`, singleOnly: !typed.multi };
  const { rows } = await tx.query<{ type: string }>(`SELECT DISTINCT GeometryType(geom) AS type FROM ${quoteIdent(table)} WHERE geom IS NOT NULL`);
  const shapes = rows.map((row) => shapeOfType(row.type));
  const kinds = new Set(shapes.map((shape) => shape?.kind ?? null));
  const [kind] = kinds;
  if (kinds.size !== 1 || !kind) return null;
  return { shape: { kind, multi: true }, source: `its rows are ${rows.map((row) => row.type).sort().join(' and ')}`, singleOnly: false };
}
