import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_JS, makeFakeDist, rawRequest, startServer } from './helpers.ts';

const config = { app: { basePath: '/maps', product: 'tcs' }, note: 'ปิด </script><script>alert(1)</script> \u2028 $& $1' };
const logs: object[] = [];
let port = 0;
let stop: () => Promise<void>;
let cleanup: () => void;

beforeAll(async () => {
  const dist = makeFakeDist();
  cleanup = dist.cleanup;
  const server = await startServer({
    basePath: '/maps',
    product: 'tcs',
    distDir: dist.dir,
    clientConfigJson: JSON.stringify(config),
    log: (entry) => logs.push(entry),
  });
  port = server.port;
  stop = server.close;
});

afterAll(async () => {
  await stop();
  cleanup();
});

const get = (target: string, headers: Record<string, string> = {}) => rawRequest(port, 'GET', target, headers);

function injectedConfig(html: string): unknown {
  const match = /<script id="app-config" type="application\/json">(.*?)<\/script>/s.exec(html);
  return match?.[1] === undefined ? undefined : JSON.parse(match[1]);
}

describe('redirects', () => {
  it('sends / and /maps to /maps/', async () => {
    for (const target of ['/', '/maps']) {
      const res = await get(target);
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('/maps/');
    }
  });

  it('keeps the query string', async () => {
    expect((await get('/maps?lang=th')).headers.location).toBe('/maps/?lang=th');
  });
});

describe('SPA page', () => {
  it.each(['/maps/', '/maps/cmline/island', '/maps/no-such-page', '/maps/index.html'])('serves index.html with the config for %s', async (target) => {
    const res = await get(target);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    const html = res.body.toString('utf8');
    expect(html).not.toContain('<!--app-config-->');
    expect(injectedConfig(html)).toEqual(config);
  });

  it('escapes the config so it cannot close the script element', async () => {
    const html = (await get('/maps/')).body.toString('utf8');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).toContain('\\u003c/script>');
    expect(html).toContain('\\u2028');
    expect(html).not.toContain('\u2028');
  });
});

describe('static files', () => {
  it.each([
    ['/maps/assets/app-abc123.js', 'text/javascript; charset=utf-8'],
    ['/maps/assets/style-abc123.css', 'text/css; charset=utf-8'],
    ['/maps/assets/app-abc123.js.map', 'application/json; charset=utf-8'],
    ['/maps/assets/maplibre-abc123.wasm', 'application/wasm'],
    ['/maps/assets/sarabun-abc123.woff2', 'font/woff2'],
    ['/maps/logo.svg', 'image/svg+xml'],
    ['/maps/icon.png', 'image/png'],
    ['/maps/manifest.json', 'application/json; charset=utf-8'],
  ])('serves %s as %s', async (target, type) => {
    const res = await get(target);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
  });

  it('caches hashed assets forever and revalidates other files', async () => {
    expect((await get('/maps/assets/app-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/maps/logo.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the HTML page', async () => {
    const res = await get('/maps/assets/app-gone99.js');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });
});

describe('ETag and 304', () => {
  it.each(['/maps/assets/app-abc123.js', '/maps/cmline', '/maps/icon.png'])('revalidates %s', async (target) => {
    const first = await get(target);
    const etag = first.headers.etag ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(target, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    expect((await get(target, { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('accepts a weak form of the tag', async () => {
    const etag = (await get('/maps/')).headers.etag ?? '';
    expect((await get('/maps/', { 'If-None-Match': `"x", W/${etag}` })).status).toBe(304);
  });
});

describe('gzip', () => {
  it('compresses text when the client accepts gzip', async () => {
    const res = await get('/maps/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(gunzipSync(res.body).toString('utf8')).toBe(APP_JS);
  });

  it('gives the gzip variant its own ETag that still validates', async () => {
    const plain = await get('/maps/assets/app-abc123.js');
    const zipped = await get('/maps/assets/app-abc123.js', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await get('/maps/assets/app-abc123.js', { 'Accept-Encoding': 'gzip', 'If-None-Match': zipped.headers.etag ?? '' });
    expect(revalidated.status).toBe(304);
  });

  it('sends identity without Accept-Encoding, with gzip;q=0 and for images', async () => {
    expect((await get('/maps/assets/app-abc123.js')).headers['content-encoding']).toBeUndefined();
    expect((await get('/maps/assets/app-abc123.js', { 'Accept-Encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();
    expect((await get('/maps/icon.png', { 'Accept-Encoding': 'gzip' })).headers['content-encoding']).toBeUndefined();
  });
});

describe('path traversal', () => {
  it.each([
    '/maps/../package.json',
    '/maps/%2e%2e/package.json',
    '/maps/%2E%2E/%2E%2E/package.json',
    '/maps/assets/..%2f..%2fpackage.json',
    '/maps/assets/..%5c..%5cpackage.json',
    '/maps/assets/app-abc123.js%00.png',
    '/maps/%E0%A4%A',
  ])('rejects %s with 400', async (target) => {
    const res = await get(target);
    expect(res.status).toBe(400);
    expect(res.body.toString('utf8')).not.toContain('"name"');
  });
});

describe('methods and unknown paths', () => {
  it('answers HEAD with headers and no body', async () => {
    const res = await rawRequest(port, 'HEAD', '/maps/assets/app-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(APP_JS)));
    expect(res.body.length).toBe(0);
  });

  it('answers 405 with Allow for other methods on the client', async () => {
    for (const target of ['/maps/assets/app-abc123.js', '/maps/cmline', '/maps']) {
      const res = await rawRequest(port, 'POST', target);
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });

  it('answers 404 plain text outside the base path', async () => {
    for (const target of ['/other', '/mapsx/', '/tcs/v2/router?page=x']) {
      const res = await get(target);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });
});

describe('request log', () => {
  it('logs method, path, status and duration', async () => {
    await get('/maps/logo.svg?x=1');
    // The server logs on its own 'close' event, which may come just after the client has the body.
    await vi.waitFor(() => expect(logs).toContainEqual({ method: 'GET', path: '/maps/logo.svg', status: 200, ms: expect.any(Number) }));
  });
});
