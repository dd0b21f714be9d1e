// Issue 12: each version answers in its own forms. Exception reports: WMS 1.3.0 namespaced
// (text/xml), WFS 1.1.0 ows:ExceptionReport 1.0.0, WFS 2.0 OWS 1.1, WFS 1.0.0 ogc 1.2.0, all
// well-formed (xmllint); GetFeatureInfo 1.3.0 InvalidPoint with locator I/J; GetMap
// EXCEPTIONS=inimage/blank as images; WFS 1.0.0 capabilities with Keywords; SRSNAME
// urn:ogc:def:crs:EPSG::4326 in lat/lon; VERSION=1.0.0 WMS negotiated to 1.1.1; GML 3.2 ids.
import { spawnSync } from 'node:child_process';
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { decodePng, exceptionCode, OWS, startOgcBackend, WFS, WMS, type OgcBackend } from './helpers.ts';

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

const wellFormed = (text: string) => spawnSync('xmllint', ['--noout', '-'], { input: text }).status === 0;
const MAP = { SERVICE: 'WMS', REQUEST: 'GetMap', LAYERS: 'tcs:nope', STYLES: '', BBOX: '6,99,8,101', WIDTH: '200', HEIGHT: '100', FORMAT: 'image/png' };

describe('exception reports per version', () => {
  it('WMS 1.3.0: ServiceExceptionReport 1.3.0 in the ogc namespace, text/xml', async () => {
    const a = await backend.get(WMS, { ...MAP, VERSION: '1.3.0', CRS: 'EPSG:4326' });
    expect(a.status).toBe(400);
    expect(a.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(a.text).toMatch(/<ServiceExceptionReport version="1\.3\.0" xmlns="http:\/\/www\.opengis\.net\/ogc"/);
    expect(exceptionCode(a.text)).toBe('LayerNotDefined');
    expect(wellFormed(a.text)).toBe(true);
  });
  it('WMS 1.1.1: ServiceExceptionReport 1.1.1, application/vnd.ogc.se_xml', async () => {
    const a = await backend.get(WMS, { ...MAP, VERSION: '1.1.1', SRS: 'EPSG:4326' });
    expect(a.headers['content-type']).toBe('application/vnd.ogc.se_xml; charset=utf-8');
    expect(a.text).toContain('<ServiceExceptionReport version="1.1.1">');
  });
  it.each([
    ['2.0.0', /<ows:ExceptionReport xmlns:ows="http:\/\/www\.opengis\.net\/ows\/1\.1" [^>]*version="2\.0\.0"/],
    ['1.1.0', /<ows:ExceptionReport xmlns:ows="http:\/\/www\.opengis\.net\/ows" [^>]*version="1\.0\.0"/],
    ['1.0.0', /<ServiceExceptionReport version="1\.2\.0" xmlns="http:\/\/www\.opengis\.net\/ogc"/],
  ])('WFS %s', async (version, form) => {
    const a = await backend.get(WFS, { SERVICE: 'WFS', VERSION: version, REQUEST: 'GetFeature', TYPENAME: 'tcs:nope' });
    expect(a.status).toBe(400);
    expect(a.text).toMatch(form);
    expect(exceptionCode(a.text)).toBe('InvalidParameterValue');
    expect(wellFormed(a.text)).toBe(true);
  });
});

describe('GetFeatureInfo 1.3.0 outside the image', () => {
  const info = (i: string, j: string) =>
    backend.get(WMS, {
      SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetFeatureInfo', LAYERS: 'tcs:cmline_2567', QUERY_LAYERS: 'tcs:cmline_2567', STYLES: '',
      CRS: 'EPSG:4326', BBOX: '6,99,8,101', WIDTH: '256', HEIGHT: '256', I: i, J: j, INFO_FORMAT: 'application/json',
    });
  it.each([
    ['256', '10', 'I'],
    ['10', '256', 'J'],
    ['-1', '10', 'I'],
  ])('I=%s J=%s is InvalidPoint at %s', async (i, j, locator) => {
    const a = await info(i, j);
    expect(a.status).toBe(400);
    expect(exceptionCode(a.text)).toBe('InvalidPoint');
    expect(a.text).toContain(`locator="${locator}"`);
  });
  it('inside the image answers', async () => {
    expect((await info('255', '0')).status).toBe(200);
  });
});

describe('GetMap EXCEPTIONS', () => {
  const white = (img: ReturnType<typeof decodePng>) => {
    for (let y = 0; y < img.height; y++) for (let x = 0; x < img.width; x++) if (img.at(x, y).join() !== '255,255,255,255') return false;
    return true;
  };
  it.each([
    ['1.3.0', 'INIMAGE'],
    ['1.1.1', 'application/vnd.ogc.se_inimage'],
  ])('%s %s: the message drawn on an image of the requested size', async (version, exceptions) => {
    const a = await backend.get(WMS, { ...MAP, VERSION: version, CRS: 'EPSG:4326', SRS: 'EPSG:4326', EXCEPTIONS: exceptions });
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('image/png');
    const img = decodePng(a.body);
    expect([img.width, img.height]).toEqual([200, 100]);
    expect(white(img)).toBe(false);
  });
  it('INIMAGE with FORMAT=image/jpeg: a JPEG of the requested size, as GDAL asks (issue 27 item 7)', async () => {
    const a = await backend.get(WMS, { ...MAP, VERSION: '1.3.0', CRS: 'EPSG:4326', FORMAT: 'image/jpeg', EXCEPTIONS: 'INIMAGE', TRANSPARENT: 'TRUE' });
    expect(a.status).toBe(200);
    expect(a.headers['content-type']).toBe('image/jpeg');
    expect([...a.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const image = await loadImage(a.body);
    expect([image.width, image.height]).toEqual([200, 100]);
  });
  it('BLANK: an empty image (the background, or transparent)', async () => {
    const blank = decodePng((await backend.get(WMS, { ...MAP, VERSION: '1.3.0', CRS: 'EPSG:4326', EXCEPTIONS: 'BLANK' })).body);
    expect(white(blank)).toBe(true);
    const clear = decodePng((await backend.get(WMS, { ...MAP, VERSION: '1.1.1', SRS: 'EPSG:4326', EXCEPTIONS: 'application/vnd.ogc.se_blank', TRANSPARENT: 'TRUE' })).body);
    expect(clear.at(10, 10)[3]).toBe(0);
  });
  it('without a usable size the report stays XML', async () => {
    const a = await backend.get(WMS, { ...MAP, VERSION: '1.3.0', CRS: 'EPSG:4326', WIDTH: '0', EXCEPTIONS: 'INIMAGE' });
    expect(a.status).toBe(400);
    expect(a.headers['content-type']).toMatch(/xml/);
  });
});

describe('capabilities and versions', () => {
  it('WMS 1.0.0 operation names (WMTVER=1.0.0, REQUEST=capabilities / map / feature_info) are answered as 1.1.1 (issue 27 item 6)', async () => {
    const caps = await backend.get(WMS, { WMTVER: '1.0.0', REQUEST: 'capabilities' });
    expect(caps.status).toBe(200);
    expect(caps.text).toMatch(/<WMT_MS_Capabilities version="1\.1\.1"/);
    const name = /<Layer[^>]*>\s*<Name>([^<]+)<\/Name>/.exec(caps.text.slice(caps.text.indexOf('<Layer', caps.text.indexOf('<Layer') + 1)))![1]!;
    const map = await backend.get(WMS, { WMTVER: '1.0.0', REQUEST: 'map', LAYERS: name, STYLES: '', SRS: 'EPSG:4326', BBOX: '99,6,101,8', WIDTH: '64', HEIGHT: '64', FORMAT: 'image/png' });
    expect(map.status).toBe(200);
    expect(map.headers['content-type']).toBe('image/png');
    const info = await backend.get(WMS, { WMTVER: '1.0.0', REQUEST: 'feature_info', LAYERS: name, QUERY_LAYERS: name, STYLES: '', SRS: 'EPSG:4326', BBOX: '99,6,101,8', WIDTH: '64', HEIGHT: '64', X: '32', Y: '32', INFO_FORMAT: 'application/json', FORMAT: 'image/png' });
    expect(info.status).toBe(200);
    // On the ows endpoint without SERVICE, 'map' is a WMS request too; on the WFS endpoint it is no operation.
    expect((await backend.get(OWS, { WMTVER: '1.0.0', REQUEST: 'map', LAYERS: name, STYLES: '', SRS: 'EPSG:4326', BBOX: '99,6,101,8', WIDTH: '64', HEIGHT: '64', FORMAT: 'image/png' })).status).toBe(200);
    expect((await backend.get(WFS, { REQUEST: 'map', VERSION: '2.0.0' })).status).toBe(501); // OperationNotSupported
  });
  it('WFS 1.0.0 capabilities name Keywords (OWSLib reads them)', async () => {
    const a = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetCapabilities' });
    expect(a.text).toMatch(/<Service><Name>WFS<\/Name><Title>[^<]*<\/Title><Abstract>[^<]*<\/Abstract><Keywords>[^<]+<\/Keywords><OnlineResource>/);
  });
  it.each(['1.0.0', '1.1.0', '1.1.1'])('WMS VERSION=%s is answered as 1.1.1 with the 1.1.1 DTD', async (version) => {
    const a = await backend.get(WMS, { SERVICE: 'WMS', VERSION: version, REQUEST: 'GetCapabilities' });
    expect(a.text).toContain('WMS_MS_Capabilities.dtd');
    expect(a.text).toContain('<WMT_MS_Capabilities version="1.1.1">');
  });
  it('WMS 1.1.0 GetMap is served as 1.1.1', async () => {
    const a = await backend.get(WMS, { ...MAP, LAYERS: 'tcs:cmline_2567', VERSION: '1.1.0', SRS: 'EPSG:4326', BBOX: '99,6,101,8' });
    expect(a.status).toBe(200);
  });
});

describe('WFS output CRS and GML 3.2', () => {
  const feature = (params: Record<string, string>) =>
    backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:radar_station', COUNT: '3', ...params });
  it('SRSNAME=urn:ogc:def:crs:EPSG::4326 is lat/lon in GML and GeoJSON; CRS84 lon/lat', async () => {
    const gml = (await feature({ SRSNAME: 'urn:ogc:def:crs:EPSG::4326' })).text;
    expect(gml).toContain('srsName="urn:ogc:def:crs:EPSG::4326"');
    const [lat, lon] = /<gml:pos>([\d.]+) ([\d.]+)<\/gml:pos>/.exec(gml)!.slice(1).map(Number);
    expect(lat).toBeLessThan(25);
    expect(lon).toBeGreaterThan(95);
    const json = (await feature({ SRSNAME: 'urn:ogc:def:crs:EPSG::4326', OUTPUTFORMAT: 'application/json' })).json();
    expect(json.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::4326');
    expect(json.features[0].geometry.coordinates[0]).toBeLessThan(25);
    const crs84 = (await feature({ SRSNAME: 'urn:ogc:def:crs:OGC:1.3:CRS84' })).text;
    expect(crs84).toContain('srsName="urn:ogc:def:crs:OGC:1.3:CRS84"');
    expect(Number(/<gml:pos>([\d.]+) /.exec(crs84)![1])).toBeGreaterThan(95);
  });
  it('every GML 3.2 geometry, parts included, has a gml:id unique in the document', async () => {
    const text = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:coastallu_2558', COUNT: '50' })).text;
    expect(wellFormed(text)).toBe(true);
    const geometries = [...text.matchAll(/<gml:(MultiSurface|Polygon|MultiCurve|LineString|Point)\b([^>]*)>/g)];
    expect(geometries.length).toBeGreaterThan(50);
    for (const g of geometries) expect(g[2]).toMatch(/gml:id="/);
    const ids = [...text.matchAll(/gml:id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
