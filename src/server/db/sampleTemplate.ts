// The prebuilt sample database: a PGlite data dir made once by the sample generator (at install
// time by `npm install`'s prepare step, or by the first test that needs it) and kept in
// .cache/sample-db/pglite-<key>/ (git-ignored). A first start on an empty PGlite data dir copies
// it instead of spending ~45 s on initdb, PostGIS and the generator; making one removes the old
// keys' (an hour's grace). The key changes with anything that changes the data: the migrations,
// the generator, the transect builder, the glossary's code sets and the layer catalog it reads, and
// the PGlite and PostGIS packages and settings that wrote the files.

import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { lazyPackage } from '../../loader/lazyPackage.ts';
import { releaseBuildLock, takeBuildLock } from '../buildLock.ts';
import { REPO_ROOT } from './open.ts';
import { removeStaleSiblings } from './staleCache.ts';

// npm start loads this module before it opens the database, and a warm start never asks for the
// key (loading yaml there held the open back ~50 ms, issue 29)
const yaml = lazyPackage<typeof import('yaml')>('yaml');
const INPUT_DIRS = ['src/server/db/migrations', 'src/server/data/sample'];
// pgliteSettings.ts: the settings PGlite writes the files with (whether old WAL is kept, for one)
const INPUT_FILES = ['src/server/transects/build.ts', 'src/server/transects/config.ts', 'src/server/db/pgliteSettings.ts', 'config/layers.yaml'];
// The generator reads the glossary's code sets only (src/server/data/sample/glossaryTerms.ts): a
// new field label or term does not make another sample.
const GLOSSARY = 'config/glossary.yaml';
const ENGINE_PACKAGES = ['@electric-sql/pglite', '@electric-sql/pglite-postgis'];
/** A builder that crashed leaves its lock; another process takes over after this long. */
const STALE_LOCK_MS = 600_000;
/** Templates of other keys (and builds a crash left) go once a new one is made, if this old: only a
 *  first start's copy reads one, for seconds. */
const OLD_TEMPLATE_GRACE_MS = 3600_000;
const TEMPLATE_NAME = /^pglite-[0-9a-f]{16}(\.building-\d+)?$/;

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Changes whenever the generated sample database would. */
export function sampleKey(root = REPO_ROOT): string {
  const hash = createHash('sha256');
  const files = [...INPUT_DIRS.flatMap((dir) => filesUnder(path.join(root, dir))), ...INPUT_FILES.map((file) => path.join(root, file))];
  for (const file of files) hash.update(path.relative(root, file)).update(readFileSync(file));
  const codes = (yaml().parse(readFileSync(path.join(root, GLOSSARY), 'utf8')) as { codes?: unknown }).codes;
  hash.update(GLOSSARY).update(JSON.stringify(codes ?? null));
  for (const name of ENGINE_PACKAGES) {
    const { version } = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
    hash.update(`${name}@${version}`);
  }
  return hash.digest('hex').slice(0, 16);
}

/** Where the template for the current key lives (it may not exist yet). */
export function sampleTemplateDir(root = REPO_ROOT): string {
  return path.join(root, '.cache', 'sample-db', `pglite-${sampleKey(root)}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The template's path, built first when missing: by whichever process takes the lock (prepare,
 * a test worker, a server), the others wait for it. `build` fills an empty data dir.
 */
export async function ensureSampleTemplate(build: (dataDir: string) => Promise<void>, root = REPO_ROOT): Promise<string> {
  const dir = sampleTemplateDir(root);
  const lock = `${dir}.lock`;
  for (;;) {
    if (existsSync(dir)) return dir;
    if (!takeBuildLock(lock, STALE_LOCK_MS)) {
      await sleep(1000);
      continue;
    }
    try {
      const building = `${dir}.building-${process.pid}`;
      rmSync(building, { recursive: true, force: true });
      await build(building);
      renameSync(building, dir); // atomic: nobody ever copies a half-built template
      removeStaleSiblings(path.dirname(dir), path.basename(dir), TEMPLATE_NAME, OLD_TEMPLATE_GRACE_MS);
      return dir;
    } finally {
      releaseBuildLock(lock);
    }
  }
}

/** A data dir that does not exist or holds nothing: a database never opened there. */
function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Copies the template into `dataDir` when `dataDir` is empty and a template for the current key
 * exists; returns the template's path, or null when nothing was copied.
 */
export function restoreSampleTemplate(dataDir: string, root = REPO_ROOT): string | null {
  if (!isEmptyDir(dataDir)) return null;
  const template = sampleTemplateDir(root);
  if (!existsSync(template)) return null;
  cpSync(template, dataDir, { recursive: true });
  return template;
}
