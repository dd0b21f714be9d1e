// Writes the generated files (scripts/lib/generatedFiles.ts): schemas/layer.schema.json,
// schemas/section.schema.json and docs/config-reference.md, the reference of layer types and section kinds.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generatedFiles, REPO_ROOT } from './lib/generatedFiles.ts';

for (const [file, text] of Object.entries(generatedFiles())) {
  const target = path.join(REPO_ROOT, file);
  const before = readFileSync(target, 'utf8');
  if (before === text) continue;
  writeFileSync(target, text, 'utf8');
  console.log(`wrote ${file}`);
}
