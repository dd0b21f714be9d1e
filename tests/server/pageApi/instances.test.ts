// App instances on ONE PostgreSQL/PostGIS database, as behind a load balancer (docs/running.md): three started
// together on an empty database migrate and load the sample once (advisory lock), the same sample
// the other tests read; then they answer the same data with the same ETags. Runs on TEST_DATABASE_URL's server when set (the
// server-pg project), otherwise on a throwaway PostgreSQL 15 + PostGIS 3 from the Debian packages;
// without either it fails: CI installs postgresql-15 and postgresql-15-postgis-3. A third instance
// serves through a read-only connection, the way DATABASE_READ_URL points at a read replica.
import type { Server } from 'node:http';
import { unzipSync } from 'fflate';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../../src/server/app.ts';
import { openServingDatabase } from '../../../src/server/database.ts';
import { ensureDatabase } from '../../../src/server/db/ensure.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import type { EnsureReport } from '../../../src/server/db/ensure.ts';
import { canStartPgServer, pgBinDir, startPgServer, type PgServer } from '../db/pgServer.ts';
import { fingerprint } from '../db/fingerprint.ts';
import { openSampleDatabase, SLOW, TEST_DATABASE_URL } from '../db/testDatabase.ts';
import { makeFakeDist } from '../helpers.ts';
import { closeServer, listen, rawRequest } from './helpers.ts';

/**
 * A shape-zip's entries without the moment it was made (the .dbf header's date, the readme's
 * 'Created' line): two instances answering the same download a second apart zip the same data,
 * but the compressed readme's length can differ by a byte.
 */
function zipContents(body: Buffer): Record<string, string> {
  const entries = Object.entries(unzipSync(new Uint8Array(body)));
  return Object.fromEntries(
    entries.map(([name, bytes]) => {
      const data = Buffer.from(bytes);
      if (name.endsWith('.dbf')) data.fill(0, 1, 4);
      const text = name.endsWith('.txt') ? data.toString('utf8').replace(/^.*Created: .*$/m, '') : data.toString('base64');
      return [name, text];
    }),
  );
}

let url: string;
let cleanup: () => Promise<void> = async () => undefined;
const started: Array<{ db: ManagedDatabase; report: EnsureReport; server: Server; port: number }> = [];
const dist = makeFakeDist();

async function admin(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (TEST_DATABASE_URL) {
    const name = `tcs_router_instances_${process.pid}`;
    await admin(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${name}`);
    await admin(TEST_DATABASE_URL, `CREATE DATABASE ${name}`);
    const u = new URL(TEST_DATABASE_URL);
    u.pathname = `/${name}`;
    url = u.toString();
    cleanup = () => admin(TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${name}`);
  } else {
    if (!canStartPgServer()) {
      throw new Error(
        `Two instances on one PostgreSQL need PostgreSQL 15 + PostGIS 3 binaries in ${pgBinDir()} (PG_BIN_DIR): ` +
          'apt-get install postgresql-15 postgresql-15-postgis-3 (CI installs postgresql-15-postgis-3), or set TEST_DATABASE_URL.',
      );
    }
    const server: PgServer = await startPgServer();
    url = await server.createDatabase('tcs_router_instances');
    cleanup = () => server.stop();
  }
}, SLOW);

afterAll(async () => {
  for (const s of started) {
    await closeServer(s.server);
    await s.db.close();
  }
  dist.cleanup();
  await cleanup();
}, SLOW);

async function startInstance(db: ManagedDatabase): Promise<{ server: Server; port: number }> {
  const server = createAppServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}', db, legends: [], log: () => undefined });
  return { server, port: await listen(server) };
}

