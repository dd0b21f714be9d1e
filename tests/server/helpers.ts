import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createAppServer, type AppServerOptions } from '../../src/server/app.ts';

export const INDEX_HTML = '<!doctype html><html lang="th"><head><!--app-config--></head><body><div id="root"></div></body></html>';
// Long enough that gzip pays off.
export const APP_JS = 'export const greeting = "สวัสดี";\n'.repeat(200);

/** A tiny stand-in for a Vite build: index.html with the config marker and a hashed asset. */
export function makeFakeDist(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fake-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  const files: Record<string, string | Buffer> = {
    'index.html': INDEX_HTML,
    'assets/app-abc123.js': APP_JS,
    'assets/app-abc123.js.map': '{"version":3,"sources":[],"mappings":""}',
    'assets/style-abc123.css': 'body { margin: 0; }\n'.repeat(100),
    'assets/maplibre-abc123.wasm': Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]),
    'assets/sarabun-abc123.woff2': Buffer.from('wOF2fake'),
    'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'icon.png': Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    'manifest.json': '{}',
  };
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(dir, name), content);
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts an app server on a random port. */
export async function startServer(options: AppServerOptions): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createAppServer(options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { port, close };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request: the path is sent exactly as given (fetch would resolve `..` first). */
export function rawRequest(port: number, method: string, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}
