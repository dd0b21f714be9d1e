// Reads the layer catalog (config/layers.yaml): parse, schema, expansion. Synchronous, so the
// server can read it on first use where nothing loaded the whole config (scripts, tests).
import { readFileSync } from 'node:fs';
import type { ConfigError } from '../engine/errors.ts';
import { expandCatalog, type CatalogDoc, type Published } from '../engine/catalog.ts';
import { parseText, type Loaded } from './readDocument.ts';
import { validatorFor } from './schemas.ts';
import { schemaErrors } from './schemaErrors.ts';

type CatalogResult = { ok: true; loaded: Loaded<CatalogDoc>; layers: Published[] } | { ok: false; errors: ConfigError[] };

export function readCatalog(absPath: string, shownPath: string): CatalogResult {
  let text: string;
  try {
    text = readFileSync(absPath, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'file not found' : String(err);
    return { ok: false, errors: [{ file: shownPath, line: 1, column: 1, path: '(document)', message: reason }] };
  }
  return parseCatalog(text, shownPath);
}

export function parseCatalog(text: string, shownPath: string): CatalogResult {
  const read = parseText(text, shownPath);
  if (!read.ok) return read;
  const validate = validatorFor('layers');
  if (!validate(read.doc.data)) return { ok: false, errors: schemaErrors(validate.errors ?? [], read.doc) };
  const data = read.doc.data as CatalogDoc;
  const { layers, problems } = expandCatalog(data);
  if (problems.length) return { ok: false, errors: problems.map((p) => read.doc.errorAt(p.path, p.message)) };
  return { ok: true, loaded: { doc: read.doc, data }, layers };
}
