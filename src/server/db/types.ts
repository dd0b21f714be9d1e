// The database contract every server module codes against, whichever engine is behind it:
// embedded PGlite + PostGIS (default) or a real PostgreSQL/PostGIS through DATABASE_URL.

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
