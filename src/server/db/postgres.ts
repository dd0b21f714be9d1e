// A real PostgreSQL/PostGIS server through a node-postgres pool. Every connection gets a
// statement timeout and no parallel workers; transactions and sessions hold one pooled
// connection until they finish. No request waits forever on a server that stopped answering:
// a connection comes in connectTimeoutMs or the request fails, an answer in queryTimeoutMs or the
// connection is dropped (issue 27 item 1); sessions (migrations, seeding) wait as long as needed.

import pg from 'pg';
import { inTransaction, type Connection } from './transaction.ts';
import type { ManagedDatabase, QueryResult, Session } from './types.ts';
import { TEXT_PARSERS } from './valueTypes.ts';

interface PostgresOptions {
  connectionString: string;
  /** Pool size (default 10). */
  max?: number;
  /** Per-statement time limit in ms on every connection (default 10 000; 0 turns it off). */
  statementTimeoutMs?: number;
  /** How long a request waits for a pooled connection, or a new one to open, in ms (default 10 000). */
  connectTimeoutMs?: number;
  /**
   * How long the client waits for a statement's answer in ms (default statementTimeoutMs + 5 000;
   * none when statementTimeoutMs is 0). A frozen server never runs its statement_timeout: this ends
   * the wait, and the connection is dropped.
   */
  queryTimeoutMs?: number;
  applicationName?: string;
}

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const parse = TEXT_PARSERS[oid];
    if (parse && format !== 'binary') return parse;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

/** 'host:port/database' without user or password, for logs. */
export function describeConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.hostname || 'localhost'}:${url.port || 5432}${url.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** setTimeout's longest delay: a session's statements wait as long as the server lets them. */
const NO_QUERY_TIMEOUT = 2_147_483_647;

/** `unbounded`: a session (migrations, seeding, an advisory lock), which lifts statement_timeout itself. */
function wrapClient(client: pg.PoolClient, unbounded: boolean): Connection {
  const timeout = unbounded ? { query_timeout: NO_QUERY_TIMEOUT } : {};
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await client.query({ text: sql, values: [...params], ...timeout });
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string): Promise<void> {
      await client.query({ text: sql, ...timeout });
    },
  };
}

/** What the server itself has to answer in after statement_timeout fired (a cancel, a rollback). */
const QUERY_TIMEOUT_MARGIN_MS = 5_000;

export function openPostgres(options: PostgresOptions): ManagedDatabase & { pool: pg.Pool } {
  const statementTimeoutMs = options.statementTimeoutMs ?? 10_000;
  const queryTimeoutMs = options.queryTimeoutMs ?? (statementTimeoutMs > 0 ? statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS : 0);
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    statement_timeout: statementTimeoutMs,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
    ...(queryTimeoutMs > 0 ? { query_timeout: queryTimeoutMs } : {}),
    application_name: options.applicationName ?? 'thai-coastal-map',
    // A parallel worker is a new backend that loads PostGIS first: ~50 ms before a WFS page that
    // takes ~10 ms alone (the planner starts one when ST_Intersects' cost looks high). The requests
    // in flight use the cores; one request fanning out only makes it slower. A startup parameter
    // of every connection, so no query runs without it (a SET sent on 'connect' was not awaited:
    // pg's deprecation warning).
    options: '-c max_parallel_workers_per_gather=0',
    types: typeParsers,
  });
  // An idle client that loses its server would otherwise crash the process.
  pool.on('error', (error) => console.error(`PostgreSQL pool: ${error.message}`));

  const withClient = async <T>(fn: (conn: Connection) => Promise<T>, unbounded = false): Promise<T> => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await fn(wrapClient(client, unbounded));
    } catch (error) {
      // Errors the server reports carry a 5-character SQLSTATE and leave the connection usable;
      // anything else (network, protocol) may not: do not give that connection back.
      const sqlState = (error as { code?: unknown }).code;
      if (!(typeof sqlState === 'string' && /^[0-9A-Z]{5}$/.test(sqlState))) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  };

  return {
    kind: 'postgres',
    description: `PostgreSQL ${describeConnectionString(options.connectionString)}`,
    pool,
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      const result = await pool.query(sql, [...params]);
      return { rows: result.rows as Row[] };
    },
    async exec(sql: string): Promise<void> {
      await pool.query(sql);
    },
    transaction: (fn) => withClient((conn) => inTransaction(conn, fn)),
    withSession: (fn) =>
      withClient((conn) => {
        const session: Session = { ...conn, transaction: (inner) => inTransaction(conn, inner) };
        return fn(session);
      }, true),
    close: () => pool.end(),
  };
}
