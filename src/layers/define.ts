// Builds a layer type's full schema branch (common properties + its own, `type` fixed to its
// name) so that the TypeScript template type is inferred from the very object the generated
// schemas/layer.schema.json holds.
import type { FromSchema } from 'json-schema-to-ts';
import { commonProperties, optionalProperties, type OptionalProperty } from './schemaParts.ts';

/** `uses`: the shared optional properties (schemaParts optionalProperties) the type's module reads. */
export function layerSchema<const T extends string, const P extends object, const R extends readonly string[], const U extends OptionalProperty>(
  type: T, description: string, properties: P, required: R, uses: readonly U[],
) {
  const optional = Object.fromEntries(uses.map((key) => [key, optionalProperties[key]])) as Pick<typeof optionalProperties, U>;
  return {
    title: `${type}: ${description}`,
    type: 'object',
    required: ['id', 'type', 'name', ...required],
    additionalProperties: false,
    properties: { ...commonProperties, ...optional, type: { const: type }, ...properties },
  } as const satisfies object;
}

/** The template type a layer schema describes, as validated: the loader's ajv (useDefaults) has
 *  filled every property with a schema default, so the code never repeats a default. */
export type TemplateOf<S> = FromSchema<S & { type: 'object' }>;
