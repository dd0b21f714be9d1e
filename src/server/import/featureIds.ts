// Which attribute identifies the features of a file, and how a message names one feature. A
// file's own id column (gid, id, fid...) becomes the table's key when its values can be one, so
// feature ids survive a re-import; a column with such a name that cannot (a repeat, a gap, a
// fraction) stays an ordinary column and the features are numbered instead.

import { columnNames, type ParamValue, type SourceColumn } from './columns.ts';

/** Attribute names taken as the file's feature id, in order of preference. */
const ID_NAMES = ['gid', 'id', 'fid', 'objectid', 'ogc_fid'];

/** The key an import adds when the file has no id column of its own. */
export const NUMBERED_KEY = 'gid';

export interface IdChoice {
  /** The column (table name) holding the file's own ids, when one qualifies. */
  idColumn?: string;
  /** Why a column named like an id was not taken, for the summary. */
  note?: string;
}

const WHOLE = /^-?\d+$/;

/** Why this column's values cannot be feature ids, or null when they can. */
function notAnId(column: SourceColumn, values: readonly ParamValue[]): string | null {
  if (column.type !== 'integer' && column.type !== 'bigint') return `its values are ${column.type === 'text' ? 'text' : column.type}, not whole numbers`;
  const seen = new Map<bigint, number>();
  for (let row = 0; row < values.length; row++) {
    const value = values[row];
    if (value === null || value === undefined || !WHOLE.test(value)) return `feature ${row + 1} has none`;
    const id = BigInt(value);
    const first = seen.get(id);
    if (first !== undefined) return `features ${first + 1} and ${row + 1} both have ${value}`;
    seen.set(id, row);
  }
  return null;
}

/**
 * Table columns for the source attributes, and the file's id column if it has one that is an
 * integer, present on every feature and unique. `values[row][column]` as bound for the columns.
 */
export function chooseColumns(
  sources: readonly string[],
  typeOf: (index: number) => SourceColumn['type'],
  valuesOf: (columns: readonly SourceColumn[]) => ParamValue[][],
): { columns: SourceColumn[]; values: ParamValue[][] } & IdChoice {
  const build = (reserved: readonly string[]): SourceColumn[] =>
    columnNames(sources, reserved).map((name, i) => ({ source: sources[i]!, name, type: typeOf(i) }));
  let columns = build(['geom']);
  const values = valuesOf(columns);
  const reasons: string[] = [];
  for (const wanted of ID_NAMES) {
    const index = columns.findIndex((column) => column.name === wanted);
    if (index < 0) continue;
    const reason = notAnId(columns[index]!, values.map((row) => row[index] ?? null));
    if (reason === null) return { columns, values, idColumn: wanted, ...(reasons.length ? { note: reasons.join('; ') } : {}) };
    reasons.push(`"${columns[index]!.source}" is not a feature id (${reason})`);
  }
  // No id of its own: the import numbers the features in "gid", so a file's "gid" moves aside.
  if (columns.some((column) => column.name === NUMBERED_KEY)) {
    columns = build([NUMBERED_KEY, 'geom']);
    const moved = columns.find((column) => column.source.trim().toLowerCase() === NUMBERED_KEY)?.name;
    if (moved) reasons.push(`the file's "${NUMBERED_KEY}" is kept as column ${moved}`);
  }
  return { columns, values, ...(reasons.length ? { note: reasons.join('; ') } : {}) };
}

/** The text column a person would call the feature's name, if any. */
function nameColumn(columns: readonly SourceColumn[]): number {
  const text = (pattern: RegExp) => columns.findIndex((column) => column.type === 'text' && pattern.test(column.name));
  const named = text(/name/);
  return named >= 0 ? named : text(/_th$/);
}

function quoted(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value);
}

/**
 * A feature as messages name it: 'feature 5 (gid 12, name_th "หาดชลาทัศน์")', its place in the
 * file followed by its id and name when it has them.
 */
export function featureLabel(ref: string, columns: readonly SourceColumn[], values: readonly ParamValue[], idColumn?: string): string {
  const parts: string[] = [];
  const id = columns.findIndex((column) => column.name === (idColumn ?? '') || (!idColumn && ID_NAMES.includes(column.name)));
  if (id >= 0 && values[id] != null) parts.push(`${columns[id]!.name} ${values[id]}`);
  const name = nameColumn(columns);
  if (name >= 0 && values[name] != null && values[name] !== '') parts.push(`${columns[name]!.name} ${quoted(values[name]!)}`);
  return parts.length ? `${ref} (${parts.join(', ')})` : ref;
}
