import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

// Inputs of the client build, relative to the repo root (vite copies public/ into dist/ as is).
const INPUTS = ['src', 'index.html', 'vite.config.ts', 'package-lock.json', 'public'];

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

/** Why the client must be (re)built, or null when dist/index.html is newer than every input. */
export async function clientBuildReason(rootDir: string): Promise<string | null> {
  const builtAt = (await stat(path.join(rootDir, 'dist', 'index.html')).catch(() => null))?.mtimeMs;
  if (builtAt === undefined) return 'dist/index.html is missing';
  const serverDir = path.join(rootDir, 'src', 'server'); // not part of the client bundle
  for (const input of INPUTS) {
    const changed = await changedSince(path.join(rootDir, input), builtAt, serverDir);
    if (changed) return `${path.relative(rootDir, changed)} is newer than dist/index.html`;
  }
  return null;
}

/** Runs the Vite build when the client build is missing or stale; otherwise returns at once. */
export async function ensureClientBuilt(rootDir: string): Promise<void> {
  const reason = await clientBuildReason(rootDir);
  if (!reason) return;
  console.log(`Building the client: ${reason}`);
  // Imported only when needed: loading Vite costs more than the whole up-to-date check.
  const { build } = await import('vite');
  await build({ root: rootDir, configFile: path.join(rootDir, 'vite.config.ts'), logLevel: 'warn' });
}
