// Issue 12: every URL in capabilities starts with PUBLIC_URL when it is set; otherwise with the
// Host header, and X-Forwarded-Proto/Host count only from TRUSTED_PROXIES; answers that depend
// on those headers say so in Vary. CORS: `Access-Control-Allow-Origin: *` on OGC and router
// answers (errors included), OPTIONS preflights answered.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePublicUrl, parseTrustedProxies, publicOrigin } from '../../../src/server/http/publicUrl.ts';
import { SLOW } from '../db/testDatabase.ts';
import { startBackend, type Backend } from '../pageApi/helpers.ts';
import { rawRequest, startOgcServer, WFS, WMS } from './helpers.ts';

const fakeReq = (remoteAddress: string, headers: Record<string, string>) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

describe('public origin', () => {
  it('PUBLIC_URL is checked and normalised', () => {
    expect(parsePublicUrl('https://maps.example.org/')).toBe('https://maps.example.org');
    expect(parsePublicUrl('https://example.org/tcs//')).toBe('https://example.org/tcs');
    expect(parsePublicUrl(undefined)).toBeUndefined();
    for (const bad of ['ftp://x.org', 'https://x.org/?a=1', 'https://u:p@x.org', 'maps.example.org']) expect(() => parsePublicUrl(bad)).toThrow(/PUBLIC_URL/);
  });
  it('TRUSTED_PROXIES are addresses or IPv4 ranges', () => {
    expect(parseTrustedProxies('10.0.0.1, 192.168.0.0/16, ::1')).toEqual(['10.0.0.1', '192.168.0.0/16', '::1']);
    expect(() => parseTrustedProxies('proxy.local')).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/);
  });
  it('X-Forwarded-* only from a trusted proxy; a bad Host never reaches a URL', () => {
    const o = publicOrigin({ trustedProxies: ['10.1.0.0/16'] });
    const forwarded = { host: 'internal:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'maps.example.org' };
    expect(o.resolve(fakeReq('10.1.2.3', forwarded))).toBe('https://maps.example.org');
    expect(o.resolve(fakeReq('::ffff:10.1.2.3', forwarded))).toBe('https://maps.example.org');
    expect(o.resolve(fakeReq('10.2.0.1', forwarded))).toBe('http://internal:8080');
    expect(o.resolve(fakeReq('10.1.2.3', { host: 'a', 'x-forwarded-host': 'evil.org/"><x', 'x-forwarded-proto': 'javascript' }))).toBe('http://a');
    expect(o.resolve(fakeReq('10.2.0.1', { host: 'evil.org/"><x' }))).toBe('http://localhost');
    expect(o.vary).toEqual(['Host', 'X-Forwarded-Proto', 'X-Forwarded-Host']);
    expect(publicOrigin({ publicUrl: 'https://maps.example.org' }).vary).toEqual([]);
  });
});

describe('capabilities URLs and CORS over HTTP', () => {
  let backend: Backend;
  let fixed: Awaited<ReturnType<typeof startOgcServer>>;
  let proxied: Awaited<ReturnType<typeof startOgcServer>>;
  beforeAll(async () => {
    backend = await startBackend();
    fixed = await startOgcServer(backend.db, { publicUrl: 'https://maps.example.org/tcs' });
    proxied = await startOgcServer(backend.db, { trustedProxies: ['127.0.0.1'] });
  }, SLOW);
  afterAll(async () => {
    await fixed?.close();
    await proxied?.close();
    await backend?.close();
  });

  const urlsIn = (xml: string) => [...xml.matchAll(/(?:href|onlineResource)="(https?:[^"?]*)/gi)].map((m) => m[1]!);

  it.each([
    [WMS, 'WMS', '1.3.0'],
    [WMS, 'WMS', '1.1.1'],
    [WFS, 'WFS', '2.0.0'],
    [WFS, 'WFS', '1.1.0'],
    [WFS, 'WFS', '1.0.0'],
  ])('PUBLIC_URL: every URL of %s %s %s capabilities; no Vary on Host', async (path, service, version) => {
    const a = await rawRequest(fixed.port, 'GET', `${path}?SERVICE=${service}&VERSION=${version}&REQUEST=GetCapabilities`, { headers: { Host: 'evil.example' } });
    const urls = urlsIn(a.text);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url.startsWith('https://maps.example.org/tcs/geoserver/tcs_postgres/')).toBe(true);
    expect(a.text).not.toContain('evil.example');
    expect(String(a.headers.vary ?? '')).not.toMatch(/Host/);
  });

  it('without PUBLIC_URL: the Host header, X-Forwarded-* only from a trusted proxy, and Vary says so', async () => {
    const headers = { Host: 'internal:8080', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'maps.example.org' };
    const untrusted = await backend.request('GET', `${WFS}?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities`, { headers });
    expect(urlsIn(untrusted.text).every((u) => u.startsWith('http://internal:8080/'))).toBe(true);
    expect(untrusted.headers.vary).toMatch(/Host/);
    const trusted = await rawRequest(proxied.port, 'GET', `${WFS}?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetCapabilities`, { headers });
    expect(urlsIn(trusted.text).every((u) => u.startsWith('https://maps.example.org/'))).toBe(true);
    expect(trusted.headers.vary).toMatch(/X-Forwarded-Host/);
  });

  it.each([
    ['WMS GetCapabilities', `${WMS}?SERVICE=WMS&REQUEST=GetCapabilities`, 200],
    ['a WFS exception', `${WFS}?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=tcs:nope`, 400],
    ['the router', '/tcs/v2/router?page=changecoastline&mode=list&list=province', 200],
    ['a router error', '/tcs/v2/router?page=nope', 400],
  ])('CORS on %s', async (_name, target, status) => {
    const a = await backend.request('GET', target, { headers: { Origin: 'https://someone.example' } });
    expect(a.status).toBe(status);
    expect(a.headers['access-control-allow-origin']).toBe('*');
  });

  it.each([WMS, WFS, '/tcs/v2/router'])('OPTIONS preflight on %s', async (path) => {
    const a = await backend.request('OPTIONS', path, {
      headers: { Origin: 'https://someone.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(a.status).toBe(204);
    expect(a.headers['access-control-allow-origin']).toBe('*');
    expect(a.headers['access-control-allow-methods']).toMatch(/GET.*POST/);
    expect(a.headers['access-control-allow-headers']).toBe('content-type');
  });
});
