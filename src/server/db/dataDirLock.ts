// A PGlite data directory is one process's: two processes opening it would both write its WAL.
// The server marks the directory it serves with its pid, so that `npm run check:config` (and
// others) can tell it is in use and read a copy instead.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const MARK = 'tcs-server.pid';

/** Marks `dir` as served by this process until it exits. */
export function claimDataDir(dir: string): void {
  const file = path.join(dir, MARK);
  writeFileSync(file, String(process.pid));
  process.once('exit', () => rmSync(file, { force: true }));
}

/** The pid of a live process serving `dir`, or undefined (a mark left by a dead one is ignored). */
export function dataDirHolder(dir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, MARK), 'utf8'));
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
