// Issue 27 (standards): what the capabilities advertise is what the services do, and what the
// docs/ogc.md promises is served. WFS 2.0 `resolve` is advertised (the WFS 2.0 test suite wants
// `local` on GetFeature and GetPropertyValue) and RESOLVE=remote/all/nonsense is an
// InvalidParameterValue at `resolve`, not silently ignored; WMS GetMap serves image/jpeg (GDAL's
// default) and both WMS capabilities say so; WMS GetMap VERSION=1.0.0 is answered as 1.1.1; the
// WFS 1.0.0 capabilities list only GML2 as result format (WFS-capabilities.xsd 1.0.0).
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { decodePng, exceptionCode, startOgcBackend, WFS, WMS, type OgcBackend } from './helpers.ts';

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

const FEATURE = { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567', COUNT: '2' };
const VALUES = { ...FEATURE, REQUEST: 'GetPropertyValue', VALUEREFERENCE: 'gid' };
const MAP = { SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetMap', LAYERS: 'tcs:cmline_2567', STYLES: '', SRS: 'EPSG:4326', BBOX: '99,6,102,9', WIDTH: '64', HEIGHT: '64' };

describe('WFS 2.0 resolve (OGC 09-025r2 §7.6.4, Table 12)', () => {
  it('GetFeature and GetPropertyValue advertise resolve with local', async () => {
    const caps = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetCapabilities' })).text;
    for (const op of ['GetFeature', 'GetPropertyValue']) {
      const operation = new RegExp(`<ows:Operation name="${op}">(.*?)</ows:Operation>`).exec(caps)?.[1] ?? '';
      expect(operation).toMatch(/<ows:Parameter name="resolve"><ows:AllowedValues>(<ows:Value>\w+<\/ows:Value>)*<ows:Value>local<\/ows:Value>/);
    }
  });

  it.each([FEATURE, VALUES])('local and none are served; remote, all and nonsense are refused at resolve (%#)', async (params) => {
    for (const value of ['local', 'none', 'LOCAL']) expect((await backend.get(WFS, { ...params, RESOLVE: value })).status).toBe(200);
    for (const value of ['remote', 'all', 'nonsense']) {
      const a = await backend.get(WFS, { ...params, RESOLVE: value });
      expect(a.status).toBe(400);
      expect(exceptionCode(a.text)).toBe('InvalidParameterValue');
      expect(a.text).toContain('locator="resolve"');
    }
    expect((await backend.get(WFS, { ...params, RESOLVE: 'local', RESOLVEDEPTH: '*', RESOLVETIMEOUT: '10' })).status).toBe(200);
    expect((await backend.get(WFS, { ...params, RESOLVEDEPTH: 'deep' })).text).toContain('locator="resolveDepth"');
  });
});

describe('WMS image/jpeg, 1.0.0', () => {
  it('GetMap FORMAT=image/jpeg answers a JPEG of the asked size, TRANSPARENT=TRUE included', async () => {
    for (const extra of [{}, { TRANSPARENT: 'TRUE' }, { BBOX: '0,0,1,1' }] as Array<Record<string, string>>) {
      const a = await backend.get(WMS, { ...MAP, FORMAT: 'image/jpeg', ...extra });
      expect(a.status, a.text.slice(0, 200)).toBe(200);
      expect(a.headers['content-type']).toBe('image/jpeg');
      expect([...a.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const image = await loadImage(a.body);
      expect([image.width, image.height]).toEqual([64, 64]);
    }
    const png = await backend.get(WMS, { ...MAP, FORMAT: 'image/png' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(decodePng(png.body).width).toBe(64);
  });

  it('both capabilities versions list image/jpeg for GetMap', async () => {
    for (const version of ['1.1.1', '1.3.0']) {
      const caps = (await backend.get(WMS, { SERVICE: 'WMS', VERSION: version, REQUEST: 'GetCapabilities' })).text;
      expect(/<GetMap>(.*?)<DCPType>/.exec(caps)?.[1]).toBe('<Format>image/png</Format><Format>image/jpeg</Format>');
    }
  });

  it('GetMap VERSION=1.0.0 is answered as 1.1.1 (docs/ogc.md: a 1.0.0 request is answered in 1.1.1)', async () => {
    const a = await backend.get(WMS, { ...MAP, VERSION: '1.0.0', FORMAT: 'image/png' });
    expect(a.status, a.text.slice(0, 300)).toBe(200);
    expect(decodePng(a.body).width).toBe(64);
  });
});

describe('WFS 1.0.0 capabilities', () => {
  it('the GetFeature result formats are the schema’s: GML2 only', async () => {
    const caps = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetCapabilities' })).text;
    expect(/<ResultFormat>(.*?)<\/ResultFormat>/.exec(caps)?.[1]).toBe('<GML2/>');
  });
});
