// SQL of the OGC services, built on the feature-type registry's SELECTs. Request values only
// ever arrive as bound parameters; the only text written here is registry names (checked
// against a strict pattern), operators, placeholders and numbers this module computed itself.
// The JSON of features is built in the database (ST_AsGeoJSON and string concatenation), so
// Node only pastes one text value into the answer.

import type { VectorFeatureType, ViewParamValues } from '../data/featureTypes.ts';
import type { Database } from '../db/types.ts';
import type { Envelope, FilterNode, SpatialNode } from './filter/index.ts';
import { toSpatialSql, toSql } from './filter/index.ts';
import { OgcError } from './exception.ts';
import { featureGmlSql, featureJsonSql, jsonValue, valueMemberSql, type FeatureJsonOptions, type GmlVersion } from './featureSql.ts';
import { filterColumns } from './layers.ts';
import type { RenderRows } from './renderJob.ts';
import { ident, nameLiteral, num } from './sqlNames.ts';

class Params {
  readonly values: unknown[];
  constructor(initial: readonly unknown[] = []) {
    this.values = [...initial];
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  get length(): number {
    return this.values.length;
  }
}

/** `FROM (<registry SELECT>) AS f WHERE <filter>` with its parameters. */
export interface LayerSelection {
  ft: VectorFeatureType;
  from: string;
  /** Terms ANDed together: the whole filter. */
  where: string[];
  /** Terms of `where` that are spatial tests (BBOX, INTERSECTS) in two steps: the bounding-box overlap and the exact test alone (toSpatialSql). */
  spatial: Map<string, { overlap: string; test: string }>;
  params: Params;
}

/** The terms of a filter's top-level AND. */
function conjuncts(node: FilterNode): FilterNode[] {
  if (node.type === 'and') return node.children.flatMap(conjuncts);
  return node.type === 'include' ? [] : [node];
}

const isSpatial = (node: FilterNode): node is SpatialNode => node.type === 'bbox' || node.type === 'intersects';

/**
 * The rows of a layer under its viewparams and a filter AST (CQL_FILTER, FILTER, BBOX, resource
 * ids). Throws OgcError / FilterError for bad input.
 */
export function selectLayer(ft: VectorFeatureType, values: ViewParamValues | undefined, filter: FilterNode | undefined, locator = 'CQL_FILTER'): LayerSelection {
  let source;
  try {
    source = ft.source(values ?? {});
  } catch {
    const keys = Object.keys(ft.viewParams ?? {}).join(', ');
    throw new OgcError('MissingParameterValue', `layer ${ft.name} needs viewparams (${keys})`, 'viewparams');
  }
  const params = new Params(source.params);
  const sel: LayerSelection = { ft, from: `(${source.sql}) AS f`, where: [], spatial: new Map(), params };
  const terms = filter ? conjuncts(filter) : [];
  const options = () => ({ columns: filterColumns(ft), geometryColumn: ft.geometryColumn, paramOffset: params.length, idColumn: ft.idColumn, typeName: ft.name, locator });
  const rest = terms.filter((t) => !isSpatial(t));
  if (rest.length > 0) {
    const frag = toSql(rest.length === 1 ? rest[0]! : { type: 'and', children: rest }, options());
    params.values.push(...frag.params);
    sel.where.push(frag.sql);
  }
  for (const term of terms.filter(isSpatial)) {
    const frag = toSpatialSql(term, options());
    params.values.push(...frag.params);
    sel.where.push(frag.sql);
    sel.spatial.set(frag.sql, { overlap: frag.overlap, test: frag.test });
  }
  return sel;
}

/** Adds `geom && envelope` (index-assisted bounding-box overlap). */
export function whereEnvelope(sel: LayerSelection, env: Envelope): void {
  const p = sel.params;
  sel.where.push(`f.geom && ST_MakeEnvelope(${p.add(env.minx)}, ${p.add(env.miny)}, ${p.add(env.maxx)}, ${p.add(env.maxy)}, 4326)`);
}

function whereSql(sel: LayerSelection): string {
  return sel.where.length ? ` WHERE ${sel.where.join(' AND ')}` : '';
}

export interface SortKey {
  name: string;
  desc: boolean;
}

function orderSql(ft: VectorFeatureType, sort: readonly SortKey[], alias: string): string {
  const keys = sort.map((k) => `${alias}.${ident(k.name)} ${k.desc ? 'DESC' : 'ASC'} NULLS LAST`);
  if (!sort.some((k) => k.name === ft.idColumn)) keys.push(`${alias}.${ident(ft.idColumn)} ASC`);
  return keys.join(', ');
}

interface PageOptions extends FeatureJsonOptions {
  sort: readonly SortKey[];
  count: number;
  startIndex: number;
  /** GML instead of GeoJSON (with the namespace prefix of the feature elements). */
  gml?: { version: GmlVersion; prefix: string };
  /** With `gml`: GetPropertyValue members of this attribute (or the geometry) instead of features. */
  value?: string;
}

function memberSql(ft: VectorFeatureType, o: PageOptions): string {
  if (!o.gml) return featureJsonSql(ft, 'p', o);
  const gml = { ...o, gml: o.gml.version, prefix: o.gml.prefix };
  return o.value !== undefined ? valueMemberSql(ft, 'p', o.value, gml) : featureGmlSql(ft, 'p', gml);
}

/**
 * The SQL of one page: the rows of the page only (ORDER BY the sort keys and the primary key,
 * LIMIT/OFFSET), their features built by the database. Nothing in it depends on how many rows
 * match beyond the page (no window over the matches: issue 29), so an index on the sort key lets
 * the database stop after the page. With a BBOX or INTERSECTS, the rows are picked in page order
 * by the bounding-box overlap and tested exactly as they come (the inner query's OFFSET 0 keeps
 * the exact tests out of its plan): when the box holds many rows the primary-key walk stops after
 * the page's matches, while a small box still uses the spatial index and sorts what it finds.
 * The outer level has no ORDER BY of its own: PostgreSQL plans a subquery for full retrieval when
 * the level above sorts, and a filter over the ordered subquery keeps its order.
 */
export function featurePageSql(sel: LayerSelection, o: PageOptions): { sql: string; params: unknown[] } {
  const tests = sel.where.flatMap((w) => sel.spatial.get(w)?.test ?? []);
  const needed = new Set<string>([...o.attrs.map((a) => a.name), ...o.sort.map((k) => k.name), sel.ft.idColumn]);
  if (o.geometry) needed.add('geom');
  if (tests.length > 0) needed.add(sel.ft.geometryColumn);
  const cols = [...needed].map((n) => `f.${ident(n)}`).join(', ');
  const limit = `LIMIT ${num(Math.trunc(o.count))} OFFSET ${num(Math.trunc(o.startIndex))}`;
  const inner =
    tests.length === 0
      ? `SELECT ${cols} FROM ${sel.from}${whereSql(sel)} ORDER BY ${orderSql(sel.ft, o.sort, 'f')} ${limit}`
      : `SELECT s.* FROM (SELECT ${cols} FROM ${sel.from} WHERE ${sel.where.map((w) => sel.spatial.get(w)?.overlap ?? w).join(' AND ')} ` +
        `ORDER BY ${orderSql(sel.ft, o.sort, 'f')} OFFSET 0) AS s WHERE ${tests.join(' AND ')} ${limit}`;
  const sql =
    `SELECT coalesce(string_agg(${memberSql(sel.ft, o)}, ` +
    `'${o.gml ? '' : ','}' ORDER BY ${orderSql(sel.ft, o.sort, 'p')}), '') AS body, ` +
    `count(*)::integer AS n FROM (${inner}) AS p`;
  return { sql, params: sel.params.values };
}

/** One page of features as a JSON array body (without brackets) or GML members, and the number of features in it. */
export async function queryFeaturePage(db: Database, sel: LayerSelection, o: PageOptions): Promise<{ body: string; returned: number }> {
  const { sql, params } = featurePageSql(sel, o);
  const { rows } = await db.query<{ body: string; n: number }>(sql, params);
  return { body: rows[0]?.body ?? '', returned: rows[0]?.n ?? 0 };
}

/** The SQL that counts the matches of a selection: no geometry is read beyond what the filter tests. */
export function countSql(sel: LayerSelection): { sql: string; params: unknown[] } {
  return { sql: `SELECT count(*)::integer AS n FROM ${sel.from}${whereSql(sel)}`, params: sel.params.values };
}

interface RenderQueryOptions {
  /** Attribute that picks the style class (selected as the first item of each entry). */
  field?: string;
  /** Simplification tolerance in degrees (0 = none). */
  tolerance: number;
  digits: number;
  limit: number;
}

/**
 * The columns of a render query over rows `q(v, g)`: `v` the style values as one JSON array text,
 * `g` the geometries as TWKB one after another, in the same order, in base64 (renderJob.ts
 * `RenderRows`). One row crosses the database boundary instead of thousands, and binary geometry
 * is cheaper to write than GeoJSON and smaller (issue 29 aim 1). Text, not bytea: PGlite reads
 * a bytea result slowly in JavaScript, on the thread that serves (z8 bench tile: 28.6 ms bytea,
 * 17.1 ms hex, 21.7 ms GeoJSON; PostgreSQL 22 ms GeoJSON, 10 ms TWKB). Base64, not hex: a third
 * fewer characters to read, hold and pass to the render worker on that thread.
 */
export function renderRowsColumns(digits: number): string {
  return (
    `coalesce('[' || string_agg(q.v, ',') || ']', '[]') AS values, ` +
    `encode(coalesce(string_agg(ST_AsTWKB(q.g, ${Math.trunc(digits)}), ''::bytea), ''::bytea), 'base64') AS geometries`
  );
}

/** Geometries (and the style attribute) for drawing, parsed where they are drawn (a render worker). */
export async function queryForRender(db: Database, sel: LayerSelection, o: RenderQueryOptions): Promise<RenderRows> {
  const p = new Params(sel.params.values);
  const attr = o.field !== undefined ? sel.ft.attributes.find((a) => a.name === o.field) : undefined;
  const value = attr ? jsonValue(attr, 'f') : `'null'`;
  let geom = 'f.geom';
  if (o.tolerance > 0 && sel.ft.geometryKind !== 'point') {
    // Douglas-Peucker at about a pixel; collapsed features are kept (a short line stays a dot).
    geom = `ST_Simplify(f.geom, ${num(o.tolerance)}, true)`;
  }
  const inner = `SELECT ${value} AS v, ${geom} AS g FROM ${sel.from}${whereSql(sel)} LIMIT ${p.add(o.limit)}`;
  const sql = `SELECT ${renderRowsColumns(o.digits)} FROM (${inner}) AS q WHERE q.g IS NOT NULL`;
  const { rows } = await db.query<RenderRows>(sql, p.values);
  return rows[0] ?? { values: '[]', geometries: '' };
}

/** Land polygons (the raster stand-in) for a lon/lat envelope, as a JSON array of GeoJSON geometries. */
export async function queryLand(db: Database, env: Envelope, tolerance: number, digits: number): Promise<string> {
  const p = new Params();
  const box = `ST_MakeEnvelope(${p.add(env.minx)}, ${p.add(env.miny)}, ${p.add(env.maxx)}, ${p.add(env.maxy)}, 4326)`;
  const geom = tolerance > 0 ? `ST_Simplify(geom, ${num(tolerance)}, true)` : 'geom';
  const sql = `SELECT coalesce('[' || string_agg(ST_AsGeoJSON(${geom}, ${Math.trunc(digits)}), ',') || ']', '[]') AS j FROM land WHERE geom && ${box}`;
  const { rows } = await db.query<{ j: string }>(sql, p.values);
  return rows[0]?.j ?? '[]';
}

/** Features near a point (GetFeatureInfo): inside `env`, nearest to (x, y) first. */
export async function queryNear(
  db: Database,
  sel: LayerSelection,
  env: Envelope,
  point: { x: number; y: number },
  limit: number,
  json: FeatureJsonOptions,
): Promise<string[]> {
  const p = new Params(sel.params.values);
  const box = `ST_MakeEnvelope(${p.add(env.minx)}, ${p.add(env.miny)}, ${p.add(env.maxx)}, ${p.add(env.maxy)}, 4326)`;
  const pt = `ST_SetSRID(ST_MakePoint(${p.add(point.x)}, ${p.add(point.y)}), 4326)`;
  const where = [...sel.where, `f.geom && ${box}`, `ST_Intersects(f.geom, ${box})`];
  const sql =
    `SELECT ${featureJsonSql(sel.ft, 'f', json)} AS feature FROM ${sel.from} WHERE ${where.join(' AND ')} ` +
    `ORDER BY ST_Distance(f.geom, ${pt}), f.${ident(sel.ft.idColumn)} LIMIT ${p.add(limit)}`;
  const { rows } = await db.query<{ feature: string }>(sql, p.values);
  return rows.map((r) => r.feature);
}

/** Extent [minx, miny, maxx, maxy] of every table behind the published layers (one query). */
export async function queryTableExtents(db: Database, tables: readonly string[]): Promise<Map<string, [number, number, number, number]>> {
  const out = new Map<string, [number, number, number, number]>();
  if (tables.length === 0) return out;
  const parts = tables.map(
    (t) =>
      `SELECT ${nameLiteral(t)} AS t, ST_XMin(e) AS minx, ST_YMin(e) AS miny, ST_XMax(e) AS maxx, ST_YMax(e) AS maxy FROM (SELECT ST_Extent(geom) AS e FROM ${ident(t)}) AS x`,
  );
  const { rows } = await db.query<{ t: string; minx: number | null; miny: number | null; maxx: number | null; maxy: number | null }>(parts.join(' UNION ALL '));
  for (const r of rows) {
    if (r.minx !== null && r.miny !== null && r.maxx !== null && r.maxy !== null) out.set(r.t, [r.minx, r.miny, r.maxx, r.maxy]);
  }
  return out;
}
