// `npm start` runs the server from an esbuild bundle (src/server/launch.mjs; issue 13 "warm restart"):
// the bundle is rebuilt exactly when one of its source files changed, the server it runs answers as
// the TypeScript one does (router, WMS through the bundled render worker, the offline base map),
// and a second start reuses the validated config. A copied or moved installation serves its own
// config from the bundle it brought along, and CONFIG_DIRs started in turn keep their validated
// configs side by side (issue 23 item 5).
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prebuildSampleDatabase } from '../../src/server/db/ensure.ts';
import { restoreSampleTemplate } from '../../src/server/db/sampleTemplate.ts';
import { SLOW } from './db/testDatabase.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LAUNCH_FROM_ROOT = path.join('src', 'server', 'launch.mjs');
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

const run = promisify(execFile);

async function build(root = ROOT, launchEnv = env): Promise<string> {
  const { stdout } = await run(process.execPath, [path.join(root, LAUNCH_FROM_ROOT), '--build'], { cwd: root, env: launchEnv });
  return stdout.trim();
}

/** `npm start` (the launcher of `root`) on the test's data dir until it serves; its output and a stop. */
async function start(root = ROOT, launchEnv = env): Promise<{ base: string; output: () => string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [path.join(root, LAUNCH_FROM_ROOT)], {
    cwd: root,
    env: { ...launchEnv, PORT: '0', HOST: '127.0.0.1', PGLITE_DATA_DIR: DATA_DIR },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    for (const file of ['src/server/start.ts', 'src/server/app.ts', 'src/loader/loadConfig.ts', 'src/server/ogc/renderWorker.ts']) {
      expect(made.inputs[file], file).toBe(sha1(file));
    }
    expect(Object.keys(made.inputs).some((file) => file.includes('node_modules'))).toBe(false); // packages stay packages
    expect(await build()).toMatch(/^server bundle: up to date/);

    // a source file whose content differs from what the bundle was made from
    writeFileSync(path.join(BUNDLE_DIR, 'manifest.json'), JSON.stringify({ ...made, inputs: { ...made.inputs, 'src/server/app.ts': '0'.repeat(40) } }));
    expect(await build()).toMatch(/^server bundle: built \(src\/server\/app\.ts changed\)/);
    expect(manifest()).toEqual(made); // the same sources make the same bundle

    // the same sources seen from another place (a bundle folder outside the repository, copied apart from it)
    writeFileSync(path.join(BUNDLE_DIR, 'manifest.json'), JSON.stringify({ ...made, root: '../../elsewhere' }));
    expect(await build()).toMatch(/^server bundle: built \(made for another folder\)/);
    expect(manifest()).toEqual(made);
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
      // The atlas PDF, whose Node-only font loader the bundle once failed to find (a 500 only npm start showed).
      const atlas = await fetch(`${first.base}/tcs/v2/router?page=atlas&mode=pdf&ap=9002`);
      expect(atlas.status, await atlas.clone().text().then((t) => t.slice(0, 200))).toBe(200);
      expect(atlas.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await atlas.arrayBuffer()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
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

/** The title in the client config that `/maps/` of a running server injects. */
async function servedTitle(base: string): Promise<string> {
  const html = await (await fetch(`${base}/maps/`)).text();
  const json = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  return (JSON.parse(json ?? 'null') as { app: { title: string } }).app.title;
}

/** Serves once from `root` (with `extra` environment): the title it served and what it printed. */
async function serveOnce(root: string, extra: NodeJS.ProcessEnv = {}): Promise<{ title: string; output: string }> {
  const server = await start(root, { ...env, TCS_SERVER_BUNDLE_DIR: path.join('.cache', 'server'), ...extra });
  try {
    return { title: await servedTitle(server.base), output: server.output() };
  } finally {
    expect(await server.stop()).toBe(0);
  }
}

function setTitle(configDir: string, title: string): void {
  const file = path.join(configDir, 'app.yaml');
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, `title: "${title}"`));
}

// An installation of its own (the repository's server sources, config, schemas and caches; its
// packages through a link; a stand-in client build), so that edits in the repository during the
// run neither rebuild it nor change what it serves.
describe('a copied or moved installation (issue 23 item 5)', () => {
  const trees = mkdtempSync(path.join(tmpdir(), 'tcs-install-'));
  const original = path.join(trees, 'original');
  afterAll(() => rmSync(trees, { recursive: true, force: true }));

  beforeAll(async () => {
    await prebuildSampleDatabase();
    restoreSampleTemplate(DATA_DIR); // opened in turn by every start below
    mkdirSync(path.join(original, '.cache'), { recursive: true });
    for (const entry of ['src', 'config', 'schemas', 'package.json', 'tsconfig.json', 'index.html', 'vite.config.ts', 'package-lock.json']) {
      await run('cp', ['-a', path.join(ROOT, entry), original]);
    }
    // PostGIS's files for PGlite (the only cache a start needs; a fresh clone has no other)
    await run('cp', ['-a', path.join(ROOT, '.cache', 'pglite'), path.join(original, '.cache')]);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(original, 'node_modules'));
    mkdirSync(path.join(original, 'dist'));
    writeFileSync(path.join(original, 'dist', 'index.html'), '<!doctype html><html><head><!--app-config--></head><body></body></html>');
    setTitle(path.join(original, 'config'), 'Original | {product}');
  }, SLOW);

  it('a copy (cp -a) serves its own config from the bundle it brought, not rebuilt; so does the moved copy; the original still serves its own', { timeout: SLOW }, async () => {
    const bundleEnv = { ...env, TCS_SERVER_BUNDLE_DIR: path.join('.cache', 'server') };
    expect(await build(original, bundleEnv)).toMatch(/^server bundle: built/);
    const copy = path.join(trees, 'staging');
    await run('cp', ['-a', original, copy]);
    setTitle(path.join(copy, 'config'), 'Staging copy | {product}');

    const fromCopy = await serveOnce(copy);
    expect(fromCopy.title).toBe('Staging copy | {product}');
    expect(fromCopy.output).not.toContain('server bundle: built'); // valid by content: reused
    const fromOriginal = await serveOnce(original);
    expect(fromOriginal.title).toBe('Original | {product}');

    const moved = path.join(trees, 'moved');
    await run('mv', [copy, moved]);
    const fromMoved = await serveOnce(moved);
    expect(fromMoved.title).toBe('Staging copy | {product}');
    expect(fromMoved.output).not.toContain('server bundle: built');
    expect(fromMoved.output).toContain('(validated before, unchanged since)'); // the same content, named the same from its folder
  });

  it('a bundle folder outside the installation (TCS_SERVER_BUNDLE_DIR) finds its packages and serves (issue 27 item 3)', { timeout: SLOW }, async () => {
    const outside = path.join(trees, 'bundle-elsewhere');
    const served = await serveOnce(original, { TCS_SERVER_BUNDLE_DIR: outside });
    expect(served.output).not.toContain('ERR_MODULE_NOT_FOUND');
    expect(served.title).toBe('Original | {product}');
  });

  it('CONFIG_DIRs started in turn each serve their own, and the default keeps its validated config', { timeout: SLOW }, async () => {
    const other = path.join(trees, 'other-config');
    await run('cp', ['-a', path.join(original, 'config'), other]);
    setTitle(other, 'Other config | {product}');

    expect((await serveOnce(original)).title).toBe('Original | {product}');
    expect((await serveOnce(original, { CONFIG_DIR: other })).title).toBe('Other config | {product}');
    const byDefault = await serveOnce(original);
    expect(byDefault.title).toBe('Original | {product}');
    expect(byDefault.output).toContain('(validated before, unchanged since)'); // the other dir's start left it in place
  });
});
