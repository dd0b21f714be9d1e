// One build of a cached artefact per machine (the prebuilt sample database, the base map's
// detailed land), however many servers, test workers or installs start together: a lock file
// created exclusively, taken over when a builder that died left it older than `staleMs`.
import { closeSync, mkdirSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/** True when this process now holds `lock`; false when another builder holds it. */
export function takeBuildLock(lock: string, staleMs: number): boolean {
  mkdirSync(path.dirname(lock), { recursive: true });
  const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
  if (age > staleMs) rmSync(lock, { force: true });
  try {
    closeSync(openSync(lock, 'wx'));
    return true;
  } catch {
    return false;
  }
}

export function releaseBuildLock(lock: string): void {
  rmSync(lock, { force: true });
}
