// The layer catalog's data check (catalogData.ts) as config errors: each problem at the
// file:line:column of config/layers.yaml that names the table, column or value.
import type { ConfigError } from '../../engine/errors.ts';
import { readCatalog } from '../../loader/loadCatalog.ts';
import type { Queryable } from '../db/types.ts';
import { checkCatalogData } from './catalogData.ts';

/** Nothing when the catalog itself is invalid: the config check reports that. */
export async function catalogDataErrors(db: Queryable, catalogFile: string, shownFile: string): Promise<ConfigError[]> {
  const catalog = readCatalog(catalogFile, shownFile);
  if (!catalog.ok) return [];
  const problems = await checkCatalogData(db, catalog.loaded.data, catalog.layers);
  return problems.map((p) => ({ ...catalog.loaded.doc.errorAt(p.path, p.message), ...(p.severity === 'warning' ? { severity: 'warning' as const } : {}) }));
}
