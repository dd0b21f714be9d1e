// `npm run check:config` checks the layer catalog against the database npm start would serve
// (issue 23 item 1): PGLITE_DATA_DIR here, DATABASE_URL in server-pg. A catalog table that is not
// there is refused at its file:line:column; an unreachable database is said plainly and the config
// is still checked.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sampleDatabaseSuite } from './sampleDatabaseEnv.ts';
import { beachwatchConfig, BEACHWATCH_TOPIC } from '../support/beachwatch.ts';
import { TEST_DATABASE_URL } from './db/testDatabase.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

const { env: databaseEnv, cleanups } = sampleDatabaseSuite();

function checkConfig(dir: string, env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, ['scripts/check-config.ts', dir], { cwd: ROOT, env: { ...process.env, ...env } }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}


describe('npm run check:config with a database', { timeout: 120_000 }, () => {
  it('passes the real config on the sample database, and says which database it read', async () => {
    const { code, stdout, stderr } = await checkConfig(path.join(ROOT, 'config'), databaseEnv());
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(TEST_DATABASE_URL ? /^database: PostgreSQL [^\n]+: the layer catalog's tables, columns and values checked$/m : /^database: PGlite [^\n]+: the layer catalog's tables, columns and values checked$/m);
    expect(stdout).toMatch(/^config ok: 17 topics/m);
  });

  it('refuses a published table that is not in the database, at its line in layers.yaml', async () => {
    const { dir, cleanup } = beachwatchConfig();
    cleanups.push(cleanup);
    const { code, stderr } = await checkConfig(dir, databaseEnv());
    expect(code).toBe(1);
    const file = path.join(dir, 'layers.yaml');
    const text = (await import('node:fs')).readFileSync(file, 'utf8');
    const line = text.split('\n').findIndex((l) => l.includes('table: beachwatch')) + 1;
    expect(stderr.split('\n')).toContain(`${file}:${line}:12 layers[33].table: table "beachwatch" is not in the database; load it with npm run import -- <file> --as beachwatch`);
    expect(stderr.trimEnd().split('\n').at(-1)).toBe('1 config error');
  });

  it('says plainly when the database cannot be reached, and still checks the config', async () => {
    const { dir, cleanup } = beachwatchConfig({ topic: BEACHWATCH_TOPIC.replace('icon: beach', 'icon: beech') });
    cleanups.push(cleanup);
    const { code, stdout, stderr } = await checkConfig(dir, { DATABASE_URL: 'postgres://tcs@127.0.0.1:9/nowhere', PGLITE_DATA_DIR: '' });
    expect(stdout).toMatch(/^database: NOT CHECKED: cannot reach the database PostgreSQL 127\.0\.0\.1:9\/nowhere: [^\n]+; tables, columns and published values were not checked$/m);
    expect(stderr).toContain('menu.icon: unknown menu icon "beech" (did you mean "beach"?)');
    expect(code).toBe(1);
  });
});
