// The sample data's coded texts (coastal status, land-use classes) come from the glossary of
// config/ (issue 16: one Thai term per concept), so a drawer, a table or a download says what the
// legend says. Read from the repository's own config: the sample dataset is part of the product.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const GLOSSARY = fileURLToPath(new URL('../../../../config/glossary.yaml', import.meta.url));

interface GlossaryFile {
  codes: Record<string, { items: Record<string, { th: string }> }>;
}

let cached: GlossaryFile | null = null;

/** Code -> Thai term of one code set of the glossary, in the glossary's order. */
export function glossaryTerms(set: string): ReadonlyMap<string, string> {
  cached ??= parse(readFileSync(GLOSSARY, 'utf8')) as GlossaryFile;
  const items = cached.codes[set]?.items;
  if (!items) throw new Error(`config/glossary.yaml has no code set '${set}' (the sample data names its codes from it)`);
  return new Map(Object.entries(items).map(([code, term]) => [code, term.th]));
}
