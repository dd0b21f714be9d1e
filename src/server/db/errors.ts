// What a database failure means for the answer, shared by the OGC services and the router:
// a data exception is the request's fault (400), a statement timeout or an unreachable server
// is temporary (503 with Retry-After), anything else is a server bug (500).

/**
 * PostgreSQL SQLSTATE class 22 (data exception: a date or number out of range) means a request
 * value the filters let through was still not acceptable: the client's fault, not a 500.
 */
export function isDataException(error: unknown): boolean {
  const code = sqlState(error);
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** 'timeout' when a statement hit statement_timeout (57014), 'unavailable' when the server cannot be reached or is shutting down. */
export function databaseTrouble(error: unknown): 'timeout' | 'unavailable' | undefined {
  const code = sqlState(error);
  if (code === '57014') return 'timeout';
  if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ETIMEDOUT') return 'unavailable';
  if (code === '57P01' || code === '57P02' || code === '57P03' || code === '53300' || code === '08000' || code === '08001' || code === '08006') return 'unavailable';
  // node-postgres' own words: no pooled connection in time, a connection that did not open in time
  // ('timeout expired'), or no answer in time (a frozen server: its statement_timeout never fires).
  if (error instanceof Error && /timeout exceeded when trying to connect|^timeout expired$|Query read timeout|Connection terminated|connection is closed|Client has encountered a connection error/i.test(error.message)) {
    return 'unavailable';
  }
  return undefined;
}

/** The JSON answer to a database failure the request or the moment caused (the router and the
 *  values/totals endpoints), or null for a server bug (500). */
export function databaseFailure(error: unknown): { status: 400 | 503; message: string } | null {
  if (isDataException(error)) return { status: 400, message: 'a value in the request is out of range for its attribute' };
  const trouble = databaseTrouble(error);
  if (trouble === 'timeout') return { status: 503, message: 'the query took too long; narrow the request' };
  if (trouble === 'unavailable') return { status: 503, message: 'the database is not available, try again shortly' };
  return null;
}

/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 5;

function sqlState(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}
