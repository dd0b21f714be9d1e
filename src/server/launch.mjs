// `npm start`: runs the server (src/server/start.ts) from a bundle of its TypeScript that esbuild
// makes in .cache/server and makes again when any of its source files changed (their SHA-1s are
// in the manifest). Loading one bundle takes ~0.3 s where tsx compiled the server's ~230 modules
// one by one (1.5 s of every start). Plain JavaScript, so that it runs before any TypeScript
// loader. `--build` only brings the bundle up to date (npm install's prepare step). When esbuild
// cannot build, the server runs through tsx as before.
// The bundle holds no absolute path (its files find the sources relative to themselves), so a
// copied or moved installation runs its own config and code from the bundle it brought along.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Entry points, by output name; relative to ROOT. */
const ENTRIES = { start: 'src/server/start.ts', renderWorker: 'src/server/ogc/renderWorker.ts' };
// Under the repository by default, so that the bundle's package imports resolve from its
// node_modules; a folder elsewhere gets a link to them (linkPackages).
const BUNDLE_DIR = path.resolve(ROOT, process.env.TCS_SERVER_BUNDLE_DIR ?? path.join('.cache', 'server'));
const MANIFEST = path.join(BUNDLE_DIR, 'manifest.json');
const KEEP_OLD_MS = 24 * 3600_000;

const sha1 = (bytes) => createHash('sha1').update(bytes).digest('hex');
/** This file: how the bundle is made is an input of the bundle too. */
const SELF = path.relative(ROOT, fileURLToPath(import.meta.url)).split(path.sep).join('/');
/** The repository seen from the bundle folder: the same sources elsewhere are another bundle. */
const ROOT_FROM_BUNDLE = path.relative(BUNDLE_DIR, ROOT).split(path.sep).join('/');

/** The manifest when every source file of the bundle is unchanged, else null (and why). */
function freshManifest() {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(MANIFEST, 'utf8'));
  } catch {
    return { manifest: null, why: 'no server bundle yet' };
  }
  if (manifest.root !== ROOT_FROM_BUNDLE) return { manifest: null, why: manifest.root === undefined ? 'made by an older launcher' : 'made for another folder' };
  for (const [file, hash] of Object.entries(manifest.inputs)) {
    let now;
    try {
      now = sha1(readFileSync(path.join(ROOT, file)));
    } catch {
      return { manifest: null, why: `${file} is gone` };
    }
    if (now !== hash) return { manifest: null, why: `${file} changed` };
  }
  return { manifest, why: '' };
}

/**
 * Each source file sees its own URL as import.meta.url, so paths made from it (the config, the
 * migrations, the schemas, package files) stay where they are in the source tree. The URL is made
 * at run time from the bundle file's own (every output file sits directly in `outdir`), never
 * written in: a copy of the folder reads its own sources.
 */
const sourceUrls = (outdir) => ({
  name: 'source-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      const relative = path.relative(outdir, args.path).split(path.sep).join('/');
      return { contents: text.replace(/\bimport\.meta\.url\b/g, `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
});

async function build() {
  const esbuild = await import('esbuild');
  // Into a folder of its own, renamed to the key once known: a start beside this one keeps reading
  // the bundle its manifest names.
  const temp = path.join(BUNDLE_DIR, `building-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: ENTRIES,
    bundle: true,
    // Chunks for the dynamic imports: start.ts opens the database while the rest of the server and
    // its packages load (one file would load every package first).
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    outdir: temp,
    outExtension: { '.js': '.mjs' },
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrls(temp)],
  });
  const files = [...Object.keys(result.metafile.inputs), SELF];
  const inputs = Object.fromEntries(files.map((file) => [file, sha1(readFileSync(path.join(ROOT, file)))]));
  const key = sha1(JSON.stringify({ root: ROOT_FROM_BUNDLE, inputs }));
  const dir = path.join(BUNDLE_DIR, key);
  // The same key is the same bundle: one made beside this one (or before) stays, for whoever runs it.
  try {
    renameSync(temp, dir);
  } catch {
    if (existsSync(path.join(dir, 'start.mjs'))) rmSync(temp, { recursive: true, force: true });
    else {
      rmSync(dir, { recursive: true, force: true }); // what a build that died left
      renameSync(temp, dir);
    }
  }
  const manifest = { key, root: ROOT_FROM_BUNDLE, inputs };
  const tempManifest = `${MANIFEST}.${process.pid}.tmp`;
  writeFileSync(tempManifest, JSON.stringify(manifest, null, 1));
  renameSync(tempManifest, MANIFEST); // atomic: a start reads the old manifest or the new one, never half
  // Older bundles go after a day: a server still running from one loads its render workers from it.
  for (const entry of readdirSync(BUNDLE_DIR, { withFileTypes: true })) {
    const old = path.join(BUNDLE_DIR, entry.name);
    if (entry.isDirectory() && /^([0-9a-f]{40}|building-\d+)$/.test(entry.name) && entry.name !== key && Date.now() - statSync(old).mtimeMs > KEEP_OLD_MS) rmSync(old, { recursive: true, force: true });
  }
  return manifest;
}

/**
 * Node resolves the bundle's package imports ('pg', '@electric-sql/pglite', ...) from the folders
 * above the bundle file: a bundle folder outside the repository gets a node_modules link to the
 * repository's, renewed when the repository moved.
 */
function linkPackages() {
  const fromRoot = path.relative(ROOT, BUNDLE_DIR);
  if (!fromRoot.startsWith('..') && !path.isAbsolute(fromRoot)) return;
  const link = path.join(BUNDLE_DIR, 'node_modules');
  const target = path.join(ROOT, 'node_modules');
  const current = (() => {
    try {
      return readlinkSync(link);
    } catch {
      return null;
    }
  })();
  if (current === target) return;
  if (current !== null) rmSync(link, { force: true });
  try {
    symlinkSync(target, link, 'junction');
  } catch (error) {
    if (error.code !== 'EEXIST') throw error; // a start beside this one made it
  }
}

/** The up-to-date manifest, building the bundle when needed; null when esbuild failed. */
async function ensureBundle() {
  const fresh = freshManifest();
  if (fresh.manifest) return { manifest: fresh.manifest, built: false, why: '' };
  mkdirSync(BUNDLE_DIR, { recursive: true });
  try {
    return { manifest: await build(), built: true, why: fresh.why };
  } catch (error) {
    console.warn(`server bundle: esbuild failed, running through tsx: ${error instanceof Error ? error.message : String(error)}`);
    return { manifest: null, built: false, why: fresh.why };
  }
}

const started = performance.now();
const { manifest, built, why } = await ensureBundle();
const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
if (process.argv.includes('--build')) {
  console.log(manifest ? `server bundle: ${built ? `built (${why})` : 'up to date'} in ${took}` : 'server bundle: not built');
  process.exitCode = manifest ? 0 : 1;
} else if (manifest) {
  linkPackages();
  if (built) console.log(`server bundle: built (${why}) in ${took}`);
  process.setSourceMapsEnabled(true); // stack traces name the TypeScript files
  // Read by src/server/bundle.ts: the render workers' entry, the validated config's cache and its key.
  const file = (name) => pathToFileURL(path.join(BUNDLE_DIR, manifest.key, `${name}.mjs`)).href;
  process.env.TCS_SERVER_BUNDLE = JSON.stringify({ key: manifest.key, dir: BUNDLE_DIR, renderWorker: file('renderWorker') });
  await import(file('start'));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(path.join(ROOT, ENTRIES.start)).href);
}
