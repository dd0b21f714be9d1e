// A throwaway PostgreSQL 15 + PostGIS 3 server from the Debian packages (postgresql-15,
// postgresql-15-postgis-3) for tests: initdb into a temp dir, start on a random loopback port
// with its unix socket in that dir, CREATE EXTENSION postgis.
//
// initdb and postgres refuse to run as root. As root we hand the temp dir to the `postgres`
// system user (created by the Debian package) and run the binaries through `runuser -u postgres`;
// as any other user they run directly.

import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export const DEFAULT_PG_BIN_DIR = '/usr/lib/postgresql/15/bin';

export interface PgServer {
  /** Connection string of the `postgres` database (trust auth, user postgres). */
  url: string;
  port: number;
  dir: string;
  /** Creates another database on this server (with PostGIS) and returns its connection string. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

export function pgBinDir(): string {
  return process.env.PG_BIN_DIR ?? DEFAULT_PG_BIN_DIR;
}

export function canStartPgServer(): boolean {
  return existsSync(path.join(pgBinDir(), 'initdb')) && existsSync(path.join(pgBinDir(), 'pg_ctl'));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function withPostGis(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS postgis');
  } finally {
    await client.end();
  }
}

/** A temp dir the PostgreSQL binaries may write, and a way to run them (as `postgres` when root). */
async function pgWorkspace(prefix: string): Promise<{ dir: string; exec: (file: string, args: string[]) => Promise<{ stdout: string }> }> {
  const bin = pgBinDir();
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
  }
  const exec = async (file: string, args: string[]) => {
    const command = path.join(bin, file);
    return asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);
  };
  return { dir, exec };
}

const serverSettings = (port: number, dir: string) =>
  [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off'].join(' ');

export async function startPgServer(): Promise<PgServer> {
  const { dir, exec } = await pgWorkspace('pgtest-');
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  try {
    await exec('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
    await exec('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', serverSettings(port, dir), '-w', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const urlFor = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`;
  const url = urlFor('postgres');
  await withPostGis(url);
  return {
    url,
    port,
    dir,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      await withPostGis(urlFor(name));
      return urlFor(name);
    },
    async stop() {
      try {
        await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export interface PgReplica {
  port: number;
  /** The same connection string with the replica's port. */
  urlFor(primaryUrl: string): string;
  stop(): Promise<void>;
}

/**
 * A streaming replica (hot standby) of the server at `primaryUrl`: `pg_basebackup -R -X stream`
 * (initdb's default pg_hba.conf lets local replication connections in, and wal_level=replica is the
 * default), started on its own port; resolves once it accepts read-only queries.
 */
export async function startReplica(primaryUrl: string): Promise<PgReplica> {
  const primary = new URL(primaryUrl);
  const { dir, exec } = await pgWorkspace('pgreplica-');
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const urlFor = (url: string) => {
    const u = new URL(url);
    u.port = String(port);
    return u.toString();
  };
  try {
    await exec('pg_basebackup', ['-h', primary.hostname, '-p', primary.port, '-U', primary.username || 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast']);
    await exec('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-o', `${serverSettings(port, dir)} -c hot_standby=on`, '-w', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    urlFor,
    async stop() {
      try {
        await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
