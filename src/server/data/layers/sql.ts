// Building the registry's SELECTs. Table, column and literal values come from the registry's own
// constants; request values only ever arrive as bound parameters.

import type { Attribute, AttributeType, SqlSource, ViewParamValues } from './types.ts';

export interface Column extends Attribute {
  /** SQL expression when the exposed name is not the column name. */
  expr?: string;
}

export const col = (name: string, type: AttributeType, expr?: string): Column => (expr ? { name, type, expr } : { name, type });

const PLAIN = /^[a-z_][a-z0-9_]*$/;
const RESERVED = new Set(['update', 'end', 'start', 'order', 'user', 'year', 'table', 'select', 'group']);

export function quoteIdent(name: string): string {
  if (PLAIN.test(name) && !RESERVED.has(name)) return name;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`bad attribute name ${name}`);
  return `"${name}"`;
}

export const ADMIN: readonly Column[] = [
  col('prv_code', 'string'),
  col('amp_code', 'string'),
  col('tam_code', 'string'),
  col('prv_name', 'string'),
  col('amp_name', 'string'),
  col('tam_name', 'string'),
];

/** The island / lake spellings of the admin names (SPEC.md §3: pv_tn, ap_tn, tb_tn). */
export const ADMIN_TN: readonly Column[] = [
  col('pv_tn', 'string', 'prv_name'),
  col('ap_tn', 'string', 'amp_name'),
  col('tb_tn', 'string', 'tam_name'),
];

/** A literal from the registry's own constants (integers and simple words only). */
export function lit(value: number | string): string {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`non-integer literal ${value}`);
    return String(value);
  }
  if (!/^[a-z_-]+$/.test(value)) throw new Error(`unexpected literal ${value}`);
  return `'${value}'`;
}

export type Filter = string | ((values: ViewParamValues, bind: (value: unknown) => string) => string | null);

/** SELECT <columns>, geom FROM <table> WHERE <filters>; function filters see the viewparams. */
export function makeSource(table: string, columns: readonly Column[], filters: readonly Filter[]): (values?: ViewParamValues) => SqlSource {
  const list = columns.map((c) => (c.expr ? `${c.expr} AS ${quoteIdent(c.name)}` : quoteIdent(c.name))).join(', ');
  return (values = {}) => {
    const params: unknown[] = [];
    const bind = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const where = filters.map((f) => (typeof f === 'string' ? f : f(values, bind))).filter((f): f is string => f !== null);
    return { sql: `SELECT ${list}, geom FROM ${table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`, params };
  };
}

function required(values: ViewParamValues, key: string): string | number {
  const value = values[key];
  if (value === undefined || value === '') throw new Error(`viewparams: missing required key "${key}"`);
  return value;
}

/** `<column> = viewparam` (required) or nothing when optional and absent. */
export function equalsParam(column: string, key: string, optional = false): Filter {
  return (values, bind) => {
    if (optional && (values[key] === undefined || values[key] === '')) return null;
    return `${column} = ${bind(required(values, key))}`;
  };
}

/** Rows of the area named by a 2-, 4- or 6-digit code (province, district or sub-district). */
export function adminCodeParam(key = 'code'): Filter {
  return (values, bind) => {
    const p = bind(String(required(values, key)));
    return `${p} IN (prv_code, amp_code, tam_code)`;
  };
}
