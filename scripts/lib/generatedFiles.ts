// The files `npm run build:schemas` writes, made from the module registries: the layer and section
// schemas (pretty JSON, 2 spaces, trailing newline) and the admin reference docs/config-reference.md;
// and from the hand-written schemas, their TypeScript types (schemaTypes.ts).
// tests/unit/architecture/schemas.test.ts compares them with the committed files.
import { readFileSync } from 'node:fs';
import { layerSchemaDocument } from '../../src/layers/schema.ts';
import { sectionSchemaDocument } from '../../src/sections/schema.ts';
import { withReference } from './configReference.ts';
import { REPO_ROOT, schemaTypeFiles } from './schemaTypes.ts';

export { REPO_ROOT };

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Path relative to the repository -> the text it must hold. */
export function generatedFiles(): Record<string, string> {
  return {
    'schemas/layer.schema.json': json(layerSchemaDocument()),
    'schemas/section.schema.json': json(sectionSchemaDocument()),
    'docs/config-reference.md': withReference(readFileSync(new URL('docs/config-reference.md', `file://${REPO_ROOT}`), 'utf8')),
    ...schemaTypeFiles(REPO_ROOT),
  };
}
