import { describe, expect, it } from 'vitest';
import { checkProxyTarget, proxyFeatureInfo, ProxyError } from '../../../src/server/proxy/wmsProxy.ts';
import { isPrivateAddress } from '../../../src/server/proxy/addresses.ts';

const GFI = 'SERVICE=WMS&REQUEST=GetFeatureInfo&LAYERS=tcs:cmline_2567&QUERY_LAYERS=tcs:cmline_2567&INFO_FORMAT=application/json';
const options = {
  allowOrigins: ['https://gis.example.go.th'],
  selfOrigin: 'http://127.0.0.1:8080',
  resolve: async (host: string) => (host === 'gis.example.go.th' ? ['203.0.113.10'] : host === 'evil.example' ? ['127.0.0.1'] : ['198.51.100.7']),
};

describe('§7 GetFeatureInfo proxy (DESIGN.md §6 security)', () => {
  it('forwards our own relative WMS URL to this server', async () => {
    const url = await checkProxyTarget(`/geoserver/tcs_postgres/wms?${GFI}`, options);
    expect(url.href).toBe(`http://127.0.0.1:8080/geoserver/tcs_postgres/wms?${GFI}`);
  });

  it('forwards GetFeatureInfo to an allow-listed origin', async () => {
    const url = await checkProxyTarget(`https://gis.example.go.th/geoserver/tcs_postgres/wms?${GFI}`, options);
    expect(url.origin).toBe('https://gis.example.go.th');
  });

  const hostile: Array<[string, string | undefined]> = [
    ['missing', undefined],
    ['not a URL', 'http://'],
    ['file scheme', 'file:///etc/passwd'],
    ['gopher scheme', `gopher://gis.example.go.th/?${GFI}`],
    ['data scheme', 'data:text/plain,hello'],
    ['loopback by name', `http://localhost:5432/?${GFI}`],
    ['loopback IPv4', `http://127.0.0.1:22/?${GFI}`],
    ['loopback IPv6', `http://[::1]:8080/?${GFI}`],
    ['decimal IPv4', `http://2130706433/?${GFI}`],
    ['hex IPv4', `http://0x7f000001/?${GFI}`],
    ['cloud metadata', `http://169.254.169.254/latest/meta-data/?${GFI}`],
    ['private 10/8', `http://10.0.0.5/?${GFI}`],
    ['not on the list', `https://other.example/geoserver/wms?${GFI}`],
    ['userinfo trick', `https://gis.example.go.th@evil.example/?${GFI}`],
    ['allowed@evil', `https://allowed@evil.example/?${GFI}`],
    ['protocol-relative', `//evil.example/wms?${GFI}`],
    ['GetMap instead', '/geoserver/tcs_postgres/wms?SERVICE=WMS&REQUEST=GetMap&LAYERS=x'],
    ['WFS GetFeature', '/geoserver/tcs_postgres/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=x'],
    ['no request', '/geoserver/tcs_postgres/wms?SERVICE=WMS'],
    ['overlong', `/geoserver/tcs_postgres/wms?${GFI}&x=${'a'.repeat(5000)}`],
  ];
  it.each(hostile)('refuses %s with a 4xx', async (_name, raw) => {
    const error = await checkProxyTarget(raw, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyError);
    expect((error as ProxyError).status).toBeGreaterThanOrEqual(400);
    expect((error as ProxyError).status).toBeLessThan(500);
  });

  it('does not follow redirects (e.g. to loopback)', async () => {
    const fetchImpl = (async () => new Response(null, { status: 302, headers: { Location: 'http://127.0.0.1:5432/' } })) as typeof fetch;
    await expect(proxyFeatureInfo(`https://gis.example.go.th/wms?${GFI}`, { ...options, fetchImpl })).rejects.toMatchObject({ status: 502 });
  });

  it('refuses answers that are not JSON or too large', async () => {
    const html = (async () => new Response('<html>')) as typeof fetch;
    await expect(proxyFeatureInfo(`https://gis.example.go.th/wms?${GFI}`, { ...options, fetchImpl: html })).rejects.toMatchObject({ status: 502 });
    const big = (async () => new Response(JSON.stringify({ x: 'y'.repeat(5000) }))) as typeof fetch;
    await expect(proxyFeatureInfo(`https://gis.example.go.th/wms?${GFI}`, { ...options, fetchImpl: big, maxBytes: 1000 })).rejects.toMatchObject({ status: 502 });
  });

  it('classifies private addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '0.0.0.0', '::1', '::ffff:127.0.0.1', 'fd00::1', 'fe80::1', '100.64.0.1']) expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['203.0.113.10', '8.8.8.8', '2001:4860::8888']) expect(isPrivateAddress(ip), ip).toBe(false);
  });
});
