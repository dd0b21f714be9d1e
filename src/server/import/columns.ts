// Attribute columns: validated identifiers, SQL types inferred from the source, and values as
// bound parameters (text or null; the database casts them).

import type { DbfFieldInfo, DbfValue } from '../shapefile/dbf-read.ts';

type ColumnType = 'text' | 'integer' | 'bigint' | 'numeric' | 'double precision' | 'boolean' | 'date' | 'jsonb';

export interface SourceColumn {
  /** The attribute's name in the source. */
  source: string;
  /** The table column (a validated identifier). */
  name: string;
  type: ColumnType;
}

/** A value bound as a parameter: its text, or null. */
export type ParamValue = string | null;

/** Lower-case ASCII letters, digits and _, not starting with a digit, at most 63 bytes. */
const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Columns an imported table may have of its own (the numbered key, the geometry). */
const RESERVED_COLUMNS = ['gid', 'geom'];

/** Tables an import must never touch. */
const PROTECTED_TABLES = /^(pg_|sql_)|^(spatial_ref_sys|geometry_columns|geography_columns|raster_columns|raster_overviews|topology|layer)$/;

export class ColumnError extends Error {
  override name = 'ColumnError';
}

export function checkTableName(name: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new ColumnError(`invalid table name ${JSON.stringify(name)}: use lower-case letters, digits and _ (not first), at most 63`);
  }
  if (PROTECTED_TABLES.test(name)) throw new ColumnError(`table name "${name}" is reserved`);
  return name;
}

/** SQL for an identifier already checked against IDENTIFIER. */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) throw new ColumnError(`invalid identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/**
 * Column names for attribute names, like GDAL's "launder": lower case, spaces and punctuation to
 * _, a leading digit gets a _ in front; reserved and repeated names get _1, _2... Names with
 * non-ASCII letters (e.g. Thai) cannot be columns and are refused.
 */
export function columnNames(sources: readonly string[], reserved: readonly string[] = RESERVED_COLUMNS): string[] {
  const taken = new Set(reserved);
  return sources.map((source) => {
    let name = source.trim().toLowerCase().replace(/[\x00-\x7f]/g, (c) => (/[a-z0-9_]/.test(c) ? c : '_'));
    if (/[^\x00-\x7f]/.test(name) || name === '') {
      throw new ColumnError(`attribute ${JSON.stringify(source)} cannot be a column name: rename it to ASCII letters, digits and _`);
    }
    if (/^\d/.test(name)) name = `_${name}`;
    name = name.slice(0, 63);
    const base = name;
    for (let n = 1; taken.has(name); n++) name = `${base.slice(0, 60)}_${n}`;
    taken.add(name);
    return name;
  });
}

// ---- shapefile attributes ---------------------------------------------------------------------

const INTEGER_TEXT = /^[+-]?\d+(\.0*)?$/;

/**
 * The SQL type of a .dbf field, as GDAL reads it: whole-number fields (no decimals) of fewer than
 * 10 digits are integer, fewer than 19 bigint, longer ones numeric; fields with decimals are
 * double precision. Values are checked too, as some writers declare N(x,0) and store reals.
 */
export function dbfColumnType(field: DbfFieldInfo, values: Iterable<DbfValue>): ColumnType {
  switch (field.type) {
    case 'N':
    case 'F': {
      if (field.decimals > 0) return 'double precision';
      for (const value of values) if (typeof value === 'string' && !INTEGER_TEXT.test(value)) return 'double precision';
      return field.length < 10 ? 'integer' : field.length < 19 ? 'bigint' : 'numeric';
    }
    case 'D':
      return 'date';
    case 'L':
      return 'boolean';
    default:
      return 'text';
  }
}

/** A .dbf value as a parameter for a column of this type. */
export function dbfParam(value: DbfValue, type: ColumnType): ParamValue {
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if ((type === 'integer' || type === 'bigint' || type === 'numeric') && INTEGER_TEXT.test(value)) {
    return value.replace(/\.0*$/, '').replace(/^\+/, '');
  }
  return value;
}

// ---- JSON properties --------------------------------------------------------------------------

type Kind = 'boolean' | 'int32' | 'int64' | 'float' | 'string' | 'json';

function kindOf(value: unknown): Kind | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return 'string';
    if (Number.isInteger(value)) return Math.abs(value) <= 2147483647 ? 'int32' : Number.isSafeInteger(value) ? 'int64' : 'float';
    return 'float';
  }
  if (typeof value === 'string') return 'string';
  return 'json';
}

/** The SQL type for a property's values: the narrowest that holds all of them, text for a mix. */
export function jsonColumnType(values: Iterable<unknown>): ColumnType {
  const kinds = new Set<Kind>();
  for (const value of values) {
    const kind = kindOf(value);
    if (kind) kinds.add(kind);
  }
  if (kinds.size === 0) return 'text';
  const only = (...allowed: Kind[]) => [...kinds].every((kind) => allowed.includes(kind));
  if (only('boolean')) return 'boolean';
  if (only('int32')) return 'integer';
  if (only('int32', 'int64')) return 'bigint';
  if (only('int32', 'int64', 'float')) return 'double precision';
  if (only('json')) return 'jsonb';
  return 'text';
}

/** A JSON property value as a parameter for a column of this type. */
export function jsonParam(value: unknown, type: ColumnType): ParamValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return type === 'text' ? String(value) : null;
  return String(value);
}
