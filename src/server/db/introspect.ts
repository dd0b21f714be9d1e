// What the database holds, as the layer catalog check needs it: the tables of the search path,
// their columns and types, their geometry column's type and SRID, and their single-column unique
// indexes. One catalog query, the same on PGlite and PostgreSQL, that calls no PostGIS function:
// on PGlite the first such call loads PostGIS's library into postgres (0.25-0.45 s that npm
// start's catalog check paid before serving, issue 29) for two numbers PostgreSQL already holds in
// the column's typmod.
import type { Queryable } from './types.ts';

export interface TableShape {
  /** Column name -> type name as PostgreSQL spells it (int4, text, float8, date, geometry ...). */
  columns: Map<string, string>;
  /** Geometry columns: name -> { type: 'MULTILINESTRING' | 'GEOMETRY' | ..., srid }. */
  geometry: Map<string, { type: string; srid: number }>;
  /** Columns with a unique index (or primary key) of their own. */
  unique: Set<string>;
}

/** liblwgeom's geometry type names by type number (lwtype_name). */
const GEOMETRY_TYPE_NAMES = ['Geometry', 'Point', 'LineString', 'Polygon', 'MultiPoint', 'MultiLineString', 'MultiPolygon', 'GeometryCollection', 'CircularString', 'CompoundCurve', 'CurvePolygon', 'MultiCurve', 'MultiSurface', 'PolyhedralSurface', 'Triangle', 'Tin'];

/**
 * What postgis_typmod_type() and postgis_typmod_srid() answer for a geometry column's typmod
 * (liblwgeom's TYPMOD_GET_*: bits 0-1 M and Z, 2-7 the type, 8-28 the SRID; -1 when unconstrained).
 */
export function geometryTypmod(typmod: number): { type: string; srid: number } {
  if (typmod < 0) return { type: 'Geometry', srid: 0 };
  const type = (typmod & 0xfc) >> 2;
  const name = GEOMETRY_TYPE_NAMES[type] ?? 'Invalid type';
  return { type: `${name}${typmod & 2 ? 'Z' : ''}${typmod & 1 ? 'M' : ''}`, srid: ((typmod & 0x0fffff00) - (typmod & 0x10000000)) >> 8 };
}

export async function describeTables(db: Queryable): Promise<Map<string, TableShape>> {
  // pg_catalog, not information_schema or the geometry_columns view: on a freshly opened PGlite
  // those took 0.5 s, a fifth of a warm start; the geometry type and SRID are in the typmod. One
  // query with the unique indexes in it: a second one, over pg_index, cost a warm start 60-80 ms.
  const columns = await db.query<{ table_name: string; column_name: string; udt_name: string; typmod: number; is_unique: boolean }>(
    `SELECT c.relname AS table_name, a.attname AS column_name, t.typname AS udt_name, a.atttypmod AS typmod,
            EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.oid AND i.indisunique AND i.indnatts = 1 AND i.indkey[0] = a.attnum) AS is_unique
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       JOIN pg_type t ON t.oid = a.atttypid
      WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND n.nspname = ANY (current_schemas(false))
      ORDER BY c.relname, a.attnum`,
  );
  const tables = new Map<string, TableShape>();
  const shape = (name: string) => {
    let t = tables.get(name);
    if (!t) tables.set(name, (t = { columns: new Map(), geometry: new Map(), unique: new Set() }));
    return t;
  };
  for (const c of columns.rows) {
    const table = shape(c.table_name);
    table.columns.set(c.column_name, c.udt_name);
    if (c.is_unique) table.unique.add(c.column_name);
    if (c.udt_name === 'geometry') {
      const { type, srid } = geometryTypmod(Number(c.typmod));
      table.geometry.set(c.column_name, { type: type.toUpperCase(), srid });
    }
  }
  return tables;
}
