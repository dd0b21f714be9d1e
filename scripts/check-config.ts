// `npm run check:config [dir]`: prints every config error (exit 1) or a one-line summary (exit 0).
import path from 'node:path';
import { loadConfigDir, formatConfigError } from '../src/engine/node/loadConfig.ts';

const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? process.env.CONFIG_DIR ?? 'config');

const result = await loadConfigDir(dir);
if (!result.ok) {
  for (const e of result.errors) console.error(formatConfigError(e));
  console.error(`${result.errors.length} config error${result.errors.length === 1 ? '' : 's'}`);
  process.exit(1);
}
if (!quiet) console.log(result.summary);
