// The JSON Schema of a topic section, made from the section registry: a `kind` no module
// implements is refused with the list of known ones (ajv discriminator), and each kind's
// properties are exactly what its module reads. scripts/build-schemas.ts writes it to
// schemas/section.schema.json; tests/unit/architecture/schemas.test.ts fails on drift.
import type { JsonSchema } from '../engine/types.ts';
import { lonLat } from '../layers/schemaParts.ts';
import { sectionDefinitions } from './definitions.ts';

export function sectionSchemaDocument(): JsonSchema {
  const defs = Object.values(sectionDefinitions);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://tcs.example/schemas/section.schema.json',
    title: "A block of a topic's sidebar, below its pickers",
    description: 'GENERATED from src/sections/*/definition.ts by `npm run build:schemas`; do not edit.',
    type: 'object',
    required: ['kind'],
    discriminator: { propertyName: 'kind' },
    oneOf: defs.map((d) => ({ ...d.schema, examples: [d.example] })),
    // app.schema.json's map centre refers to it.
    $defs: { lonLat },
  };
}
