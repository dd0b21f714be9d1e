// Builds a layer type's full schema branch (common properties + its own, `type` fixed to its
// name) so that the TypeScript template type is inferred from the very object the generated
// schemas/layer.schema.json holds.
import type { FromSchema } from 'json-schema-to-ts';
import { commonProperties } from './schemaParts.ts';

export function layerSchema<const T extends string, const P extends object, const R extends readonly string[]>(type: T, description: string, properties: P, required: R) {
  return {
    title: `${type}: ${description}`,
    type: 'object',
    required: ['id', 'type', 'name', ...required],
    additionalProperties: false,
    properties: { ...commonProperties, type: { const: type }, ...properties },
  } as const satisfies object;
}

/** The template type a layer schema describes, as validated: the loader's ajv (useDefaults) has
 *  filled every property with a schema default, so the code never repeats a default. */
export type TemplateOf<S> = FromSchema<S & { type: 'object' }>;
