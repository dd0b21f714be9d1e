// `prepare` (run by `npm install` and `npm ci`): the work a first `npm start` would otherwise do,
// done at install time and side by side on two cores: the client build (Vite) and the server's
// bundle (src/server/launch.mjs), each in a child process, and the prebuilt sample database
// (PGlite, in this one). The offline base map's detailed land is committed (src/server/basemap/data/).
// Never fails the install: whatever is missing afterwards, `npm start` builds itself.
// TCS_SKIP_PREPARE=1 skips it.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prebuildSampleDatabase } from '../src/server/db/ensure.ts';
import { buildClientRecorded, clientBuildReason } from '../src/server/build-if-needed.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

async function timed(name: string, task: () => Promise<string>): Promise<void> {
  const started = performance.now();
  try {
    const what = await task();
    console.log(`prepare: ${name}: ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.warn(`prepare: ${name} failed, npm start will do it: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Runs a Node script of the repository in a child process (the other core), at `priority` (os.setPriority: 19 lowest, 0 as this one). */
async function runNode(args: string[], priority = 0): Promise<void> {
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
    if (priority && child.pid !== undefined) {
      try {
        setPriority(child.pid, priority);
      } catch {
        // a priority is a preference: the build runs at this one's
      }
    }
    child.once('error', () => resolve(null));
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`${args.map((a) => path.basename(a)).join(' ')} exited with ${code}`);
}

// The sample database is the longest task and runs on one thread; Vite's build spreads over every
// core. Below it, the build takes the time the database leaves.
const CLIENT_BUILD_PRIORITY = 10;

async function buildClient(): Promise<string> {
  const reason = await clientBuildReason(ROOT);
  if (!reason) return 'up to date';
  await buildClientRecorded(ROOT, () => runNode([path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], CLIENT_BUILD_PRIORITY));
  return `built (${reason})`;
}

if (process.env.TCS_SKIP_PREPARE === '1') {
  console.log('prepare: skipped (TCS_SKIP_PREPARE=1)');
} else {
  await Promise.all([
    timed('client', buildClient),
    timed('server bundle', async () => {
      await runNode([path.join(ROOT, 'src', 'server', 'launch.mjs'), '--build']);
      return 'ready';
    }),
    timed('sample database', async () => path.relative(ROOT, await prebuildSampleDatabase())),
  ]);
}
