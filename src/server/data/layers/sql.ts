// Building the registry's SELECTs. Table, column and literal values come from the layer catalog
// (config/layers.yaml); request values only ever arrive as bound parameters.

import type { PublishedFilter } from '../../../engine/catalog.ts';
import type { Attribute, SqlSource, ViewParamsSpec, ViewParamValues } from './types.ts';

export interface Column extends Attribute {
  /** SQL expression when the exposed name is not the column name. */
  expr?: string;
}

const PLAIN = /^[a-z_][a-z0-9_]*$/;
const RESERVED = new Set(['update', 'end', 'start', 'order', 'user', 'year', 'table', 'select', 'group']);

export function quoteIdent(name: string): string {
  if (PLAIN.test(name) && !RESERVED.has(name)) return name;
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`bad attribute name ${name}`);
  return `"${name}"`;
}

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

const given = (values: ViewParamValues, key: string) => values[key] !== undefined && values[key] !== '';

function required(values: ViewParamValues, key: string): string | number {
  if (!given(values, key)) throw new Error(`viewparams: missing required key "${key}"`);
  return values[key]!;
}

/** A catalog filter on the viewparams (config/layers.yaml `filters`), its values bound. */
export function paramFilter(filter: PublishedFilter, specs: ViewParamsSpec = {}): Filter {
  switch (filter.kind) {
    case 'equals':
      // `<column> = viewparam`; nothing when the viewparam is optional and absent
      return (values, bind) => {
        if (!specs[filter.param]?.required && !given(values, filter.param)) return null;
        return `${quoteIdent(filter.column)} = ${bind(required(values, filter.param))}`;
      };
    case 'anyOf':
      // e.g. a 2-, 4- or 6-digit administrative code: province, district or sub-district rows
      return (values, bind) => `${bind(String(required(values, filter.param)))} IN (${filter.columns.map(quoteIdent).join(', ')})`;
    case 'in':
      // e.g. line_year IN (start, end) when both are given, else every row
      return (values, bind) =>
        filter.params.every((key) => given(values, key)) ? `${quoteIdent(filter.column)} IN (${filter.params.map((key) => bind(values[key])).join(', ')})` : null;
  }
}
