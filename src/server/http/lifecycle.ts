// The server's life for a load balancer: /healthz (the process answers), /readyz (the database
// answers and the server is not shutting down), and a graceful shutdown that stops taking
// connections, lets the requests in flight finish (closing keep-alive connections as they go
// idle) and only then reports done.
import type { Server } from 'node:http';
import { RETRY_AFTER_SECONDS } from '../db/errors.ts';
import type { Queryable } from '../db/types.ts';
import type { Route } from './routeTable.ts';

/** How long /readyz waits for the database. */
export const READY_TIMEOUT_MS = 2000;

type Response = import('node:http').ServerResponse;

export class Lifecycle {
  private draining = false;
  private readonly inFlight = new Set<Response>();

  get isDraining(): boolean {
    return this.draining;
  }

  /** Follows a response until it is done: when the server drains, its connection is not kept alive. */
  track(res: Response): void {
    if (this.draining) res.setHeader('Connection', 'close');
    this.inFlight.add(res);
    res.once('close', () => this.inFlight.delete(res));
  }

  /**
   * Stops accepting connections and waits for every request in flight; true when all finished
   * within `timeoutMs`, false when the rest had to be cut.
   */
  async drain(server: Server, timeoutMs = 10_000): Promise<boolean> {
    this.draining = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const expired = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    const done = await Promise.race([closed.then(() => true as const), expired]);
    clearInterval(idle);
    clearTimeout(timer);
    if (!done) server.closeAllConnections();
    return done;
  }
}

function sendStatus(res: Response, status: number, body: object, headers: Record<string, string> = {}): void {
  const payload = Buffer.from(JSON.stringify(body));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': payload.length, 'Cache-Control': 'no-store', ...headers });
  res.end(payload);
}

async function databaseAnswers(db: Queryable): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS)));
  const query = db.query('SELECT 1').then(
    () => true,
    () => false,
  );
  const ok = await Promise.race([query, timeout]);
  clearTimeout(timer);
  return ok;
}

/** GET /healthz and /readyz. */
export function healthRoutes(lifecycle: Lifecycle, db: Queryable | undefined): Route[] {
  return [
    { methods: ['GET'], pattern: '/healthz', handler: ({ res }) => sendStatus(res, 200, { status: 'ok' }) },
    {
      methods: ['GET'],
      pattern: '/readyz',
      handler: async ({ res }) => {
        const unready = { 'Retry-After': String(RETRY_AFTER_SECONDS) };
        if (lifecycle.isDraining) return sendStatus(res, 503, { status: 'shutting down' }, unready);
        if (db && !(await databaseAnswers(db))) return sendStatus(res, 503, { status: 'database not answering' }, unready);
        sendStatus(res, 200, { status: 'ready', database: db ? 'answering' : 'none' });
      },
    },
  ];
}
