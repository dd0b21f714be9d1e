// The validated config, kept between starts of the same server bundle (`npm start`). Validating
// compiles the schemas with ajv and parses the YAML: ~1 s of every start, for a result that only
// changes with the config files, the schemas or the code. The cache's key hashes all three (the
// code through the bundle's key), so any edit validates again; only a valid config is kept, so
// errors are always found and shown. Without a bundle (tsx, tests) the config is validated each time.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadResult } from '../engine/node/loadConfig.ts';
import { SCHEMA_DIR } from '../engine/node/schemaDir.ts';

/** Every file below `dir`, sorted, as [path relative to dir, contents]. */
function filesBelow(dir: string, prefix = ''): Array<[string, Buffer]> {
  const entries = readdirSync(path.join(dir, prefix), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  return entries.flatMap((entry): Array<[string, Buffer]> => {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) return filesBelow(dir, rel);
    return entry.isFile() ? [[rel, readFileSync(path.join(dir, rel))]] : [];
  });
}

/** The cache key of this config dir for this code (`codeKey`), seen from this working directory. */
export function configKey(configDir: string, codeKey: string, schemaDir = SCHEMA_DIR): string {
  const hash = createHash('sha1').update(`${codeKey}\0${process.cwd()}\0${configDir}\0`);
  for (const [label, dir] of [['config', configDir], ['schemas', schemaDir]] as const) {
    for (const [rel, bytes] of filesBelow(dir)) hash.update(`${label}/${rel}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex');
}

/** The valid config for this key from `cacheDir`, or validated now (and kept when valid). */
export async function loadConfigCached(configDir: string, codeKey: string, cacheDir: string): Promise<LoadResult & { cached: boolean }> {
  const file = path.join(cacheDir, `config-${configKey(configDir, codeKey)}.json`);
  try {
    return { ...(JSON.parse(readFileSync(file, 'utf8')) as LoadResult), cached: true };
  } catch {
    // not kept yet (or unreadable): validate
  }
  const { loadConfigDir } = await import('../engine/node/loadConfig.ts');
  const loaded = await loadConfigDir(configDir);
  if (loaded.ok) {
    mkdirSync(cacheDir, { recursive: true });
    for (const old of readdirSync(cacheDir)) if (/^config-[0-9a-f]{40}\.json$/.test(old)) rmSync(path.join(cacheDir, old), { force: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(loaded));
    renameSync(temp, file);
  }
  return { ...loaded, cached: false };
}
