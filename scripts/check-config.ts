// `npm run check:config [dir]`: validates a config directory, then checks its layer catalog against
// the database `npm start` would serve (DATABASE_URL, else the PGlite data dir): prints every error
// and warning, `file:line:column path: message`, and exits 1 on an error. `--no-database` checks the
// config alone (the client build does); an unreachable database is said, and the rest is checked.
import path from 'node:path';
import { loadConfigDir, formatConfigError } from '../src/loader/loadConfig.ts';
import type { ConfigError } from '../src/engine/errors.ts';
import { sortErrors } from '../src/engine/errors.ts';

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const withDatabase = !args.includes('--no-database');
const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? process.env.CONFIG_DIR ?? 'config');

const result = await loadConfigDir(dir);
const found: ConfigError[] = result.ok ? [] : [...result.errors];
let databaseLine: string | undefined;
if (withDatabase) {
  const { checkConfigData } = await import('../src/server/data/checkConfigData.ts');
  const data = await checkConfigData(dir);
  found.push(...data.errors);
  databaseLine = data.summary;
}
const errors = found.filter((e) => e.severity !== 'warning');
for (const e of sortErrors(found)) (e.severity === 'warning' ? console.warn : console.error)(formatConfigError(e));
if (databaseLine && !quiet) console.log(databaseLine);
const warnings = found.length - errors.length;
if (errors.length > 0) {
  console.error(`${errors.length} config error${errors.length === 1 ? '' : 's'}${warnings ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`);
  process.exit(1);
}
if (!quiet && result.ok) console.log(`${result.summary}${warnings ? `; ${warnings} warning${warnings === 1 ? '' : 's'}` : ''}`);
