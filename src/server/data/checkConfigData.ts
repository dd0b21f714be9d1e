// check:config's data half: the layer catalog of a config directory against the database
// `npm start` would serve. The database's state is one line of the summary; when it cannot be
// reached, that is said and the config is still checked by itself.
import path from 'node:path';
import type { ConfigError } from '../../engine/errors.ts';
import { openDatabaseForCheck } from '../db/openForCheck.ts';
import { catalogDataErrors } from './catalogDataErrors.ts';

export async function checkConfigData(configDir: string, env: NodeJS.ProcessEnv = process.env): Promise<{ errors: ConfigError[]; summary: string }> {
  const opened = await openDatabaseForCheck(env);
  if (!opened.ok) return { errors: [], summary: `database: NOT CHECKED: ${opened.reason}; tables, columns and published values were not checked` };
  try {
    const file = path.join(configDir, 'layers.yaml');
    const rel = path.relative(process.cwd(), file);
    const errors = await catalogDataErrors(opened.db, file, rel.startsWith('..') ? file : rel);
    return { errors, summary: `database: ${opened.description}: the layer catalog's tables, columns and values checked` };
  } finally {
    await opened.close();
  }
}
