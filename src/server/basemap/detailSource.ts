// The detailed land as the server sees it: the tile index once the cached artefact is loaded,
// null before. The artefact is normally built at install time; when it is missing the server
// builds it in a child process (its parse needs ~1 GB and ~10 s of CPU) and serves only the
// Natural Earth map meanwhile, so start never waits for it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releaseBuildLock, takeBuildLock } from '../buildLock.ts';
import { DEFAULT_CACHE_DIR, detailArtefactPath, type DetailCollection } from './detailBuild.ts';
import { DetailTiles } from './detailTiles.ts';

const REPO = path.resolve(fileURLToPath(import.meta.url), '../../../..');
const BUILD_SCRIPT = path.join(REPO, 'scripts/build-basemap.ts');
/** A build lock older than this was left by a build that died; a live build takes ~15 s. */
const STALE_LOCK_MS = 10 * 60_000;
const POLL_MS = 5_000;

let tiles: DetailTiles | null = null;
/** Reading the artefact (a few hundred ms), which a tile request may wait for; not a build. */
let loading: Promise<void> | null = null;
let started = false;

/** The tile index once loaded (waiting for a load under way), or null while the artefact is missing. */
export async function detailTiles(): Promise<DetailTiles | null> {
  if (loading) await loading.catch(() => undefined);
  return tiles;
}

function load(file: string): Promise<void> {
  loading = readFile(file, 'utf8').then((text) => {
    tiles = new DetailTiles(JSON.parse(text) as DetailCollection);
  });
  return loading;
}

function buildInChild(cacheDir: string, lock: string, file: string, report: (error: unknown) => void): void {
  const failed = (error: unknown) => {
    releaseBuildLock(lock);
    report(error);
  };
  try {
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    const child = spawn(process.execPath, [tsx, BUILD_SCRIPT, cacheDir], { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', failed);
    child.once('exit', (code) => {
      if (code !== 0) return failed(new Error(`scripts/build-basemap.ts exited with ${code}`));
      releaseBuildLock(lock);
      load(file).catch(report);
    });
  } catch (error) {
    failed(error);
  }
}

/** Loads the artefact when it appears (another process builds it); gives up with the lock's age limit. */
function waitFor(file: string, report: (error: unknown) => void): void {
  const deadline = Date.now() + STALE_LOCK_MS;
  const timer = setInterval(() => {
    if (existsSync(file)) {
      clearInterval(timer);
      load(file).catch(report);
    } else if (Date.now() > deadline) {
      clearInterval(timer);
      report(new Error(`${file} did not appear while another process held its build lock`));
    }
  }, POLL_MS);
  timer.unref();
}

/**
 * Starts loading the detailed land in the background, once per process (on the first request of
 * the base map's style or tiles, not at server start): from the cached artefact, or after building
 * it. Failures are reported and leave the Natural Earth map alone.
 */
export function startDetailedBasemap(report: (error: unknown) => void, cacheDir: string = DEFAULT_CACHE_DIR): void {
  if (started) return;
  started = true;
  let file: string;
  try {
    file = detailArtefactPath(cacheDir);
  } catch (error) {
    return report(error); // the package is not installed
  }
  if (existsSync(file)) {
    load(file).catch(report);
    return;
  }
  const lock = `${file}.lock`;
  if (takeBuildLock(lock, STALE_LOCK_MS)) buildInChild(cacheDir, lock, file, report);
  else waitFor(file, report);
}
