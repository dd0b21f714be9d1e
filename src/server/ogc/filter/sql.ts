// Filter AST (ast.ts) -> a parameterised PostGIS WHERE fragment (DESIGN.md §6: "attribute names
// allow-listed per feature type, values bound as SQL parameters"). Every literal becomes a $n
// parameter; attribute names must be exact keys of `columns` (own properties, case-sensitive)
// and are emitted as quoted identifiers; the only text this module writes itself is operators,
// quoted allow-listed identifiers, placeholders and the configured SRID. SQL runs on PostGIS 3.3
// and 3.6.
import type { AttributeRef, ComparisonOperator, FilterNode, Literal, Operand } from './ast.ts';
import { isCalendarDate } from './calendar.ts';
import { DECIMAL_RE } from './crs.ts';
import { FilterError, describeText } from './errors.ts';

export type ColumnType = 'string' | 'int' | 'double' | 'date' | 'bool';
export type SqlParam = string | number | boolean;

export interface ToSqlOptions {
  /** Allow-list: attribute name -> type. Only own properties count. */
  columns: Readonly<Record<string, ColumnType>>;
  /** The geometry column, the only attribute BBOX/INTERSECTS may name. */
  geometryColumn: string;
  /** Placeholders already used by the caller: the first one emitted is $(paramOffset + 1). Default 0. */
  paramOffset?: number;
  /** SRID of the geometry column. Default 4326; others get ST_Transform of the envelope. */
  geometrySrid?: number;
  /** Integer key column for ResourceId (`layer.12` -> 12). Default 'gid'. */
  idColumn?: string;
  /** Feature type name; ResourceIds for other types match nothing. Namespace prefixes are ignored. */
  typeName?: string;
  /** Parameter name in error messages. Default 'CQL_FILTER'. */
  locator?: string;
}

export interface SqlFragment {
  sql: string;
  params: SqlParam[];
}

const INT_RE = /^[+-]?\d+$/;
const FLIP: Record<ComparisonOperator, ComparisonOperator> = { '=': '=', '<>': '<>', '<': '>', '>': '<', '<=': '>=', '>=': '<=' };
const TYPE_WORD: Record<ColumnType, string> = { string: 'text', int: 'an integer', double: 'a number', date: 'a date', bool: 'a boolean' };

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

class SqlWriter {
  readonly params: SqlParam[] = [];
  private readonly locator: string;
  private readonly offset: number;
  private readonly srid: number;

  constructor(private readonly opts: ToSqlOptions) {
    this.locator = opts.locator ?? 'CQL_FILTER';
    this.offset = opts.paramOffset ?? 0;
    this.srid = opts.geometrySrid ?? 4326;
    if (!Number.isInteger(this.offset) || this.offset < 0) throw new TypeError('toSql: paramOffset must be a non-negative integer');
    if (!Number.isInteger(this.srid) || this.srid <= 0) throw new TypeError('toSql: geometrySrid must be a positive integer');
  }

  private fail(detail: string, position?: number): never {
    throw new FilterError(this.locator, detail, position);
  }

  private bind(value: SqlParam): string {
    this.params.push(value);
    return `$${this.offset + this.params.length}`;
  }

  private column(attr: AttributeRef): { sql: string; type: ColumnType } {
    const { columns, geometryColumn } = this.opts;
    if (Object.hasOwn(columns, attr.name)) {
      const type = columns[attr.name] as ColumnType;
      return { sql: quoteIdentifier(attr.name), type };
    }
    if (attr.name === geometryColumn) this.fail(`geometry attribute "${describeText(attr.name)}" can only be used in BBOX or INTERSECTS`, attr.position);
    this.fail(`unknown attribute "${describeText(attr.name)}"`, attr.position);
  }

  private geometry(attr: AttributeRef | null): string {
    if (attr && attr.name !== this.opts.geometryColumn) {
      if (Object.hasOwn(this.opts.columns, attr.name)) this.fail(`attribute "${describeText(attr.name)}" is not a geometry`, attr.position);
      this.fail(`unknown geometry attribute "${describeText(attr.name)}"`, attr.position);
    }
    return quoteIdentifier(this.opts.geometryColumn);
  }

  private inSrid(geomSql: string): string {
    return this.srid === 4326 ? geomSql : `ST_Transform(${geomSql}, ${this.srid})`;
  }

