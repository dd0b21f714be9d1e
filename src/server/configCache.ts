// The validated config, kept between starts of the same server bundle (`npm start`). Validating
// compiles the schemas with ajv and parses the YAML: ~1 s of every start, for a result that only
// changes with the config files, the schemas or the code. The cache's key hashes all three (the
// code through the bundle's key), so any edit validates again; only a valid config is kept, so
// errors are always found and shown. Without a bundle (tsx, tests) the config is validated each time.
// The key holds no absolute path: a copied or moved installation finds its own config's entry
// (or validates), and each config dir (CONFIG_DIR) keeps its own entry beside the others.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '../loader/loadConfig.ts';
import { SCHEMA_DIR } from '../loader/schemaDir.ts';

/** Every file below `dir`, sorted, as [path relative to dir, contents]. */
function filesBelow(dir: string, prefix = ''): Array<[string, Buffer]> {
  const entries = readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((entry): Array<[string, Buffer]> => {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) return filesBelow(dir, rel);
    return entry.isFile() ? [[rel, readFileSync(path.join(dir, rel))]] : [];
  });
}

/** Entries kept, the most recently used: every config dir started lately keeps its own. */
const KEEP_ENTRIES = 16;
const ENTRY = /^config-[0-9a-f]{40}\.json$/;

/**
 * The config dir as the validated summary names it (relative to the working directory when
 * below it): the only path a kept result holds.
 */
function namedDir(configDir: string): string {
  const relative = path.relative(process.cwd(), configDir);
  return relative.startsWith('..') || path.isAbsolute(relative) ? configDir : relative.split(path.sep).join('/');
}

/** The cache key of this config dir's content for this code (`codeKey`). */
export function configKey(configDir: string, codeKey: string, schemaDir = SCHEMA_DIR): string {
  const hash = createHash('sha1').update(`${codeKey}\0${namedDir(configDir)}\0`);
  for (const [label, dir] of [['config', configDir], ['schemas', schemaDir]] as const) {
    for (const [rel, bytes] of filesBelow(dir)) hash.update(`${label}/${rel}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/** The valid config for this key from `cacheDir`, or validated now (and kept when valid). */
export async function loadConfigCached(configDir: string, codeKey: string, cacheDir: string): Promise<LoadResult & { cached: boolean }> {
  const file = path.join(cacheDir, `config-${configKey(configDir, codeKey)}.json`);
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as LoadResult;
    const now = new Date();
    utimesSync(file, now, now); // recently used: kept when others go
    return { ...kept, cached: true };
  } catch {
    // not kept yet (or unreadable): validate
  }
  const { loadConfigDir } = await import('../loader/loadConfig.ts');
  const loaded = await loadConfigDir(configDir);
  if (loaded.ok) {
    mkdirSync(cacheDir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(loaded));
    renameSync(temp, file);
    dropLeastRecentlyUsed(cacheDir);
  }
  return { ...loaded, cached: false };
}

/** Keeps the KEEP_ENTRIES most recently used entries (another start may be removing them too). */
function dropLeastRecentlyUsed(cacheDir: string): void {
  const entries = readdirSync(cacheDir)
    .filter((name) => ENTRY.test(name))
    .map((name) => ({ file: path.join(cacheDir, name), used: statSync(path.join(cacheDir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.used - a.used);
  for (const { file } of entries.slice(KEEP_ENTRIES)) rmSync(file, { force: true });
}
