// Scale-out on a real streaming replica (issue 12 item 6): the server-pg suite's PostgreSQL is
// copied with `pg_basebackup -R` into a hot standby that streams its WAL; an instance started with
// DATABASE_READ_URL on the standby answers exactly as one on the primary, the standby refuses
// writes, and a write on the primary reaches it. Runs once, in server-pg (vitest POSTGRES_ONLY).
import type { Server } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServer } from '../../../src/server/app.ts';
import { openServingDatabase, type ServingDatabase } from '../../../src/server/database.ts';
import { makeFakeDist } from '../helpers.ts';
import { closeServer, listen, rawRequest } from '../pageApi/helpers.ts';
import { startReplica, type PgReplica } from './pgServer.ts';
import { openSampleDatabase, sampleKey, SLOW, TEST_DATABASE_URL, type TestDatabase } from './testDatabase.ts';

const dist = makeFakeDist();
let sample: TestDatabase;
let replica: PgReplica;
const instances: Array<{ serving: ServingDatabase; server: Server; port: number }> = [];

function databaseUrl(base: string, name: string): string {
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

async function once<Row>(url: string, sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/** `read()` again every 100 ms until `done` accepts its value (at most `tries` times); the last value. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, tries = 200): Promise<T> {
  let value = await read();
  for (let i = 1; i < tries && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

async function startInstance(env: Record<string, string>): Promise<{ serving: ServingDatabase; port: number }> {
  const serving = await openServingDatabase({ env, log: () => undefined });
  const server = createAppServer({ basePath: '/maps', product: 'tcs', distDir: dist.dir, clientConfigJson: '{}', db: serving.db, legends: [], log: () => undefined });
  const port = await listen(server);
  instances.push({ serving, server, port });
  return { serving, port };
}

beforeAll(async () => {
  if (!TEST_DATABASE_URL) throw new Error('replica.test.ts runs in the server-pg project (TEST_DATABASE_URL names the primary)');
  sample = await openSampleDatabase(); // the sample database exists on the primary before the copy
  replica = await startReplica(TEST_DATABASE_URL);
}, SLOW);

afterAll(async () => {
  for (const i of instances) {
    await closeServer(i.server);
    await i.serving.db.close();
  }
  await replica?.stop();
  await sample?.close();
  dist.cleanup();
}, SLOW);

describe('a streaming replica (pg_basebackup -R)', { timeout: SLOW }, () => {
  it('is a hot standby streaming from the primary', async () => {
    expect(await once<{ r: boolean }>(replica.urlFor(TEST_DATABASE_URL!), 'SELECT pg_is_in_recovery() AS r')).toEqual([{ r: true }]);
    // A standby just started reports 'catchup' while it replays the WAL written since its base
    // backup, then 'streaming' (seen as 'catchup' once in CI): wait up to 20 s for it.
    const senders = await until(
      () => once<{ state: string }>(TEST_DATABASE_URL!, 'SELECT state FROM pg_stat_replication'),
      (rows) => rows.some((r) => r.state === 'streaming'),
    );
    expect(senders.map((s) => s.state)).toContain('streaming');
  });

  it('a write on the primary reaches the replica; the replica refuses writes', async () => {
    const table = `replica_probe_${process.pid}`;
    await once(TEST_DATABASE_URL!, `CREATE TABLE ${table} (note text)`);
    try {
      await once(TEST_DATABASE_URL!, `INSERT INTO ${table} VALUES ($1)`, ['ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง']);
      const seen = await until(
        () => once<{ note: string }>(replica.urlFor(TEST_DATABASE_URL!), `SELECT note FROM ${table}`).catch(() => []),
        (rows) => rows.length > 0,
        100,
      );
      expect(seen).toEqual([{ note: 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง' }]);
      await expect(once(replica.urlFor(TEST_DATABASE_URL!), `INSERT INTO ${table} VALUES ('x')`)).rejects.toThrow(/read-only/);
    } finally {
      await once(TEST_DATABASE_URL!, `DROP TABLE IF EXISTS ${table}`);
    }
  });

  it('an instance reading from the replica (DATABASE_READ_URL) answers as one on the primary', async () => {
    const primaryUrl = databaseUrl(TEST_DATABASE_URL!, `tcs_sample_${sampleKey()}`);
    const onPrimary = await startInstance({ DATABASE_URL: primaryUrl });
    const onReplica = await startInstance({ DATABASE_URL: primaryUrl, DATABASE_READ_URL: replica.urlFor(primaryUrl) });
    expect([onPrimary.serving.role, onReplica.serving.role]).toEqual(['primary', 'read replica']);
    const [island] = await once<{ island: string }>(primaryUrl, 'SELECT island FROM island ORDER BY gid LIMIT 1');
    const targets = [
      '/tcs/v2/router?page=coastline&mode=list&list=amphur&pv=90',
      '/tcs/v2/router?page=changecoastline&mode=year',
      '/tcs/v2/router?page=landuse&mode=lul2&pv=90',
      `/tcs/v2/router?page=wfsisland&typeNames=tcs:island_polygon&island=${encodeURIComponent(island!.island)}`,
      '/tcs/v2/router?page=search&q=%E0%B8%AA%E0%B8%87%E0%B8%82%E0%B8%A5%E0%B8%B2&limit=5',
      '/geoserver/tcs_postgres/wfs?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:erosion_area&VIEWPARAMS=code:90;start:2562;end:2567&OUTPUTFORMAT=application/json',
      '/geoserver/tcs_postgres/wms?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=tcs:cmline_2567&STYLES=&CRS=CRS:84&BBOX=100.3,7.0,100.8,7.4&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE',
      '/maps/assets/data/cctv.json',
    ];
    for (const target of targets) {
      const [a, b] = await Promise.all([rawRequest(onPrimary.port, 'GET', target), rawRequest(onReplica.port, 'GET', target)]);
      expect(a!.status, `${target}: ${a!.text.slice(0, 200)}`).toBe(200);
      expect(b!.status, `${target}: ${b!.text.slice(0, 200)}`).toBe(200);
      // WFS answers say when they were made
      const same = (x: string) => x.replace(/"timeStamp":"[^"]*"/, '');
      if (a!.headers['content-type']?.startsWith('image/')) expect(b!.body.equals(a!.body), target).toBe(true);
      else expect(same(b!.text), target).toBe(same(a!.text));
    }
  });
});