  /** A literal coerced to the column's type and bound as a parameter. */
  private value(lit: Literal, type: ColumnType, attr: AttributeRef): string {
    const bad: (why: string) => never = (why) =>
      this.fail(`attribute "${describeText(attr.name)}" is ${TYPE_WORD[type]}; ${why}`, lit.position ?? attr.position);
    const shown = lit.kind === 'string' ? `'${describeText(lit.value)}'` : lit.kind === 'number' ? lit.raw : String(lit.value);
    switch (type) {
      case 'string':
        if (lit.kind === 'boolean') bad(`${shown} is not text`);
        return this.bind(lit.kind === 'string' ? lit.value : lit.raw);
      case 'int': {
        if (lit.kind === 'boolean') bad(`${shown} is not a number`);
        const text = lit.kind === 'string' ? lit.value.trim() : lit.raw;
        if (!INT_RE.test(text)) bad(DECIMAL_RE.test(text) ? `${shown} is not a whole number` : `${shown} is not a number`);
        const n = Number(text);
        if (!Number.isSafeInteger(n)) bad(`${shown} is out of range`);
        // bigint so that a large value against an integer column is "no match", not an overflow error.
        return `${this.bind(n === 0 ? 0 : n)}::bigint`;
      }
      case 'double': {
        if (lit.kind === 'boolean') bad(`${shown} is not a number`);
        const text = lit.kind === 'string' ? lit.value.trim() : lit.raw;
        const n = DECIMAL_RE.test(text) && text.length <= 64 ? Number(text) : NaN;
        if (!Number.isFinite(n)) bad(`${shown} is not a number`);
        return this.bind(n === 0 ? 0 : n);
      }
      case 'date': {
        if (lit.kind !== 'string') bad(`${shown} is not a quoted date such as '2024-01-31'`);
        const text = lit.value.trim();
        if (!isCalendarDate(text)) bad(`${shown} is not a calendar date such as '2024-01-31' (or '2024-01-31T12:00:00Z')`);
        return this.bind(text);
      }
      case 'bool': {
        if (lit.kind === 'boolean') return this.bind(lit.value);
        const text = lit.kind === 'string' ? lit.value.trim().toLowerCase() : lit.raw;
        if (text === 'true' || text === '1') return this.bind(true);
        if (text === 'false' || text === '0') return this.bind(false);
        return bad(`${shown} is not true or false`);
      }
    }
  }

  write(node: FilterNode, depth: number): string {
    if (depth > 64) this.fail('filter nested too deeply');
    switch (node.type) {
      case 'include':
        return 'TRUE';
      case 'exclude':
        return 'FALSE';
      case 'and':
      case 'or': {
        if (node.children.length === 0) return node.type === 'and' ? 'TRUE' : 'FALSE';
        const parts = node.children.map((c) => this.write(c, depth + 1));
        return parts.length === 1 ? (parts[0] as string) : `(${parts.join(node.type === 'and' ? ' AND ' : ' OR ')})`;
      }
      case 'not':
        return `(NOT ${this.write(node.child, depth + 1)})`;
      case 'compare':
        return this.compare(node.op, node.left, node.right, node.matchCase ?? true);
      case 'in': {
        const col = this.column(node.attribute);
        if (node.values.length === 0) return node.negated ? 'TRUE' : 'FALSE';
        const list = node.values.map((v) => this.value(v, col.type, node.attribute)).join(', ');
        return `${col.sql} ${node.negated ? 'NOT IN' : 'IN'} (${list})`;
      }
      case 'like': {
        const col = this.column(node.attribute);
        checkLikePattern(node.pattern, this.locator, node.position);
        const target = col.type === 'string' ? col.sql : `CAST(${col.sql} AS text)`;
        const op = `${node.negated ? 'NOT ' : ''}${node.caseInsensitive ? 'ILIKE' : 'LIKE'}`;
        return `${target} ${op} ${this.bind(node.pattern)}`;
      }
      case 'isNull': {
        const col = this.column(node.attribute);
        return `${col.sql} IS ${node.negated ? 'NOT NULL' : 'NULL'}`;
      }
      case 'between': {
        const col = this.column(node.attribute);
        const lo = this.value(node.lower, col.type, node.attribute);
        const hi = this.value(node.upper, col.type, node.attribute);
        return `${col.sql} ${node.negated ? 'NOT BETWEEN' : 'BETWEEN'} ${lo} AND ${hi}`;
      }
      case 'bbox':
      case 'intersects': {
        const { geom, shape } = this.spatial(node);
        return `ST_Intersects(${geom}, ${shape})`;
      }
      case 'resourceId':
        return this.resourceIds(node.ids);
    }
  }

