// An app server with the provider backend on the generated sample database (the shared cached
// copy of tests/server/db/testDatabase.ts: PGlite by default, PostgreSQL with TEST_DATABASE_URL).
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'yaml';
import { legendsOfConfig } from '../legendsOfConfig.ts';
import { createAppServer } from '../../../src/server/app.ts';
import type { Glossary } from '../../../src/engine/types.ts';
import type { ManagedDatabase } from '../../../src/server/db/types.ts';
import { openSampleDatabase } from '../db/testDatabase.ts';
import { makeFakeDist } from '../helpers.ts';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: () => any;
}

export interface Backend {
  port: number;
  db: ManagedDatabase;
  /** A request to this server; `target` is sent exactly as given. */
  request(method: string, target: string, options?: { headers?: Record<string, string>; body?: string | Buffer }): Promise<Answer>;
  /** GET /tcs/v2/router?<query>. */
  router(query: string | Record<string, string>, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

export function rawRequest(port: number, method: string, target: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

export async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export async function startBackend(options: { db?: ManagedDatabase; allowOrigins?: string[] } = {}): Promise<Backend> {
  const opened = options.db ? null : await openSampleDatabase();
  const db = options.db ?? opened!.db;
  const dist = makeFakeDist();
  const server = createAppServer({
    basePath: '/maps',
    product: 'tcs',
    distDir: dist.dir,
    clientConfigJson: '{}',
    db,
    // The product's own legends and glossary: downloads label their fields and codes from them.
    legends: legendsOfConfig(),
    glossary: parse(readFileSync(new URL('../../../config/glossary.yaml', import.meta.url), 'utf8')) as Glossary,
    proxy: { allowOrigins: options.allowOrigins ?? [] },
    log: () => undefined,
  });
  const port = await listen(server);
  const request: Backend['request'] = (method, target, o) => rawRequest(port, method, target, o);
  return {
    port,
    db,
    request,
    router: (query, headers) => request('GET', `/tcs/v2/router?${typeof query === 'string' ? query : new URLSearchParams(query).toString()}`, { headers }),
    async close() {
      await closeServer(server);
      dist.cleanup();
      await opened?.close();
    },
  };
}

/** A loopback HTTP server that counts the requests it gets (an SSRF target must see none). */
export async function startSentinel(): Promise<{ port: number; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end('{"sentinel":true}');
  });
  // '::' takes IPv4 and IPv6 loopback alike, so [::1] targets are caught too.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '::', resolve);
  }).catch(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
  return { port: (server.address() as AddressInfo).port, hits, close: () => closeServer(server) };
}
