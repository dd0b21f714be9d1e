// The JSON Schema of a layer template, made from the layer registry: a `type` no module
// implements is refused with the list of known ones (ajv discriminator), and each type's
// properties are exactly what its module reads. scripts/build-schemas.ts writes it to
// schemas/layer.schema.json; tests/unit/architecture/schemas.test.ts fails on drift.
import type { JsonSchema } from '../engine/types.ts';
import { layerDefinitions } from './definitions.ts';

export function layerSchemaDocument(): JsonSchema {
  const defs = Object.values(layerDefinitions);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: 'https://tcs.example/schemas/layer.schema.json',
    title: 'A layer template of a topic variant (SPEC.md §3 Map layer)',
    description:
      'GENERATED from src/layers/*/definition.ts by `npm run build:schemas`; do not edit. Instantiated with the variant\'s picker values (and {year} inside year lists). CQL and viewparams are built from typed picker references, never by pasting user text.',
    type: 'object',
    required: ['type'],
    discriminator: { propertyName: 'type' },
    oneOf: defs.map((d) => ({ ...d.schema, examples: [d.example] })),
  };
}
