// npm start checks the layer catalog against the database it serves (issue 23 item 1): a catalog
// table that is not there stops the start with its file:line:column, as a config error does,
// before a visitor meets an empty layer; on the sample data the start serves. A layer that selects
// no rows is served (empty) and warned of once the server serves (issue 29 aim 5: not before).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/open.ts';
import { beachwatchConfig, beachwatchRows, writeBeachwatchTable } from '../support/beachwatch.ts';
import { scratchTable, SLOW } from './db/testDatabase.ts';
import { sampleDatabaseSuite } from './sampleDatabaseEnv.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const { env: databaseEnv, cleanups } = sampleDatabaseSuite();

/** The start (src/server/start.ts under tsx) until it serves (or prints `until`) or exits: its output and exit code. */
function start(configDir: string, until = (output: string) => /^Serving http/m.test(output)): Promise<{ code: number | null; output: string }> {
  const child = spawn(TSX, ['src/server/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...databaseEnv(), CONFIG_DIR: configDir, PORT: '0', HOST: '127.0.0.1', DATABASE_READ_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (until(output)) {
        child.kill('SIGTERM');
        resolve({ code: null, output });
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('npm start checks the catalog against its database', { timeout: SLOW }, () => {
  it('stops on a published table that is not in the database, naming its line', async () => {
    const { dir, cleanup } = beachwatchConfig();
    cleanups.push(cleanup);
    const { code, output } = await start(dir);
    const file = path.join(dir, 'layers.yaml');
    const line = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes('table: beachwatch')) + 1;
    expect(code).toBe(1);
    expect(output).toContain(`${file}:${line}:12 layers[33].table: table "beachwatch" is not in the database; load it with npm run import -- <file> --as beachwatch`);
    expect(output).toMatch(new RegExp(`1 error between the layer catalog and the database [^\\n]+: fix ${file.replace(/[.*+?^$()|[\]\\]/g, '\\$&')} or the data`));
    expect(output).not.toContain('Serving http');
  });

  it('serves the real config on the sample data', async () => {
    const { code, output } = await start(path.join(ROOT, 'config'));
    expect(output).toContain('Serving http');
    expect(output).not.toMatch(/layers\.yaml:\d+:\d+/);
    expect(code).toBeNull();
  });

  it('serves a layer that selects no rows and warns of it once it serves', async () => {
    const table = scratchTable('beachwatch_start');
    const withDb = async (fn: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) => {
      const db = await openDatabase({ env: databaseEnv() });
      await fn(db).finally(() => db.close());
    };
    await withDb((db) => writeBeachwatchTable(db, table, beachwatchRows().filter((r) => r.year !== 2565)));
    try {
      const { dir, cleanup } = beachwatchConfig({ table });
      cleanups.push(cleanup);
      const summary = 'layer catalog: 1 published layer selects no rows (served empty)';
      const { code, output } = await start(dir, (text) => text.includes(summary) && text.includes('(it is served empty)'));
      expect(code).toBeNull();
      const warning = output.indexOf(`layer "beachwatch_2565" selects no rows: no row of table "${table}" has year = 2565 (it is served empty)`);
      expect(warning).toBeGreaterThan(output.indexOf('Serving http'));
      expect(output.indexOf('Serving http')).toBeGreaterThan(-1);
      expect(output).toContain(summary);
    } finally {
      await withDb((db) => db.query(`DROP TABLE ${table}`).then(() => undefined));
    }
  });
});
