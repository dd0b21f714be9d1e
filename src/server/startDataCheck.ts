// npm start's check of the layer catalog against the database it serves (tables, columns,
// values): an error stops the start, as a config error does, before a visitor meets it; a warning
// is printed. start.ts loads this with the rest of the server while the database opens, so that
// nothing is left to load once the database is ready.
import path from 'node:path';
import { formatConfigError } from '../engine/errors.ts';
import { catalogDataErrors, type ValidatedCatalog } from './data/catalogDataErrors.ts';
import { claimDataDir } from './db/dataDirLock.ts';
import { pgliteDataDir } from './db/open.ts';
import type { ManagedDatabase } from './db/types.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Prints the problems found; returns why the start must stop when any is an error. On PGlite the
 *  data directory is marked as this server's, so check:config reads a copy of it meanwhile. */
export async function checkStartData(db: ManagedDatabase, configDir: string, validated: ValidatedCatalog): Promise<string | undefined> {
  const dataDir = db.kind === 'pglite' ? pgliteDataDir() : null;
  if (dataDir) claimDataDir(dataDir);
  const file = path.join(configDir, 'layers.yaml');
  const relative = path.relative(process.cwd(), file);
  const shown = relative.startsWith('..') ? file : relative;
  const started = performance.now();
  const found = await catalogDataErrors(db, file, shown, validated);
  for (const e of found) console.warn(formatConfigError(e));
  const errors = found.filter((e) => e.severity !== 'warning').length;
  const warnings = found.length - errors;
  console.log(`layer catalog checked against the database in ${seconds(performance.now() - started)}${warnings ? `: ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`);
  return errors ? `${errors} error${errors === 1 ? '' : 's'} between the layer catalog and the database ${db.description}: fix ${shown} or the data (npm run check:config shows them)` : undefined;
}
