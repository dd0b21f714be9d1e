// The `default`s of a JSON Schema applied to a value the code builds itself, as the loader's ajv
// (useDefaults) applies them to config: a default is written once, in its schema (issue 28).
// Covers what the chart and section schemas use: object properties, nested objects and arrays
// of objects; a property already set is kept.

type SchemaNode = { readonly default?: unknown; readonly properties?: Readonly<Record<string, SchemaNode>>; readonly items?: SchemaNode; readonly [keyword: string]: unknown };

function fill(schema: SchemaNode, value: unknown): unknown {
  if (Array.isArray(value)) return schema.items ? value.map((item) => fill(schema.items!, item)) : value;
  if (!schema.properties || value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [key, sub] of Object.entries(schema.properties)) {
    if (out[key] === undefined && sub.default !== undefined) out[key] = structuredClone(sub.default);
    if (out[key] !== undefined) out[key] = fill(sub, out[key]);
  }
  return out;
}

/** `value` with every missing property that has a schema default set to it. */
export function withDefaults<T>(schema: SchemaNode, value: unknown): T {
  return fill(schema, value) as T;
}
