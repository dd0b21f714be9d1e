// Builds a section kind's schema branch so that its TypeScript type is inferred from the very
// object the generated schemas/section.schema.json holds.
import type { FromSchema } from 'json-schema-to-ts';
import type { RouterQuery } from '../engine/types.ts';
import type { routerQuery } from './schemaParts.ts';

export function sectionSchema<const K extends string, const P extends object, const R extends readonly string[]>(kind: K, description: string, properties: P, required: R) {
  return {
    title: `${kind}: ${description}`,
    type: 'object',
    required: ['kind', ...required],
    additionalProperties: false,
    properties: { kind: { const: kind }, ...properties },
  } as const satisfies object;
}

/** The section type a schema describes. A router query (a fixed `page` + any string parameter)
 *  is read as RouterQuery: FromSchema types the extra parameters of an object with properties as
 *  unknown. */
export type SectionOf<S> = FromSchema<S & { type: 'object' }, { deserialize: [{ pattern: typeof routerQuery; output: RouterQuery }] }>;
