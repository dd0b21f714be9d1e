// `npm run bench:clone` (issue 29 aim 5 "clone to first map <= 45 s"): what a new user waits for.
// Clones this repository's HEAD into a temporary folder, runs `npm install` there with an empty
// npm cache of its own (every package downloaded; the prepare step builds what a first start
// needs), then `npm start`'s launcher until the router answers; the sum is the figure. Needs the
// npm registry; uncommitted changes are not part of the clone. Removes the clone and the cache.
//
//   npm run bench:clone [-- --keep]
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordFigures } from './lib/benchResult.ts';
import { timedStart } from './lib/timedStart.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(path.join(tmpdir(), 'bench-clone-'));
const clone = path.join(work, 'repo');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `npm install` in the clone; resolves with its wall time, its output echoed with times. */
function npmInstall(): Promise<number> {
  const started = performance.now();
  const env = { ...process.env, npm_config_cache: path.join(work, 'npm-cache'), npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' };
  const child = spawn('npm', ['install', '--no-progress'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const echo = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) console.log(`[${seconds(performance.now() - started)}] ${line}`);
  };
  child.stdout.on('data', echo);
  child.stderr.on('data', echo);
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`npm install exited with ${code}`)))),
  );
}

try {
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', ROOT, clone]);
  console.log(`cloned ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone, encoding: 'utf8' }).trim()} into ${clone}`);
  const install = await npmInstall();
  const start = await timedStart(clone, path.join(work, 'pglite'));
  console.log(start.lines.join('\n'));
  const total = install + start.ms;
  console.log(`npm install (empty cache) ${seconds(install)} + npm start -> router answers ${seconds(start.ms)} = clone to first map ${seconds(total)} (target <= 45 s)`);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  recordFigures([
    { bench: 'clone', measure: 'npm install, empty npm cache (fresh clone)', value: install / 1000, unit: 's' },
    { bench: 'clone', measure: 'clone to first map: npm install + npm start -> router answers', value: total / 1000, unit: 's', target: { op: '<=', value: 45 } },
  ]);
} finally {
  if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
}
