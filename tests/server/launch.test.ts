// `npm start` runs the server from an esbuild bundle (src/server/launch.mjs; issue 13 "warm restart"):
// the bundle is rebuilt exactly when one of its source files changed, the server it runs answers as
// the TypeScript one does (router, WMS through the bundled render worker, the offline base map),
// and a second start reuses the validated config.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { prebuildSampleDatabase } from '../../src/server/db/ensure.ts';
import { SLOW } from './db/testDatabase.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAUNCH = path.join(ROOT, 'src', 'server', 'launch.mjs');
// Under the repository (the bundle's package imports resolve from its node_modules), apart from npm start's own.
const BUNDLE_DIR = path.join(ROOT, '.cache', `test-server-bundle-${process.pid}`);
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'tcs-launch-'));
const env: NodeJS.ProcessEnv = { ...process.env, TCS_SERVER_BUNDLE_DIR: BUNDLE_DIR };
delete env.DATABASE_URL;
delete env.DATABASE_READ_URL;
delete env.TCS_SERVER_BUNDLE;

afterAll(() => {
  rmSync(BUNDLE_DIR, { recursive: true, force: true });
  rmSync(DATA_DIR, { recursive: true, force: true });
});

interface Manifest {
  key: string;
  inputs: Record<string, string>;
}
const manifest = (): Manifest => JSON.parse(readFileSync(path.join(BUNDLE_DIR, 'manifest.json'), 'utf8')) as Manifest;
const sha1 = (file: string) => createHash('sha1').update(readFileSync(path.join(ROOT, file))).digest('hex');

async function build(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [LAUNCH, '--build'], { cwd: ROOT, env });
  return stdout.trim();
}

/** `npm start` (the launcher) on the test's data dir until it serves; its output and a stop. */
async function start(): Promise<{ base: string; output: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [LAUNCH], { cwd: ROOT, env: { ...env, PORT: '0', HOST: '127.0.0.1', PGLITE_DATA_DIR: DATA_DIR }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const port = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /Serving http:\/\/localhost:(\d+)\//.exec(text);
      if (found) resolve(found[1]!);
      else if (child.exitCode !== null) reject(new Error(`the server exited with ${child.exitCode}:\n${text}`));
      if (found || child.exitCode !== null) clearInterval(timer);
    }, 50);
  });
  return {
    base: `http://127.0.0.1:${port}`,
    output: () => text,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('the server bundle (npm start)', () => {
  it('is built once and rebuilt when a source file it was made from changes', { timeout: SLOW }, async () => {
    expect(await build()).toMatch(/^server bundle: built \(no server bundle yet\)/);
    const made = manifest();
    // every module of the server and the engine it runs, each with its content's SHA-1
    for (const file of ['src/server/start.ts', 'src/server/app.ts', 'src/engine/node/loadConfig.ts', 'src/server/ogc/renderWorker.ts']) {
      expect(made.inputs[file], file).toBe(sha1(file));
    }
    expect(Object.keys(made.inputs).some((file) => file.includes('node_modules'))).toBe(false); // packages stay packages
    expect(await build()).toMatch(/^server bundle: up to date/);

    // a source file whose content differs from what the bundle was made from
    writeFileSync(path.join(BUNDLE_DIR, 'manifest.json'), JSON.stringify({ ...made, inputs: { ...made.inputs, 'src/server/app.ts': '0'.repeat(40) } }));
    expect(await build()).toMatch(/^server bundle: built \(src\/server\/app\.ts changed\)/);
    expect(manifest()).toEqual(made); // the same sources make the same bundle
  });

  it('bundles the render worker, which starts as a worker thread', { timeout: SLOW }, async () => {
    const entry = path.join(BUNDLE_DIR, manifest().key, 'renderWorker.mjs');
    const worker = new Worker(entry);
    try {
      const first = await new Promise<unknown>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(first).toEqual({ ready: true });
    } finally {
      await worker.terminate();
    }
  });

  it('serves what the TypeScript server serves, and a second start reuses the validated config', { timeout: SLOW }, async () => {
    await prebuildSampleDatabase();
    const first = await start();
    try {
      expect(first.output()).toMatch(/config ok: .*catalog layers \(config\)\n/); // validated, not from the cache
      const router = await fetch(`${first.base}/tcs/v2/router?page=coastline&mode=list&list=province`);
      expect(router.status).toBe(200);
      expect(((await router.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
      const tile = await fetch(
        `${first.base}/geoserver/tcs_postgres/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=tcs:cmline_2567&STYLES=&SRS=EPSG:3857&BBOX=11131949,1113194,11271098,1252343&WIDTH=256&HEIGHT=256&FORMAT=image/png`,
      );
      expect(tile.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await tile.arrayBuffer()).subarray(1, 4).toString('latin1')).toBe('PNG');
      const style = await fetch(`${first.base}/maps/basemap/style.json`);
      expect(style.status).toBe(200);
      const land = (await (await fetch(`${first.base}/maps/basemap/land.geojson`)).json()) as { features: unknown[] };
      expect(land.features.length).toBeGreaterThan(5);
      expect((await fetch(`${first.base}/maps/`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    const second = await start();
    try {
      expect(second.output()).toContain('(validated before, unchanged since)');
      expect((await fetch(`${second.base}/tcs/v2/router?page=coastline&mode=list&list=province`)).status).toBe(200);
    } finally {
      expect(await second.stop()).toBe(0);
    }
  });
});
