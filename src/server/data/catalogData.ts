// The layer catalog (config/layers.yaml) against the database it would be served from: every
// table, column (and its type), geometry column and type, id column and SQL expression it names
// must exist there, or a layer answers 500 or nothing on the page. A dimension value that selects
// no rows is a warning: its layer is served, and empty. Paths point into the catalog document.
import type { AttributeType, CatalogDoc, GeometryKind, Published, PublishedVector } from '../../engine/catalog.ts';
import { attributeSource } from '../../engine/catalog.ts';
import type { JsonPath } from '../../engine/errors.ts';
import { closestName } from '../../loader/similar.ts';
import { describeTables, type TableShape } from '../db/introspect.ts';
import type { Queryable } from '../db/types.ts';

export interface DataProblem {
  path: JsonPath;
  message: string;
  severity: 'error' | 'warning';
}

const GEOMETRY_COLUMN = 'geom';
const SRID = 4326;

/** PostgreSQL types each catalog type can be read from. */
const COLUMN_TYPES: Record<AttributeType, readonly string[]> = {
  string: ['text', 'varchar', 'bpchar', 'char', 'name', 'citext', 'uuid'],
  int: ['int2', 'int4', 'int8'],
  double: ['float4', 'float8', 'numeric', 'int2', 'int4', 'int8'],
  date: ['date'],
  datetime: ['timestamp', 'timestamptz'],
};

/** The catalog type to publish a column of this PostgreSQL type as. */
function suggestedType(udt: string): AttributeType | undefined {
  return (Object.keys(COLUMN_TYPES) as AttributeType[]).find((t) => COLUMN_TYPES[t].includes(udt));
}

const GEOMETRY_TYPES: Record<GeometryKind, readonly string[]> = {
  point: ['POINT', 'MULTIPOINT'],
  line: ['LINESTRING', 'MULTILINESTRING'],
  polygon: ['POLYGON', 'MULTIPOLYGON'],
};

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * In two parts: the tables, columns, types and expressions the catalog names (what would make a
 * layer fail), and then, when asked, the layers that select no rows (served empty: a warning). npm
 * start asks the second once it serves: on PGlite that query is the first touch of every published
 * table, ~0.15 s that a warm start no longer waits for.
 */
export async function checkCatalogShape(db: Queryable, doc: CatalogDoc, layers: readonly Published[]): Promise<{ problems: DataProblem[]; emptyLayers: () => Promise<DataProblem[]> }> {
  const tables = await describeTables(db);
  const problems: DataProblem[] = [];
  const entries = new Map<number, PublishedVector[]>();
  for (const layer of layers) if (layer.kind === 'vector') entries.set(layer.origin, [...(entries.get(layer.origin) ?? []), layer]);
  const probes: RowProbe[] = [];
  const expressions: PublishedVector[] = [];
  for (const [origin, published] of entries) {
    const first = published[0]!;
    const table = tables.get(first.table);
    if (!table) {
      const hint = closestName(first.table, [...tables.keys()]);
      problems.push({ path: ['layers', origin, 'table'], severity: 'error', message: `table "${first.table}" is not in the database${hint ? ` (did you mean "${hint}"?)` : ''}; load it with npm run import -- <file> --as ${first.table}` });
      continue;
    }
    problems.push(...checkEntryShape(doc, first, table));
    expressions.push(first);
    // each dimension value's rows; without a fixed filter, the table's once
    for (const layer of first.where.length ? published : [first]) {
      const probe = rowProbe(layer, table);
      if (probe) probes.push(probe);
    }
  }
  problems.push(...(await checkExpressions(db, doc, expressions)));
  return { problems, emptyLayers: () => emptyLayers(db, probes) };
}

/** Columns, types, geometry and id of one catalog entry (the same for each of its dimension values). */
function checkEntryShape(doc: CatalogDoc, layer: PublishedVector, table: TableShape): DataProblem[] {
  const at: JsonPath = ['layers', layer.origin];
  const problems: DataProblem[] = [];
  const error = (path: JsonPath, message: string) => problems.push({ path, message, severity: 'error' });
  const columnNames = [...table.columns.keys()];
  const missing = (column: string) => `column "${column}" is not in table "${layer.table}"${hintFor(column, columnNames)}; its columns: ${columnNames.filter((c) => c !== GEOMETRY_COLUMN).join(', ')}`;

  const geometry = table.geometry.get(GEOMETRY_COLUMN);
  if (!geometry) error([...at, 'table'], `table "${layer.table}" has no geometry column "${GEOMETRY_COLUMN}" (EPSG:${SRID})`);
  else {
    if (geometry.type !== 'GEOMETRY' && !GEOMETRY_TYPES[layer.geometryKind].includes(geometry.type)) {
      const actual = (Object.keys(GEOMETRY_TYPES) as GeometryKind[]).find((k) => GEOMETRY_TYPES[k].includes(geometry.type));
      error([...at, 'geometry'], `table "${layer.table}" holds ${geometry.type} geometries, not ${layer.geometryKind}s${actual ? `; write geometry: ${actual}` : ''}`);
    }
    if (geometry.srid !== SRID && geometry.srid !== 0) error([...at, 'table'], `table "${layer.table}" is in EPSG:${geometry.srid}; the server reads EPSG:${SRID} (npm run import reprojects)`);
  }
  for (const a of layer.attributes) {
    if (a.expr !== undefined) continue;
    const path = attributeSource(doc, layer.origin, a.name);
    const udt = table.columns.get(a.name);
    if (udt === undefined) error(path, missing(a.name));
    else if (!COLUMN_TYPES[a.type].includes(udt)) {
      const better = suggestedType(udt);
      error(path, `column "${a.name}" of table "${layer.table}" is ${udt}, which cannot be published as ${a.type}${better ? `; write ${a.name}:${better}` : ''}`);
    }
  }
  const id = layer.attributes.find((a) => a.name === layer.idColumn);
  if (id && id.expr === undefined && table.columns.has(id.name) && !table.unique.has(id.name)) {
    problems.push({ path: [...at, 'id'], severity: 'warning', message: `id column "${id.name}" of table "${layer.table}" has no unique index: feature ids may repeat (npm run import keeps a unique id column, or add one: CREATE UNIQUE INDEX ON ${layer.table} (${id.name}))` });
  }
  for (const [column] of layer.where) if (!table.columns.has(column)) error([...at, 'where', column], missing(column));
  layer.filters.forEach((f, i) => {
    const columns = f.kind === 'anyOf' ? f.columns : [f.column];
    for (const column of columns) if (!table.columns.has(column)) error([...at, 'filters', i], missing(column));
  });
  return problems;
}

