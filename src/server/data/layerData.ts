// Lists and totals over one published layer (issue 23 item 2): the distinct values of a column
// (a picker's options) and sum / count / mean of a column grouped by columns (a chart's or a
// table's rows). Every name comes from the layer catalog (the layer's own SELECT, its attribute
// list); request values are only ever bound parameters. Text is ordered in Thai (Intl.Collator),
// the same on PGlite and PostgreSQL whatever their collation.
import type { Attribute, VectorFeatureType } from './featureTypes.ts';
import { quoteIdent } from './layers/sql.ts';
import type { Queryable } from '../db/types.ts';

/** A request mistake: answered 400 with this message. */
export class LayerDataError extends Error {}

/** column -> the values it may equal (a multi-select sends several). */
export type ColumnFilters = ReadonlyArray<readonly [column: string, values: readonly string[]]>;

interface ValuesQuery {
  value: string;
  /** The label column; the value itself when absent. */
  label?: string;
  filters: ColumnFilters;
  sort: 'value' | 'label';
  descending: boolean;
}

export type TotalsOp = 'sum' | 'count' | 'mean';

interface TotalsQuery {
  op: TotalsOp;
  /** The measured column: required by sum and mean; count counts its non-null values, or rows without it. */
  field?: string;
  groupBy: readonly string[];
  filters: ColumnFilters;
}

type Row = Record<string, unknown>;

const thai = new Intl.Collator('th', { numeric: true });

/** Numbers by value, anything else as Thai text; null last. */
function compareValues(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return thai.compare(String(a), String(b));
}

function attribute(ft: VectorFeatureType, name: string, role: string): Attribute {
  const a = ft.attributes.find((x) => x.name === name);
  if (!a) {
    const names = ft.attributes.map((x) => x.name);
    throw new LayerDataError(`${role} "${name.slice(0, 60)}" is not an attribute of layer ${ft.name} (attributes: ${names.join(', ')})`);
  }
  return a;
}

const NUMERIC = new Set<Attribute['type']>(['int', 'double']);

/** `f.<column>` of a catalog attribute, compared as text when a request value must match a date. */
function filterSql(ft: VectorFeatureType, filters: ColumnFilters, bind: (v: unknown) => string): string[] {
  return filters.map(([column, values]) => {
    const a = attribute(ft, column, 'filter column');
    if (a.type === 'int' || a.type === 'double') {
      const bad = values.find((v) => !Number.isFinite(Number(v)) || v.trim() === '' || (a.type === 'int' && !/^-?\d+$/.test(v.trim())));
      if (bad !== undefined) throw new LayerDataError(`filter ${column}: "${bad.slice(0, 40)}" is not ${a.type === 'int' ? 'an integer' : 'a number'}`);
      return `f.${quoteIdent(column)} = ANY(${bind(values.map(Number))}::${a.type === 'int' ? 'bigint' : 'float8'}[])`;
    }
    return `f.${quoteIdent(column)}::text = ANY(${bind(values)}::text[])`;
  });
}

/** The layer's rows (its catalog SELECT) with the filters, as `FROM (...) AS f WHERE ...`. */
function fromLayer(ft: VectorFeatureType, filters: ColumnFilters, extra: readonly string[] = []): { from: string; params: unknown[] } {
  const required = Object.entries(ft.viewParams ?? {}).filter(([, spec]) => spec.required).map(([key]) => key);
  if (required.length) throw new LayerDataError(`layer ${ft.name} needs viewparams (${required.join(', ')}); values and totals read layers without required viewparams`);
  const source = ft.source({});
  const params = [...source.params];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [...filterSql(ft, filters, bind), ...extra];
  return { from: `FROM (${source.sql}) AS f${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`, params };
}

/** Reads at most `limit` rows; more is a request mistake (the same limit as one WFS answer). */
async function limited(db: Queryable, sql: string, params: unknown[], limit: number, what: string): Promise<Row[]> {
  const { rows } = await db.query<Row>(`${sql} LIMIT ${limit + 1}`, params);
  if (rows.length > limit) throw new LayerDataError(`more than ${limit} ${what} match; add a filter`);
  return rows;
}

/** Distinct values of a column (one label each), sorted: `[{value, label}]`. */
export async function layerValues(db: Queryable, ft: VectorFeatureType, q: ValuesQuery, limit: number): Promise<Array<{ value: unknown; label: unknown }>> {
  const value = `f.${quoteIdent(attribute(ft, q.value, 'value').name)}`;
  const label = q.label !== undefined ? `f.${quoteIdent(attribute(ft, q.label, 'label').name)}` : undefined;
  const { from, params } = fromLayer(ft, q.filters, [`${value} IS NOT NULL`]);
  const rows = await limited(db, `SELECT ${value} AS value, ${label ? `min(${label})` : value} AS label ${from} GROUP BY ${value}`, params, limit, 'distinct values');
  const key = q.sort;
  const sign = q.descending ? -1 : 1;
  return rows
    .map((r) => ({ value: r.value, label: r.label ?? r.value }))
    .sort((a, b) => sign * (compareValues(a[key], b[key]) || compareValues(a.value, b.value)));
}

/** The answer's name of the measured value: the field's own name, or `count`. */
function totalsValueName(q: Pick<TotalsQuery, 'op' | 'field'>): string {
  return q.op === 'count' ? 'count' : q.field!;
}

/**
 * Totals per group, ordered by the group columns: `[{<groupBy...>, <field>: sum|mean, count}]`
 * (`count` is how many non-null values made it), or `[{<groupBy...>, count}]` for op count.
 */
export async function layerTotals(db: Queryable, ft: VectorFeatureType, q: TotalsQuery, limit: number): Promise<Row[]> {
  if (q.op !== 'count' && q.field === undefined) throw new LayerDataError(`op ${q.op} needs a field`);
  const field = q.field !== undefined ? attribute(ft, q.field, 'field') : undefined;
  if (field && q.op !== 'count' && !NUMERIC.has(field.type)) throw new LayerDataError(`field "${field.name}" is ${field.type}, not a number: op ${q.op} needs an int or double attribute`);
  const groups = q.groupBy.map((g) => attribute(ft, g, 'groupBy column'));
  const names = new Set<string>(['count', totalsValueName(q)]);
  for (const g of groups) {
    if (names.has(g.name)) throw new LayerDataError(`groupBy column "${g.name}" is also a column of the answer (${[...names].join(', ')})`);
    names.add(g.name);
  }
  const measured = field ? `f.${quoteIdent(field.name)}` : undefined;
  const select = groups.map((g) => `f.${quoteIdent(g.name)} AS ${quoteIdent(g.name)}`);
  if (q.op === 'count') select.push(`count(${measured ?? '*'})::int AS count`);
  else select.push(`${q.op === 'sum' ? 'sum' : 'avg'}(${measured})::float8 AS ${quoteIdent(field!.name)}`, `count(${measured})::int AS count`);
  const { from, params } = fromLayer(ft, q.filters);
  const groupBy = groups.length ? ` GROUP BY ${groups.map((_, i) => i + 1).join(', ')}` : '';
  const rows = await limited(db, `SELECT ${select.join(', ')} ${from}${groupBy}`, params, limit, 'groups');
  return rows.sort((a, b) => {
    for (const g of groups) {
      const c = compareValues(a[g.name], b[g.name]);
      if (c) return c;
    }
    return 0;
  });
}
