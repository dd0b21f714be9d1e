// The database contract every server module codes against, whichever engine is behind it:
// embedded PGlite + PostGIS (default) or a real PostgreSQL/PostGIS through DATABASE_URL.
//
// Value types are the same on both engines: int2/int4/int8 and float4/float8/numeric come back as
// JS numbers, `date` as 'YYYY-MM-DD' text, timestamps as Date, json/jsonb parsed.

export interface QueryResult<Row> {
  rows: Row[];
}

export interface Queryable {
  /** Parameterised SQL ($1, $2, ...). Values are always bound, never pasted into the text. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: all of it or none of it. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Runs SQL text that may hold several statements and no parameters (migrations, scripts). */
export interface ScriptRunner {
  exec(sql: string): Promise<void>;
}

/** One connection held for a while: session settings and advisory locks stay on it. */
export interface Session extends Queryable, ScriptRunner {
  transaction<T>(fn: (tx: Queryable & ScriptRunner) => Promise<T>): Promise<T>;
}

/** What `openDatabase` returns: the `Database` contract plus the tools migrations and seeding need. */
export interface ManagedDatabase extends Database, ScriptRunner {
  /** Where the data lives, for logs: 'PGlite data/pglite' or 'PostgreSQL 127.0.0.1:5432/tcs'. */
  readonly description: string;
  /** Holds one connection for `fn` (on PGlite the only one, so nothing else runs meanwhile). */
  withSession<T>(fn: (session: Session) => Promise<T>): Promise<T>;
}