function hintFor(name: string, names: readonly string[]): string {
  const hint = closestName(name, names);
  return hint ? ` (did you mean "${hint}"?)` : '';
}

/** Each SQL expression attribute must run on its table (asked for no rows): every entry's in one
 *  query (a round trip each took 0.1 s of a warm start on PGlite), and entry by entry, then one by
 *  one, only to name the one that fails. */
async function checkExpressions(db: Queryable, doc: CatalogDoc, layers: readonly PublishedVector[]): Promise<DataProblem[]> {
  const withExpressions = layers.map((layer) => ({ layer, exprs: layer.attributes.filter((a) => a.expr !== undefined) })).filter((e) => e.exprs.length);
  type Entry = (typeof withExpressions)[number];
  const select = ({ layer, exprs }: Entry) => `SELECT ${exprs.map((a) => `${a.expr} AS ${quote(a.name)}`).join(', ')} FROM ${quote(layer.table)} LIMIT 0`;
  const fails = (sql: string) => db.query(sql).then(() => undefined, (error: unknown) => error ?? new Error('failed'));
  if (!withExpressions.length || (await fails(withExpressions.map((e, k) => `SELECT NULL FROM (${select(e)}) AS e${k}`).join(' UNION ALL '))) === undefined) return [];
  const problems: DataProblem[] = [];
  for (const entry of withExpressions) {
    const failed = await fails(select(entry));
    if (failed === undefined) continue;
    const report = (a: Entry['exprs'][number], error: unknown) =>
      problems.push({ path: attributeSource(doc, entry.layer.origin, a.name), severity: 'error', message: `expression of "${a.name}" fails on table "${entry.layer.table}": ${(error as Error).message}` });
    if (entry.exprs.length === 1) report(entry.exprs[0]!, failed);
    else for (const a of entry.exprs) await db.query(select({ ...entry, exprs: [a] })).catch((error: unknown) => report(a, error));
  }
  return problems;
}

interface RowProbe {
  layer: PublishedVector;
  /** The fixed filter: column, its type, the value. */
  terms: Array<[string, string, string]>;
}

function rowProbe(layer: PublishedVector, table: TableShape): RowProbe | undefined {
  const terms = layer.where.map(([column, value]): [string, string | undefined, string] => [column, table.columns.get(column), String(value)]);
  if (terms.some(([, type]) => type === undefined)) return undefined; // a missing column is reported as an error
  return { layer, terms: terms as Array<[string, string, string]> };
}

/** A published layer that selects no rows is served empty: worth a warning, not a refusal. All
 *  layers are asked in one query (a round trip each took most of the check's time on PGlite);
 *  each value is typed like its column, so that an index on it serves the look-up. */
async function emptyLayers(db: Queryable, probes: readonly RowProbe[]): Promise<DataProblem[]> {
  if (probes.length === 0) return [];
  const params: string[] = [];
  const bind = (value: string, type: string) => `$${params.push(value)}::${type}`;
  const columns = probes.map(({ layer, terms }, k) => {
    const where = terms.map(([column, type, value]) => `${quote(column)} = ${bind(value, type)}`).join(' AND ');
    return `EXISTS (SELECT 1 FROM ${quote(layer.table)}${where ? ` WHERE ${where}` : ''}) AS p${k}`;
  });
  const { rows } = await db.query<Record<string, boolean>>(`SELECT ${columns.join(', ')}`, params);
  return probes.flatMap(({ layer, terms }, k): DataProblem[] => {
    if (rows[0]?.[`p${k}`]) return [];
    const condition = terms.map(([c, , v]) => `${c} = ${v}`).join(' and ');
    return [{
      path: ['layers', layer.origin, terms.length ? 'where' : 'table'],
      severity: 'warning',
      message: terms.length ? `layer "${layer.name}" selects no rows: no row of table "${layer.table}" has ${condition} (it is served empty)` : `layer "${layer.name}": table "${layer.table}" is empty`,
    }];
  });
}
