// What older versions left in .cache: a new sample database (~360 MB) is made for every change of
// the generator, and a new PostGIS unpack for every package or export rule, and nothing removed
// the old ones. Removed once a new one is made, after a grace time in which a process still
// running older code may read its own.
import { readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Removes the entries of `dir` whose names match `pattern`, other than `keep`, last modified more
 * than `graceMs` ago. Returns the names removed. A missing `dir` or an entry that vanishes meanwhile
 * (another process removing it too) is not an error.
 */
export function removeStaleSiblings(dir: string, keep: string, pattern: RegExp, graceMs: number, now = Date.now()): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (name === keep || !pattern.test(name)) continue;
    const full = path.join(dir, name);
    try {
      if (now - statSync(full).mtimeMs <= graceMs) continue;
      rmSync(full, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // gone already
    }
  }
  return removed;
}
