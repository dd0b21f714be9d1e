// Whether dist/ (the client build) is current, and building it when not. A quick look first: no
// input newer than the build. When one is newer (an edit, or a copy that did not keep file times),
// the inputs' content decides: .cache/client-build.json holds the SHA-1 over every input of the
// last build made here and of the index.html it made, so a copied or moved installation, or a
// touched file, rebuilds nothing (issue 23 item 5). Nothing in it names a folder.
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, stat, utimes, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

// Inputs of the client build, relative to the repo root (vite copies public/ into dist/ as is).
const INPUTS = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];
const STAMP = path.join('.cache', 'client-build.json');
// File times come from the kernel's coarse clock (a tick behind Date.now(), 2 s on FAT): the stamp
// is dated this much earlier, so an edit made just after a build or check started is never older
// than it. An input edited in the margin costs one content hash, not a build.
const CLOCK_MARGIN_MS = 2_000;

interface BuildStamp {
  /** SHA-1 over the inputs' relative paths and contents when the build started. */
  inputs: string;
  /** SHA-1 of the dist/index.html that build made. */
  index: string;
}

/**
 * `target` itself or the first file or folder below it modified after `since`, skipping `skip`.
 * Folder mtimes count too, so deleting or renaming a file also triggers a build.
 */
async function changedSince(target: string, since: number, skip: string): Promise<string | null> {
  const info = await stat(target).catch(() => null);
  if (!info || target === skip) return null;
  if (info.mtimeMs > since) return target;
  if (!info.isDirectory()) return null;
  for (const name of await readdir(target)) {
    const found = await changedSince(path.join(target, name), since, skip);
    if (found) return found;
  }
  return null;
}

/** Every file at or below `target`, sorted, skipping `skip`. */
async function filesBelow(target: string, skip: string): Promise<string[]> {
  const info = await stat(target).catch(() => null);
  if (!info || target === skip) return [];
  if (!info.isDirectory()) return [target];
  const names = (await readdir(target)).sort();
  return (await Promise.all(names.map((name) => filesBelow(path.join(target, name), skip)))).flat();
}

const sha1 = (bytes: Buffer | string) => createHash('sha1').update(bytes).digest('hex');
const serverDirOf = (rootDir: string) => path.join(rootDir, 'src', 'server'); // not part of the client bundle

/** The SHA-1 over every input file's path (relative to `rootDir`) and content. */
export async function clientInputsHash(rootDir: string): Promise<string> {
  const hash = createHash('sha1');
  for (const input of INPUTS) {
    for (const file of await filesBelow(path.join(rootDir, input), serverDirOf(rootDir))) {
      const bytes = await readFile(file);
      hash.update(`${path.relative(rootDir, file).split(path.sep).join('/')}\0${bytes.length}\0`).update(bytes);
    }
  }
  return hash.digest('hex');
}

/** The stamp of the build now in dist/, or null when there is none or it is of another build. */
async function stampOf(rootDir: string, index: Buffer): Promise<{ stamp: BuildStamp; at: number } | null> {
  const file = path.join(rootDir, STAMP);
  try {
    const [text, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const stamp = JSON.parse(text) as BuildStamp;
    return stamp.index === sha1(index) ? { stamp, at: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** Records the inputs a build started from; its time is when hashing started, so edits during the build count as newer. */
async function writeStamp(rootDir: string, stamp: BuildStamp, at: number): Promise<void> {
  const file = path.join(rootDir, STAMP);
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, JSON.stringify(stamp));
  const dated = new Date(at - CLOCK_MARGIN_MS);
  await utimes(temp, dated, dated);
  await rename(temp, file); // atomic: a start beside this one reads the old stamp or the new one
}

/** Why the client must be (re)built, or null when dist/ was built from the inputs there now. */
export async function clientBuildReason(rootDir: string): Promise<string | null> {
  const indexFile = path.join(rootDir, 'dist', 'index.html');
  const [index, built] = await Promise.all([readFile(indexFile).catch(() => null), stat(indexFile).catch(() => null)]);
  if (!index || !built) return 'dist/index.html is missing';
  const recorded = await stampOf(rootDir, index);
  const since = recorded?.at ?? built.mtimeMs;
  let changed: string | null = null;
  for (const input of INPUTS) {
    changed ??= await changedSince(path.join(rootDir, input), since, serverDirOf(rootDir));
  }
  if (!changed) return null;
  if (recorded) {
    const checkedAt = Date.now();
    if ((await clientInputsHash(rootDir)) === recorded.stamp.inputs) {
      await writeStamp(rootDir, recorded.stamp, checkedAt); // the quick look suffices next time
      return null;
    }
  }
  return `${path.relative(rootDir, changed).split(path.sep).join('/')} is newer than dist/index.html`;
}

/** Runs `build` (which writes dist/) and records the inputs it was made from. */
export async function buildClientRecorded(rootDir: string, build: () => Promise<void>): Promise<void> {
  const startedAt = Date.now();
  const inputs = await clientInputsHash(rootDir);
  await build();
  await writeStamp(rootDir, { inputs, index: sha1(await readFile(path.join(rootDir, 'dist', 'index.html'))) }, startedAt);
}

/** Runs the Vite build when the client build is missing or stale; otherwise returns at once. */
export async function ensureClientBuilt(rootDir: string): Promise<void> {
  const reason = await clientBuildReason(rootDir);
  if (!reason) return;
  console.log(`Building the client: ${reason}`);
  // Imported only when needed: loading Vite costs more than the whole up-to-date check.
  const { build } = await import('vite');
  await buildClientRecorded(rootDir, async () => {
    // Vite bundles React for process.env.NODE_ENV when it is set: under vitest it is 'test', and
    // the e2e setup's build (which npm start then serves as up to date) had development React.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: rootDir, configFile: path.join(rootDir, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
    } finally {
      if (nodeEnv === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = nodeEnv;
    }
  });
}
