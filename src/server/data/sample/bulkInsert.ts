// Fast bulk insert: rows travel as one JSON array parameter per batch and are unpacked by
// json_array_elements in row order, so serial gids follow the order of `rows`.

import type { Geometry } from 'geojson';
import type { Queryable } from '../../db/types.ts';

type ColumnType = 'text' | 'int' | 'float' | 'bool' | 'timestamptz' | 'geom' | 'multi';

interface Column {
  name: string;
  type: ColumnType;
}

const BATCH_CHARS = 4_000_000;

function expression(column: Column, index: number): string {
  const value = `(r->>${index})`;
  switch (column.type) {
    case 'text':
      return value;
    case 'int':
      return `${value}::integer`;
    case 'float':
      return `${value}::double precision`;
    case 'bool':
      return `${value}::boolean`;
    case 'timestamptz':
      return `${value}::timestamptz`;
    case 'geom':
      return `ST_SetSRID(ST_GeomFromGeoJSON(${value}), 4326)`;
    case 'multi':
      return `ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${value}), 4326))`;
  }
}

/** Table and column names come from our own code, never from input. */
function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad identifier ${name}`);
  return name;
}

export async function bulkInsert(tx: Queryable, table: string, columns: readonly Column[], rows: readonly unknown[][]): Promise<void> {
  const sql =
    `INSERT INTO ${ident(table)} (${columns.map((c) => ident(c.name)).join(', ')}) ` +
    `SELECT ${columns.map(expression).join(', ')} FROM json_array_elements($1::json) WITH ORDINALITY AS x(r, n) ORDER BY n`;
  let batch: string[] = [];
  let size = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.query(sql, [`[${batch.join(',')}]`]);
    batch = [];
    size = 0;
  };
  for (const row of rows) {
    const json = JSON.stringify(row.map((v, i) => (columns[i]!.type === 'geom' || columns[i]!.type === 'multi') && v !== null ? JSON.stringify(v) : v));
    batch.push(json);
    size += json.length;
    if (size > BATCH_CHARS) await flush();
  }
  await flush();
}

export function lineString(coordinates: readonly [number, number][]): Geometry {
  return { type: 'LineString', coordinates: coordinates.map((p) => [p[0], p[1]]) };
}

export function polygon(ring: readonly [number, number][]): Geometry {
  return { type: 'Polygon', coordinates: [ring.map((p) => [p[0], p[1]])] };
}

export function point(p: readonly [number, number]): Geometry {
  return { type: 'Point', coordinates: [p[0], p[1]] };
}
