// Published layers as the router uses them (wfsisland, wfs getbound, download): the layer name
// checked against the registry (src/server/data/featureTypes.ts), its typed viewparams, an
// optional CQL filter parsed by our own parser against the layer's attribute allow-list, and the
// SQL around the layer's source. Request values are only ever bound parameters.
import type { Feature, Geometry } from 'geojson';
import { resolveFeatureType, type VectorFeatureType, type ViewParamValues } from '../data/featureTypes.ts';
import type { Queryable } from '../db/types.ts';
import { cqlToSql, parseViewparams, type ColumnType } from '../ogc/filter/index.ts';
import { rowBBox, type BBox } from './context.ts';
import { bad, checkName, RouterError } from './params.ts';

const TYPE_NAME = /^(?:([A-Za-z][A-Za-z0-9_]{0,63}):)?([A-Za-z][A-Za-z0-9_]{0,127})$/;

/** A vector layer by its published name, bare or with this product's workspace prefix ('tcs:erosion_area'). */
export function resolveLayer(raw: string, product: string, param: string): VectorFeatureType {
  const match = TYPE_NAME.exec(raw);
  if (!match) throw bad(`${param} is not a layer name`);
  const [, workspace, name] = match;
  if (workspace !== undefined && workspace !== product) throw bad(`${param}: unknown workspace (use ${product}:<layer>)`);
  const ft = resolveFeatureType(name!);
  if (!ft || ft.kind !== 'vector') throw bad(`${param}: unknown layer ${name}`);
  return ft;
}

/** The layer's viewparams, typed per key; Thai names checked like the router's own name parameters. */
export function layerViewparams(ft: VectorFeatureType, raw: string | undefined): ViewParamValues {
  if (!ft.viewParams) {
    if (raw !== undefined) throw bad(`layer ${ft.name} takes no viewparams`);
    return {};
  }
  const values = parseViewparams(raw, ft.viewParams) as Record<string, string | number | undefined>;
  for (const [key, spec] of Object.entries(ft.viewParams)) {
    const value = values[key];
    if (spec.type === 'text' && typeof value === 'string') checkName(value, `viewparams ${key}`);
  }
  return values;
}

/** Escapes a value for GeoServer viewparams text (\ ; : ,). */
export function escapeViewparam(value: string): string {
  return value.replace(/[\\;:,]/g, (c) => `\\${c}`);
}

const COLUMN_TYPES: Record<string, ColumnType> = { string: 'string', int: 'int', double: 'double', date: 'date', datetime: 'date' };

/** The layer's rows as `(<source>) AS f`, optionally filtered by CQL; params numbered from $1. */
function layerRows(ft: VectorFeatureType, values: ViewParamValues, cql?: string): { from: string; where: string; params: unknown[] } {
  const source = ft.source(values);
  let where = '';
  const params = [...source.params];
  if (cql !== undefined) {
    const columns = Object.fromEntries(ft.attributes.map((a) => [a.name, COLUMN_TYPES[a.type] ?? 'string']));
    const fragment = cqlToSql(cql, { columns, geometryColumn: ft.geometryColumn, paramOffset: params.length, typeName: ft.name, idColumn: ft.idColumn });
    where = ` WHERE ${fragment.sql}`;
    params.push(...fragment.params);
  }
  return { from: `(${source.sql}) AS f`, where, params };
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * GeoJSON features of a layer, ordered by its id column. Fails with a 413 RouterError when more
 * than `limit` rows match (callers choose a limit that real requests never reach).
 */
export async function queryFeatures(
  db: Queryable,
  ft: VectorFeatureType,
  values: ViewParamValues,
  options: { cql?: string; limit: number },
): Promise<Feature<Geometry | null>[]> {
  const { from, where, params } = layerRows(ft, values, options.cql);
  const columns = ft.attributes.map((a) => `f.${quote(a.name)}`).join(', ');
  const sql = `SELECT ${columns}, ST_AsGeoJSON(f.geom, 9) AS "__geometry" FROM ${from}${where} ORDER BY f.${quote(ft.idColumn)} LIMIT ${options.limit + 1}`;
  const { rows } = await db.query<Record<string, unknown>>(sql, params);
  if (rows.length > options.limit) throw new RouterError(413, `more than ${options.limit} features match; narrow the request`);
  return rows.map((row) => {
    const properties: Record<string, unknown> = {};
    for (const a of ft.attributes) properties[a.name] = row[a.name] ?? null;
    const geometry = typeof row.__geometry === 'string' ? (JSON.parse(row.__geometry) as Geometry) : null;
    const id = row[ft.idColumn];
    return { type: 'Feature', id: `${ft.name}.${String(id)}`, geometry, properties };
  });
}

/** How many rows match and the box around them (null when none). */
export async function queryBounds(
  db: Queryable,
  ft: VectorFeatureType,
  values: ViewParamValues,
  cql?: string,
): Promise<{ count: number; bbox: BBox | null; geometry: Geometry | null }> {
  const { from, where, params } = layerRows(ft, values, cql);
  const sql =
    `WITH x AS (SELECT count(*)::int AS n, ST_SetSRID(ST_Extent(f.geom)::geometry, 4326) AS e FROM ${from}${where}) ` +
    'SELECT n, ST_XMin(e) AS xmin, ST_YMin(e) AS ymin, ST_XMax(e) AS xmax, ST_YMax(e) AS ymax, ST_AsGeoJSON(e, 9) AS geometry FROM x';
  const { rows } = await db.query<{ n: number; geometry: string | null; xmin: number | null }>(sql, params);
  const row = rows[0];
  if (!row || row.n === 0) return { count: 0, bbox: null, geometry: null };
  return { count: row.n, bbox: rowBBox(row), geometry: row.geometry ? (JSON.parse(row.geometry) as Geometry) : null };
}

/** A GeoJSON FeatureCollection as the provider's WFS answers it (SPEC.md §3 feature-service response). */
export function featureCollection(features: Feature<Geometry | null>[]): Record<string, unknown> {
  return {
    type: 'FeatureCollection',
    features,
    totalFeatures: features.length,
    numberMatched: features.length,
    numberReturned: features.length,
    crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } },
  };
}
