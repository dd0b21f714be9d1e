// Writes the generated files (scripts/lib/generatedFiles.ts): schemas/layer.schema.json,
// schemas/section.schema.json, docs/config-reference.md (the reference of layer types and section
// kinds) and src/engine/generated/*.ts (the types of the hand-written schemas).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, schemaTypeFiles } from './lib/schemaTypes.ts';

function write(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    const target = path.join(REPO_ROOT, file);
    const before = existsSync(target) ? readFileSync(target, 'utf8') : undefined;
    if (before === text) continue;
    writeFileSync(target, text, 'utf8');
    console.log(`wrote ${file}`);
  }
}

// The schemas' own types first: the layer and section modules read the common parts from them.
write(schemaTypeFiles());
const { generatedFiles } = await import('./lib/generatedFiles.ts');
write(generatedFiles());
