// `npm start`'s launcher (node src/server/launch.mjs, without npm's own ~0.3 s) on the embedded
// database, timed from spawning the process to the first router answer (HTTP 200). Used by
// bench-start.ts (first and warm starts) and bench-clone.ts (a fresh clone's first start).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const PROBE = '/tcs/v2/router?page=coastline&mode=list&list=province';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** This environment on the embedded database (no PostgreSQL URLs). */
function embeddedEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete env.DATABASE_URL;
  delete env.DATABASE_READ_URL;
  return env;
}

/** Starts the server of the repository at `root` on `dataDir`, waits for the router, stops it. */
export async function timedStart(root: string, dataDir: string, extraEnv: Record<string, string> = {}): Promise<{ ms: number; lines: string[] }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['src/server/launch.mjs'], {
    cwd: root,
    env: embeddedEnv({ PORT: String(port), HOST: '127.0.0.1', PGLITE_DATA_DIR: dataDir, ...extraEnv }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter((l) => /config ok|server bundle|database:|ready|Serving|sample data:|Building/.test(l)));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${lines.join('\n')}`);
      const ok = await fetch(`http://127.0.0.1:${port}${PROBE}`).then((r) => r.status === 200, () => false);
      if (ok) return { ms: performance.now() - started, lines };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}
