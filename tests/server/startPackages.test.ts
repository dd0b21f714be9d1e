// A warm `npm start` does not load the packages it never calls before serving (issue 29,
// src/loader/lazyPackage.ts): the canvas binding, yaml, ajv, fflate and iconv-lite are loaded on
// their first use, by a drawing, a config read, a download or an import. The server runs from its
// bundle on a copy of the sample database; a preloaded script lists every CommonJS module in
// require.cache when the process exits, right after "Serving". topojson-client, which the offline
// base map needs at once, shows that the list is real.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { prebuildSampleDatabase } from '../../src/server/db/ensure.ts';
import { restoreSampleTemplate } from '../../src/server/db/sampleTemplate.ts';
import { SLOW } from './db/testDatabase.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WORK = mkdtempSync(path.join(tmpdir(), 'tcs-start-packages-'));
const DATA_DIR = path.join(WORK, 'pglite');
const LOADED = path.join(WORK, 'loaded.json');
const PRELOAD = path.join(WORK, 'list-loaded.cjs');
const LAZY = ['@napi-rs/canvas', 'ajv', 'ajv-formats', 'yaml', 'fflate', 'iconv-lite'];

afterAll(() => rmSync(WORK, { recursive: true, force: true }));

/** Starts npm start's launcher, stops it as soon as it serves, and returns the packages it had loaded. */
async function packagesLoadedByStart(): Promise<Set<string>> {
  rmSync(LOADED, { force: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', PGLITE_DATA_DIR: DATA_DIR };
  delete env.DATABASE_URL;
  delete env.DATABASE_READ_URL;
  const child = spawn(process.execPath, ['--require', PRELOAD, path.join(ROOT, 'src', 'server', 'launch.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Serving http')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(() => reject(new Error(`npm start exited before serving:\n${output}`)));
  });
  child.kill('SIGINT');
  await exited;
  const files = JSON.parse(readFileSync(LOADED, 'utf8')) as string[];
  const names = files.flatMap((file) => {
    const match = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file.slice(file.lastIndexOf('node_modules') - 1));
    return match ? [match[1]!.replace(/\\/g, '/')] : [];
  });
  return new Set(names);
}

describe('npm start (warm) before it serves', () => {
  it('has not loaded the canvas binding, yaml, ajv, fflate or iconv-lite', { timeout: SLOW }, async () => {
    writeFileSync(PRELOAD, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(LOADED)}, JSON.stringify(Object.keys(require.cache))));\n`);
    await prebuildSampleDatabase();
    restoreSampleTemplate(DATA_DIR);
    await packagesLoadedByStart(); // the first start may validate the config (yaml, ajv) and build the bundle
    const loaded = await packagesLoadedByStart();
    expect(loaded.has('topojson-client')).toBe(true);
    expect(LAZY.filter((name) => loaded.has(name))).toEqual([]);
  });
});
