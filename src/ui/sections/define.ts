// Builds a section kind's schema branch so that its TypeScript type is inferred from the very
// object the generated schemas/section.schema.json holds.
import type { FromSchema } from 'json-schema-to-ts';

export function sectionSchema<const K extends string, const P extends object, const R extends readonly string[]>(kind: K, description: string, properties: P, required: R) {
  return {
    title: `${kind}: ${description}`,
    type: 'object',
    required: ['kind', ...required],
    additionalProperties: false,
    properties: { kind: { const: kind }, ...properties },
  } as const satisfies object;
}

export type SectionOf<S> = FromSchema<S & { type: 'object' }, { keepDefaultedPropertiesOptional: true }>;