  /** The geometry column and the BBOX envelope or INTERSECTS point in its SRID. */
  spatial(node: SpatialNode): { geom: string; shape: string } {
    const geom = this.geometry(node.attribute);
    if (node.type === 'intersects') return { geom, shape: this.inSrid(`ST_SetSRID(ST_MakePoint(${this.bind(node.point.x)},${this.bind(node.point.y)}),4326)`) };
    const { minx, miny, maxx, maxy } = node.envelope;
    return { geom, shape: this.inSrid(`ST_MakeEnvelope(${this.bind(minx)},${this.bind(miny)},${this.bind(maxx)},${this.bind(maxy)},4326)`) };
  }

  private compare(op: ComparisonOperator, left: Operand, right: Operand, matchCase: boolean): string {
    if (left.kind !== 'attribute' && right.kind !== 'attribute') this.fail('a comparison needs an attribute on at least one side', left.position);
    if (left.kind !== 'attribute' && right.kind === 'attribute') return this.compare(FLIP[op], right, left, matchCase);
    const attr = left as AttributeRef;
    const col = this.column(attr);
    if (right.kind === 'attribute') {
      const other = this.column(right);
      const numeric = (t: ColumnType) => t === 'int' || t === 'double';
      if (col.type !== other.type && !(numeric(col.type) && numeric(other.type))) {
        this.fail(`cannot compare "${describeText(attr.name)}" (${TYPE_WORD[col.type]}) with "${describeText(right.name)}" (${TYPE_WORD[other.type]})`, right.position);
      }
      if (!matchCase && col.type === 'string') return `lower(${col.sql}) ${op} lower(${other.sql})`;
      return `${col.sql} ${op} ${other.sql}`;
    }
    const param = this.value(right, col.type, attr);
    if (!matchCase && col.type === 'string') return `lower(${col.sql}) ${op} lower(${param})`;
    return `${col.sql} ${op} ${param}`;
  }

  private resourceIds(ids: readonly string[]): string {
    const idColumn = this.opts.idColumn ?? 'gid';
    const wanted = this.opts.typeName === undefined ? undefined : localName(this.opts.typeName);
    const values: number[] = [];
    for (const rid of ids) {
      const m = /^(?:([^.]+)\.)?(\d{1,15})$/.exec(rid.trim());
      if (!m || m[1] === undefined) this.fail(`resource id "${describeText(rid)}" is not of the form <typeName>.<number>`);
      if (wanted !== undefined && localName(m[1]) !== wanted) continue;
      values.push(Number(m[2]));
    }
    if (values.length === 0) return 'FALSE';
    return `${quoteIdentifier(idColumn)} IN (${values.map((v) => `${this.bind(v)}::bigint`).join(', ')})`;
  }
}

function localName(typeName: string): string {
  const i = typeName.lastIndexOf(':');
  return i >= 0 ? typeName.slice(i + 1) : typeName;
}

/** A LIKE pattern must not end with an unpaired escape (PostgreSQL would raise an error). */
function checkLikePattern(pattern: string, locator: string, position?: number): void {
  let i = 0;
  while (i < pattern.length) {
    if (pattern[i] === '\\') {
      if (i + 1 >= pattern.length) throw new FilterError(locator, 'LIKE pattern ends with an unpaired escape character "\\"', position);
      i += 2;
    } else i++;
  }
}

/**
 * Translates a filter AST to a parameterised SQL boolean expression over one feature type.
 * Throws FilterError (InvalidParameterValue) for unknown attributes and mistyped values.
 */
export function toSql(ast: FilterNode, options: ToSqlOptions): SqlFragment {
  const writer = new SqlWriter(options);
  const sql = writer.write(ast, 0);
  return { sql, params: writer.params };
}

export type SpatialNode = Extract<FilterNode, { type: 'bbox' | 'intersects' }>;

/**
 * A BBOX or INTERSECTS node as toSql writes it (`sql`), split in two on the same placeholders:
 * the bounding-box overlap it implies (`overlap`, `&&`) and the exact test alone (`test`,
 * `_ST_Intersects`, PostGIS's ST_Intersects without its index support). A page picks its rows by
 * the overlap, in page order, and tests those it keeps (issue 29): ST_Intersects there would make
 * the planner count on it keeping only the overlap's share of rows again (its selectivity), give
 * up on stopping after the page and sort every overlapping row; the plain function's default
 * estimate (a third) does not.
 */
export function toSpatialSql(node: SpatialNode, options: ToSqlOptions): SqlFragment & { overlap: string; test: string } {
  const writer = new SqlWriter(options);
  const { geom, shape } = writer.spatial(node);
  return { sql: `ST_Intersects(${geom}, ${shape})`, overlap: `${geom} && ${shape}`, test: `_ST_Intersects(${geom}, ${shape})`, params: writer.params };
}
