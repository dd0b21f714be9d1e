// The layer catalog entry (config/layers.yaml, schemas/layers.schema.json) that publishes a table
// as it is: every column as an attribute of the catalog's type, its key as the feature id, its
// kind of geometry. Printed by `npm run import` so the admin pastes it rather than guessing.

import type { GeometryKind } from './geometryKind.ts';
import { INTEGER_TYPES, type TableColumn } from './tableInfo.ts';

type AttributeType = 'string' | 'int' | 'double' | 'date' | 'datetime';

/** The catalog type of a column type; null for one the catalog has no type for (boolean, jsonb...). */
function attributeType(type: string): AttributeType | null {
  if (INTEGER_TYPES.includes(type)) return 'int';
  if (['real', 'double precision', 'numeric'].includes(type)) return 'double';
  if (['text', 'character varying', 'character'].includes(type)) return 'string';
  if (type === 'date') return 'date';
  if (type.startsWith('timestamp')) return 'datetime';
  return null;
}

interface CatalogEntry {
  /** YAML lines of one `layers:` item, indented to paste under `layers:`. */
  lines: string[];
  /** What the admin still has to decide. */
  notes: string[];
}

/**
 * One entry for `table`, named after it (the title too: the admin writes the Thai one). Columns
 * the catalog has no type for are published as text through an expression.
 */
export function catalogEntry(table: string, columns: readonly TableColumn[], id: string | null, kind: GeometryKind): CatalogEntry {
  const notes: string[] = [];
  const attributes = columns
    .filter((column) => column.type !== 'geometry')
    .map((column) => {
      const type = attributeType(column.type);
      if (type) return `${column.name}:${type}`;
      notes.push(`${column.name} (${column.full}) is published as text`);
      return `{ name: ${column.name}, type: string, expr: "${column.name}::text" }`;
    });
  if (!id) notes.push(`the table has no key: set "id" to a column unique per feature`);
  const lines = [
    `  - name: ${table}`,
    `    title: ${table}`,
    `    table: ${table}`,
    `    geometry: ${kind}`,
    `    id: ${id ?? 'gid'}`,
    `    attributes: [${attributes.join(', ')}]`,
  ];
  return { lines, notes };
}
