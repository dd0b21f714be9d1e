// The layer catalog the server publishes: config/layers.yaml of the config directory (CONFIG_DIR,
// else the repository's config/), read on first use unless `npm start` hands over the one it
// loaded and checked with the rest of the config.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogDimension, type CatalogDoc, type Published } from '../../engine/catalog.ts';
import { formatConfigError } from '../../engine/errors.ts';
import { readCatalog } from '../../loader/loadCatalog.ts';

interface Catalog {
  doc: CatalogDoc;
  layers: readonly Published[];
}

let current: Catalog | undefined;

function readDefault(): Catalog {
  const configDir = process.env.CONFIG_DIR ?? fileURLToPath(new URL('../../../config', import.meta.url));
  const file = path.join(configDir, 'layers.yaml');
  const result = readCatalog(file, file);
  if (!result.ok) throw new Error(`layer catalog:\n${result.errors.map(formatConfigError).join('\n')}`);
  return { doc: result.loaded.data, layers: result.layers };
}

/** Publish this catalog from now on (the start passes the one its config check loaded). */
export function useCatalog(doc: CatalogDoc, layers: readonly Published[]): void {
  current = { doc, layers };
}

/** The published layers, in catalog order. */
export function publishedLayers(): readonly Published[] {
  current ??= readDefault();
  return current.layers;
}

/** A dimension's values as numbers (years, groups): the sample generator makes data for exactly these. */
export function dimensionNumbers(id: string): number[] {
  current ??= readDefault();
  return catalogDimension(current.doc, id).map(Number);
}