describe('instances on one PostgreSQL', { timeout: SLOW }, () => {
  it('three concurrent first starts migrate and load the sample once (advisory lock), the same sample as every other test reads', async () => {
    const opened = await Promise.all([1, 2, 3].map(() => ensureDatabase({ databaseUrl: url, log: () => undefined })));
    for (const { db, report } of opened) started.push({ db, report, ...(await startInstance(db)) });
    expect(started.map((s) => s.report.data).sort()).toEqual(['generated', 'present', 'present']);
    const counts = await Promise.all(started.map((s) => s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM change_area')));
    expect(counts[0]!.rows[0]!.n).toBeGreaterThan(1000);
    expect(new Set(counts.map((c) => c.rows[0]!.n)).size).toBe(1);
    // Generated on PostgreSQL here, it is the dataset the rest of the suite reads (tests/server/db/generator.test.ts on PGlite).
    const cached = await openSampleDatabase();
    try {
      expect(await fingerprint(started[0]!.db)).toEqual(await fingerprint(cached.db));
    } finally {
      await cached.close();
    }
    expect(started.filter((s) => s.report.migrations.length > 0)).toHaveLength(1);
    const { rows } = await started[0]!.db.query<{ version: number; n: number }>('SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const datasets = await started[1]!.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dataset_info');
    expect(datasets.rows[0]!.n).toBe(1);
  });

  it('both answer the same data with the same ETags', async () => {
    const targets = [
      '/tcs/v2/router?page=coastline&mode=list&list=province',
      '/tcs/v2/router?page=changecoastline&mode=list&list=amphur&pv=90',
      '/tcs/v2/router?page=changecoastline&mode=year',
      '/tcs/v2/router?page=beachsystem&mode=beachm',
      '/tcs/v2/router?page=wfs&mode=getbound&layer=tcs:erosion_area&viewparams=code:90;start:2562;end:2567',
      '/maps/assets/data/cctv.json',
      '/maps/assets/data/coastal_location_island.json',
    ];
    for (const target of targets) {
      const [a, b] = await Promise.all(started.map((s) => rawRequest(s.port, 'GET', target)));
      expect(a!.status, `${target}: ${a!.text.slice(0, 200)}`).toBe(200);
      expect(b!.status).toBe(200);
      expect(b!.text, target).toBe(a!.text);
      expect(b!.headers.etag, target).toBe(a!.headers.etag);
      // A load balancer may send the revalidation to the other instance.
      expect((await rawRequest(started[1]!.port, 'GET', target, { headers: { 'If-None-Match': a!.headers.etag! } })).status).toBe(304);
    }
    expect((await rawRequest(started[0]!.port, 'GET', '/maps/assets/data/cctv.json')).json()).toHaveLength(22);
  });

  it('serve concurrent requests from both instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => rawRequest(started[i % 2]!.port, 'GET', `/tcs/v2/router?page=coastline&mode=list&list=amphur&pv=${['90', '83', '20', '84'][i % 4]}`)),
    );
    expect(answers.every((a) => a.status === 200 && a.json().data.length > 0)).toBe(true);
  });

  it('every pooled connection has the statement timeout and no parallel workers', async () => {
    const { rows } = await started[0]!.db.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(rows[0]!.statement_timeout).toBe('10s');
    // a parallel worker loads PostGIS first: ~50 ms before a WFS page of ~10 ms (src/server/db/postgres.ts)
    const parallel = await Promise.all(Array.from({ length: 4 }, () => started[0]!.db.query<{ max_parallel_workers_per_gather: string }>('SHOW max_parallel_workers_per_gather')));
    expect(parallel.map((r) => r.rows[0]!.max_parallel_workers_per_gather)).toEqual(['0', '0', '0', '0']);
  });

  it('a third instance started later (warm) serves everything through a read-only connection (DATABASE_READ_URL, as on a replica)', async () => {
    // default_transaction_read_only makes every statement fail that would write, as a hot standby does.
    const readOnly = new URL(url);
    readOnly.searchParams.set('options', '-c default_transaction_read_only=on');
    const t0 = performance.now();
    const serving = await openServingDatabase({ env: { DATABASE_URL: url, DATABASE_READ_URL: readOnly.toString() }, log: () => undefined });
    const startMs = performance.now() - t0;
    const { server, port } = await startInstance(serving.db);
    try {
      expect(serving.role).toBe('read replica');
      expect(serving.report.data).toBe('present');
      expect(serving.report.migrations).toEqual([]);
      expect(startMs).toBeLessThan(5000);
      await expect(serving.db.query('CREATE TABLE should_fail (x int)')).rejects.toThrow(/read-only/);
      const [island] = (await serving.db.query<{ island: string }>('SELECT island FROM island ORDER BY gid LIMIT 1')).rows;
      const targets = [
        '/tcs/v2/router?page=coastline&mode=list&list=tambon&pv=90&ap=9001',
        '/tcs/v2/router?page=beachsystem&mode=beachs&code_b_c=T1-01',
        '/tcs/v2/router?page=locations&mode=pv-center&pv-code=83',
        '/tcs/v2/router?page=landuse&mode=lul2&pv=90',
        `/tcs/v2/router?page=wfsisland&typeNames=tcs:island_polygon&island=${encodeURIComponent(island!.island)}`,
        '/tcs/v2/router?page=download&mode=changecoastline&outputFormat=shape-zip&typeName=tcs:erosion_area&viewparams=code:90;start:2562;end:2567',
        '/maps/assets/data/radar_stations.json',
      ];
      for (const target of targets) {
        const [a, c] = await Promise.all([rawRequest(started[0]!.port, 'GET', target), rawRequest(port, 'GET', target)]);
        expect(c!.status, `${target}: ${c!.text.slice(0, 200)}`).toBe(200);
        if (target.includes('download')) expect(zipContents(c!.body)).toEqual(zipContents(a!.body));
        else expect(c!.text, target).toBe(a!.text);
      }
    } finally {
      await closeServer(server);
      await serving.db.close();
    }
  });
});
