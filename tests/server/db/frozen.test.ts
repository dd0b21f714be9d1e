// Issue 27 item 1: a frozen PostgreSQL (SIGSTOP on the postmaster and every backend: it accepts
// TCP connections and never answers, so its statement_timeout never fires) must not make a request
// wait forever. Router, WFS and the bundled data files answer 503 with Retry-After and CORS within
// the pool's bounds and log it; after SIGCONT the same server answers again by itself.
// PostgreSQL only (a server of its own: freezing the shared one would stop the other test files).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/server/db/postgres.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import { makeFakeDist, startServer } from '../helpers.ts';
import { rawRequest } from '../pageApi/helpers.ts';
import { startPgServer, type PgServer } from './pgServer.ts';
import { SLOW } from './testDatabase.ts';

const run = promisify(execFile);

/** The postmaster and its children (the backends and background workers). */
async function serverPids(pg: PgServer): Promise<number[]> {
  const postmaster = Number(readFileSync(path.join(pg.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = await run('pgrep', ['-P', String(postmaster)]).then(({ stdout }) => stdout.split('\n').filter(Boolean).map(Number));
  return [postmaster, ...children];
}

describe('a frozen PostgreSQL (SIGSTOP), then woken (SIGCONT)', { timeout: SLOW }, () => {
  let pg: PgServer;
  let db: ManagedDatabase;
  let server: { port: number; close: () => Promise<void> };
  let frozen: number[] = [];
  const logs: Array<Record<string, unknown>> = [];
  const dist = makeFakeDist();

  beforeAll(async () => {
    pg = await startPgServer();
    const url = await pg.createDatabase('frozen');
    db = openPostgres({ connectionString: url, max: 4, statementTimeoutMs: 500, connectTimeoutMs: 1000, queryTimeoutMs: 1500 });
    await db.exec(`CREATE TABLE cctv (id int PRIMARY KEY, code text, site text, band text, link text, geom geometry(Point, 4326));
      INSERT INTO cctv VALUES (1, 'C01', 'บางแสน', 'east', 'https://example.org/c01', ST_SetSRID(ST_MakePoint(100.9, 13.28), 4326))`);
    // The request deadline is far: what answers is the pool's own bounds.
    server = await startServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}', db, legends: [], requestTimeoutMs: 30_000, log: (e) => logs.push(e as Record<string, unknown>) });
  }, SLOW);
  afterAll(async () => {
    for (const pid of frozen) process.kill(pid, 'SIGCONT');
    await server?.close();
    await db?.close().catch(() => undefined);
    await pg?.stop();
    dist.cleanup();
  });

  it('every request ends within the bounds with 503, Retry-After and CORS, is logged, and the server recovers', async () => {
    expect((await rawRequest(server.port, 'GET', '/maps/assets/data/cctv.json')).status).toBe(200);

    frozen = await serverPids(pg);
    for (const pid of frozen) process.kill(pid, 'SIGSTOP');
    const targets = [
      '/maps/assets/data/cctv.json',
      '/tcs/v2/router?page=coastline&mode=list&list=province',
      '/geoserver/tcs_postgres/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:cmline_2567&COUNT=1',
      '/geoserver/tcs_postgres/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=tcs:cmline_2567&STYLES=&SRS=EPSG:4326&BBOX=99,6,101,8&WIDTH=64&HEIGHT=64&FORMAT=image/png',
    ];
    // Twice the pool's size at once: some wait for a pooled connection, the rest for an answer.
    const started = Date.now();
    const answers = await Promise.all([...targets, ...targets].map(async (target) => ({ target, answer: await rawRequest(server.port, 'GET', target), ms: Date.now() - started })));
    for (const { target, answer, ms } of answers) {
      expect({ target, status: answer.status }).toEqual({ target, status: 503 });
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(answer.headers['access-control-allow-origin']).toBe('*');
      expect(ms).toBeLessThan(10_000);
    }
    expect(logs.filter((l) => l.level === 'error').length).toBeGreaterThan(0);

    for (const pid of frozen) process.kill(pid, 'SIGCONT');
    frozen = [];
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await rawRequest(server.port, 'GET', '/maps/assets/data/cctv.json')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(200);
  });
});
