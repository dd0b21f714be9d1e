// npm start's check of the layer catalog against the database it serves (tables, columns,
// values): an error stops the start, as a config error does, before a visitor meets it; a warning
// is printed (those about layers that select no rows once the server serves). start.ts loads this
// with the rest of the server while the database opens, so that nothing is left to load once the
// database is ready.
import path from 'node:path';
import { formatConfigError, type ConfigError } from '../engine/errors.ts';
import { catalogDataCheck, type ValidatedCatalog } from './data/catalogDataErrors.ts';
import { claimDataDir } from './db/dataDirLock.ts';
import { pgliteDataDir } from './db/open.ts';
import type { ManagedDatabase } from './db/types.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Prints the problems found; `refusal` says why the start must stop when any is an error. The
 *  layers that select no rows (warnings) are left to `afterServing`, which the start calls once it
 *  serves. On PGlite the data directory is marked as this server's, so check:config reads a copy of
 *  it meanwhile. */
export async function checkStartData(
  db: ManagedDatabase,
  configDir: string,
  validated: ValidatedCatalog,
): Promise<{ refusal?: string; afterServing: () => Promise<void> }> {
  const dataDir = db.kind === 'pglite' ? pgliteDataDir() : null;
  if (dataDir) claimDataDir(dataDir);
  const file = path.join(configDir, 'layers.yaml');
  const relative = path.relative(process.cwd(), file);
  const shown = relative.startsWith('..') ? file : relative;
  const started = performance.now();
  const check = await catalogDataCheck(db, file, shown, validated);
  const report = (found: ConfigError[]) => {
    for (const e of found) console.warn(formatConfigError(e));
    return found.filter((e) => e.severity !== 'warning').length;
  };
  const errors = report(check.found);
  const warnings = check.found.length - errors;
  console.log(`layer catalog checked against the database in ${seconds(performance.now() - started)}${warnings ? `: ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`);
  if (errors) return { refusal: `${errors} error${errors === 1 ? '' : 's'} between the layer catalog and the database ${db.description}: fix ${shown} or the data (npm run check:config shows them)`, afterServing: async () => {} };
  return {
    afterServing: async () => {
      const empty = await check.emptyLayers().catch((error: unknown) => {
        console.warn(`layer catalog: the published layers' rows were not checked: ${String(error)}`);
        return [];
      });
      report(empty);
      if (empty.length) console.log(`layer catalog: ${empty.length} published layer${empty.length === 1 ? '' : 's'} select${empty.length === 1 ? 's' : ''} no rows (served empty)`);
    },
  };
}
