// The layer catalog's data check (catalogData.ts) as config errors: each problem at the
// file:line:column of config/layers.yaml that names the table, column or value.
import type { CatalogDoc, Published } from '../../engine/catalog.ts';
import type { ConfigError } from '../../engine/errors.ts';
import { readCatalog } from '../../loader/loadCatalog.ts';
import type { Queryable } from '../db/types.ts';
import { checkCatalogShape, type DataProblem } from './catalogData.ts';

/** The layer catalog as the config loader validated it. */
export type ValidatedCatalog = { doc: CatalogDoc; layers: readonly Published[] };

/** Every problem; nothing when the catalog itself is invalid: the config check reports that. */
export async function catalogDataErrors(db: Queryable, catalogFile: string, shownFile: string, validated?: ValidatedCatalog): Promise<ConfigError[]> {
  const check = await catalogDataCheck(db, catalogFile, shownFile, validated);
  return [...check.found, ...(await check.emptyLayers())];
}

/**
 * The check in two parts (checkCatalogShape): what would make a layer fail, then the layers that
 * select no rows. `validated` is the catalog already read from `catalogFile` (npm start has it):
 * the file is then parsed again only to place the problems found, not on every start (a fifth of
 * a warm start's check).
 */
export async function catalogDataCheck(
  db: Queryable,
  catalogFile: string,
  shownFile: string,
  validated?: ValidatedCatalog,
): Promise<{ found: ConfigError[]; emptyLayers: () => Promise<ConfigError[]> }> {
  const fromFile = () => {
    const read = readCatalog(catalogFile, shownFile);
    return read.ok ? read : undefined;
  };
  let read = validated ? undefined : fromFile();
  const catalog = validated ?? (read && { doc: read.loaded.data, layers: read.layers });
  if (!catalog) return { found: [], emptyLayers: async () => [] };
  const place = (problems: DataProblem[]): ConfigError[] => {
    if (problems.length === 0) return [];
    read ??= fromFile();
    if (!read) return [];
    const placed = read.loaded.doc;
    return problems.map((p) => ({ ...placed.errorAt(p.path, p.message), ...(p.severity === 'warning' ? { severity: 'warning' as const } : {}) }));
  };
  const check = await checkCatalogShape(db, catalog.doc, catalog.layers);
  return { found: place(check.problems), emptyLayers: async () => place(await check.emptyLayers()) };
}
