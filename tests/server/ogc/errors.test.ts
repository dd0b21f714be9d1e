// OGC exception reports: each standard code with its 4xx status, never a stack trace or database
// internals; hostile inputs (SQL through CQL_FILTER, viewparams, typeNames, SORTBY, PROPERTYNAME,
// FILTER; huge WIDTH/HEIGHT, malformed COUNT) answer 4xx and change nothing; a statement timeout is a 503
// report without internals.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/types.ts';
import { parseRequestTarget } from '../../../src/server/http/requestTarget.ts';
import { OgcService } from '../../../src/server/ogc/service.ts';
import { SLOW } from '../db/testDatabase.ts';
import { configLegends, exceptionCode, OWS, rawRequest, startOgcBackend, WFS, WMS, type Answer, type OgcBackend } from './helpers.ts';

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

const MAP = 'SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=tcs:cmline_2567&STYLES=&SRS=EPSG:4326&BBOX=99,6,101,8&WIDTH=256&HEIGHT=256&FORMAT=image/png';
const FEATURE = 'SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:cmline_2567&OUTPUTFORMAT=application/json';
const EROSION = 'SERVICE=WFS&VERSION=1.0.0&REQUEST=GetFeature&TYPENAME=tcs:erosion_area&OUTPUTFORMAT=application/json';
const INFO =
  'SERVICE=WMS&VERSION=1.1.1&REQUEST=GetFeatureInfo&LAYERS=tcs:cmline_2567&QUERY_LAYERS=tcs:cmline_2567&SRS=EPSG:4326&BBOX=99,6,101,8&WIDTH=256&HEIGHT=256&X=10&Y=10&INFO_FORMAT=application/json';

/** Replaces (or adds) one parameter of a query string. */
function withParam(query: string, name: string, value: string): string {
  const params = new URLSearchParams(query);
  params.set(name, value);
  return params.toString();
}

function expectSafeReport(answer: Answer): void {
  expect(answer.headers['content-type']).toMatch(/xml/);
  expect(answer.text).toMatch(/^<\?xml/);
  expect(answer.text).not.toMatch(/\n\s+at |\.ts:\d+|node_modules|\/work\/|error: |syntax error|relation "/i);
}

const CODES: Array<[string, string, string, number, string]> = [
  // [case, path, query, status, code]
  ['unknown WMS layer', WMS, withParam(MAP, 'LAYERS', 'tcs:nope'), 400, 'LayerNotDefined'],
  ['layer of another workspace', WMS, withParam(MAP, 'LAYERS', 'other:cmline_2567'), 400, 'LayerNotDefined'],
  ['SRS not served', WMS, withParam(MAP, 'SRS', 'EPSG:32647'), 400, 'InvalidSRS'],
  ['WMS 1.3.0 CRS not served', WMS, withParam(withParam(MAP, 'VERSION', '1.3.0'), 'CRS', 'EPSG:32647'), 400, 'InvalidCRS'],
  ['FORMAT not served', WMS, withParam(MAP, 'FORMAT', 'image/gif'), 400, 'InvalidFormat'],
  ['WIDTH 0', WMS, withParam(MAP, 'WIDTH', '0'), 400, 'InvalidParameterValue'],
  ['HEIGHT above 4096', WMS, withParam(MAP, 'HEIGHT', '4097'), 400, 'InvalidParameterValue'],
  ['STYLES missing (required by WMS 1.1.1)', WMS, MAP.replace('STYLES=&', ''), 400, 'MissingParameterValue'],
  ['STYLES missing (required by WMS 1.3.0)', WMS, withParam(withParam(MAP.replace('STYLES=&', ''), 'VERSION', '1.3.0'), 'CRS', 'CRS:84'), 400, 'MissingParameterValue'],
  ['WIDTH not a number', WMS, withParam(MAP, 'WIDTH', '256px'), 400, 'InvalidParameterValue'],
  ['BBOX missing', WMS, MAP.replace('&BBOX=99,6,101,8', ''), 400, 'MissingParameterValue'],
  ['LAYERS missing', WMS, MAP.replace('LAYERS=tcs:cmline_2567&', ''), 400, 'MissingParameterValue'],
  ['BBOX upside down', WMS, withParam(MAP, 'BBOX', '101,8,99,6'), 400, 'InvalidParameterValue'],
  ['BBOX with letters', WMS, withParam(MAP, 'BBOX', '99,6,abc,8'), 400, 'InvalidParameterValue'],
  ['unknown style', WMS, withParam(MAP, 'STYLES', 'fancy'), 400, 'StyleNotDefined'],
  ['TRANSPARENT not a boolean', WMS, withParam(MAP, 'TRANSPARENT', 'maybe'), 400, 'InvalidParameterValue'],
  ['BGCOLOR not a colour', WMS, withParam(MAP, 'BGCOLOR', 'red'), 400, 'InvalidParameterValue'],
  ['VERSION not served', WMS, withParam(MAP, 'VERSION', '9.9.9'), 400, 'InvalidParameterValue'],
  ['operation unknown', WMS, withParam(MAP, 'REQUEST', 'GetTile'), 501, 'OperationNotSupported'],
  ['REQUEST missing', WMS, 'SERVICE=WMS', 400, 'MissingParameterValue'],
  ['ows GetCapabilities without SERVICE', OWS, 'REQUEST=GetCapabilities', 400, 'MissingParameterValue'],
  ['SERVICE not served', OWS, 'SERVICE=WCS&REQUEST=GetCapabilities', 400, 'InvalidParameterValue'],
  ['WFS request on the WMS endpoint', WMS, 'SERVICE=WFS&REQUEST=GetCapabilities', 400, 'InvalidParameterValue'],
  ['parameter given twice', WMS, `${MAP}&width=512`, 400, 'InvalidParameterValue'],
  ['GetFeatureInfo INFO_FORMAT not served', WMS, withParam(INFO, 'INFO_FORMAT', 'text/html'), 400, 'InvalidFormat'],
  ['GetFeatureInfo X outside the image', WMS, withParam(INFO, 'X', '256'), 400, 'InvalidParameterValue'],
  ['GetFeatureInfo QUERY_LAYERS not in LAYERS', WMS, withParam(INFO, 'QUERY_LAYERS', 'tcs:cmline_2566'), 400, 'LayerNotDefined'],
  ['GetLegendGraphic unknown layer', WMS, 'SERVICE=WMS&REQUEST=GetLegendGraphic&LAYER=tcs:nope', 400, 'LayerNotDefined'],
  ['unknown feature type', WFS, withParam(FEATURE, 'TYPENAMES', 'tcs:nope'), 400, 'InvalidParameterValue'],
  ['TYPENAMES missing', WFS, FEATURE.replace('&TYPENAMES=tcs:cmline_2567', ''), 400, 'MissingParameterValue'],
  ['a raster layer is no feature type', WFS, withParam(FEATURE, 'TYPENAMES', 'tcs:gistda_satellite_2567'), 400, 'InvalidParameterValue'],
  ['OUTPUTFORMAT not served', WFS, withParam(FEATURE, 'OUTPUTFORMAT', 'shape-zip'), 400, 'InvalidParameterValue'],
  ['STARTINDEX negative', WFS, withParam(FEATURE, 'STARTINDEX', '-1'), 400, 'InvalidParameterValue'],
  ['RESULTTYPE unknown', WFS, withParam(FEATURE, 'RESULTTYPE', 'everything'), 400, 'InvalidParameterValue'],
  ['CQL syntax error', WFS, withParam(FEATURE, 'CQL_FILTER', "prv_code = '90"), 400, 'InvalidParameterValue'],
  ['CQL unknown attribute', WFS, withParam(FEATURE, 'CQL_FILTER', "password = 'x'"), 400, 'InvalidParameterValue'],
  ['CQL value of the wrong type', WFS, withParam(FEATURE, 'CQL_FILTER', "gid = 'abc'"), 400, 'InvalidParameterValue'],
  ['viewparams missing for an SQL view', WFS, EROSION, 400, 'InvalidParameterValue'],
  ['viewparams missing a required key', WFS, withParam(EROSION, 'VIEWPARAMS', 'code:90;start:2562'), 400, 'InvalidParameterValue'],
  ['viewparams unknown key', WFS, withParam(EROSION, 'VIEWPARAMS', 'code:90;start:2562;end:2567;limit:5'), 400, 'InvalidParameterValue'],
  ['SRSNAME not served', WFS, withParam(FEATURE, 'SRSNAME', 'EPSG:32647'), 400, 'InvalidParameterValue'],
];

describe('exception reports with the standard codes', () => {
  it.each(CODES)('%s', async (_name, path, query, status, code) => {
    const answer = await backend.request('GET', `${path}?${query}`);
    expect(answer.status, answer.text).toBe(status);
    expect(exceptionCode(answer.text)).toBe(code);
    expectSafeReport(answer);
  });

  it('WFS 2.0 reports are OWS ExceptionReports with a locator; WMS 1.1.1 ServiceExceptionReports', async () => {
    const wfs = await backend.request('GET', `${WFS}?${withParam(FEATURE, 'CQL_FILTER', 'prv_code = ')}`);
    expect(wfs.text).toMatch(/<ows:ExceptionReport xmlns:ows="http:\/\/www\.opengis\.net\/ows\/1\.1" [^>]*version="2\.0\.0"/);
    expect(wfs.text).toContain('locator="CQL_FILTER"');
    const wms = await backend.request('GET', `${WMS}?${withParam(MAP, 'LAYERS', 'tcs:nope')}`);
    expect(wms.text).toContain('<ServiceExceptionReport version="1.1.1"><ServiceException code="LayerNotDefined">'); // the 1.1.1 DTD has no locator
    expect(wms.headers['cache-control']).toBe('no-store');
  });

  it('POST: XML bodies outside the WFS namespaces are refused; oversized bodies get 413', async () => {
    const xml = await backend.request('POST', WFS, { headers: { 'Content-Type': 'application/xml' }, body: '<GetFeature/>' });
    expect(xml.status).toBe(501);
    expect(exceptionCode(xml.text)).toBe('OperationNotSupported');
    const big = await backend.request('POST', WFS, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `${FEATURE}&CQL_FILTER=${'a'.repeat(300 * 1024)}` });
    expect(big.status).toBe(413);
    expectSafeReport(big);
  });
});

describe('hostile inputs answer 4xx and change nothing', () => {
  const HOSTILE: Array<[string, string, string]> = [
    // [case, path, query]
    ['CQL: statement after a quote', WFS, withParam(FEATURE, 'CQL_FILTER', "prv_code='90'; DROP TABLE cmline; --")],
    ['CQL: OR 1=1', WFS, withParam(FEATURE, 'CQL_FILTER', "prv_code='x' OR 1=1")],
    ['CQL: sub-select', WFS, withParam(FEATURE, 'CQL_FILTER', 'prv_code IN (SELECT prv_code FROM province)')],
    ['CQL: function call', WFS, withParam(FEATURE, 'CQL_FILTER', 'pg_sleep(10) = 1')],
    ['CQL: exec()', WFS, withParam(FEATURE, 'CQL_FILTER', "exec('xp_cmdshell dir') = 1")],
    ['CQL: quoted identifier smuggling SQL', WFS, withParam(FEATURE, 'CQL_FILTER', '"gid""; DELETE FROM cmline; --" = 1')],
    ['CQL: __proto__ as attribute', WFS, withParam(FEATURE, 'CQL_FILTER', "__proto__ = 'x'")],
    ['CQL: constructor as attribute', WFS, withParam(FEATURE, 'CQL_FILTER', "constructor = 'x'")],
    ['CQL: comment', WFS, withParam(FEATURE, 'CQL_FILTER', "prv_code = '90' /* x */")],
    ['CQL on WMS: UNION', WMS, withParam(MAP, 'CQL_FILTER', "prv_code = '90' UNION SELECT * FROM pg_user")],
    ['viewparams: quote and DROP', WFS, withParam(EROSION, 'VIEWPARAMS', "code:90';DROP TABLE change_area;--;start:2562;end:2567")],
    ['viewparams: OR in a code', WFS, withParam(EROSION, 'VIEWPARAMS', 'code:90 OR 1=1;start:2562;end:2567')],
    ['viewparams: statement in a year', WFS, withParam(EROSION, 'VIEWPARAMS', 'code:90;start:2562);DELETE FROM cmline;--;end:2567')],
    ['viewparams on WMS: bad key', WMS, withParam(withParam(MAP, 'LAYERS', 'tcs:erosion_area'), 'VIEWPARAMS', 'code:90;start:2562;end:2567;sql:DROP TABLE x')],
    ['typeNames: statement', WFS, withParam(FEATURE, 'TYPENAMES', 'tcs:cmline_2567;DROP TABLE cmline')],
    ['typeNames: quote', WFS, withParam(FEATURE, 'TYPENAMES', "tcs:cmline_2567' OR '1'='1")],
    ['typeNames: schema-qualified catalog table', WFS, withParam(FEATURE, 'TYPENAMES', 'pg_catalog.pg_authid')],
    ['typeNames: __proto__', WFS, withParam(FEATURE, 'TYPENAMES', '__proto__')],
    ['typeNames: path traversal', WFS, withParam(FEATURE, 'TYPENAMES', '../../etc/passwd')],
    ['LAYERS: statement', WMS, withParam(MAP, 'LAYERS', 'tcs:cmline_2567);DROP TABLE cmline;--')],
    ['SORTBY: statement', WFS, withParam(FEATURE, 'SORTBY', 'gid; DROP TABLE cmline')],
    ['SORTBY: sub-select', WFS, withParam(FEATURE, 'SORTBY', '(SELECT 1)')],
    ['SORTBY: function', WFS, withParam(FEATURE, 'SORTBY', 'gid DESC, pg_sleep(5)')],
    ['SORTBY: unknown column', WFS, withParam(FEATURE, 'SORTBY', 'geom_secret ASC')],
    ['PROPERTYNAME: sub-select', WFS, withParam(FEATURE, 'PROPERTYNAME', 'gid,(SELECT passwd FROM pg_shadow)')],
    ['PROPERTYNAME: exec()', WFS, withParam(FEATURE, 'PROPERTYNAME', 'exec(x)')],
    ['PROPERTYNAME: __proto__', WFS, withParam(FEATURE, 'PROPERTYNAME', '__proto__')],
    ['FILTER: external entity', WFS, withParam(FEATURE, 'FILTER', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Filter><PropertyIsEqualTo><ValueReference>prv_code</ValueReference><Literal>&e;</Literal></PropertyIsEqualTo></Filter>')],
    ['FILTER: function', WFS, withParam(FEATURE, 'FILTER', '<Filter><PropertyIsEqualTo><Function name="pg_sleep"><Literal>5</Literal></Function><Literal>1</Literal></PropertyIsEqualTo></Filter>')],
    ['BBOX: SQL', WFS, withParam(FEATURE, 'BBOX', '99,6,101,8);DROP TABLE cmline;--')],
    ['SRSNAME: SQL', WFS, withParam(FEATURE, 'SRSNAME', "4326'); DROP TABLE cmline; --")],
    ['RESOURCEID: SQL', WFS, withParam(FEATURE, 'RESOURCEID', 'cmline_2567.1 OR 1=1')],
    ['huge WIDTH', WMS, withParam(MAP, 'WIDTH', '100000')],
    ['huge HEIGHT', WMS, withParam(MAP, 'HEIGHT', '99999999999999999999')],
    ['zero HEIGHT', WMS, withParam(MAP, 'HEIGHT', '0')],
    ['negative COUNT', WFS, withParam(FEATURE, 'COUNT', '-5')],
    ['MAXFEATURES in exponent notation', WFS, withParam(FEATURE.replace('VERSION=2.0.0', 'VERSION=1.0.0'), 'MAXFEATURES', '1e9')],
    ['huge STARTINDEX', WFS, withParam(FEATURE, 'STARTINDEX', '99999999999')],
    ['huge GetFeatureInfo FEATURE_COUNT', WMS, withParam(INFO, 'FEATURE_COUNT', '100000')],
    ['too many layers', WMS, withParam(MAP, 'LAYERS', Array.from({ length: 25 }, () => 'tcs:cmline_2567').join(','))],
    ['control character in CQL', WFS, withParam(FEATURE, 'CQL_FILTER', "prv_code='9\u00000'")],
  ];

  let before: Record<string, unknown>;
  const snapshot = async () =>
    (
      await backend.db.query(
        `SELECT (SELECT count(*)::int FROM cmline) AS cmline, (SELECT count(*)::int FROM change_area) AS change_area,
                (SELECT count(*)::int FROM province) AS province, (SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public') AS tables`,
      )
    ).rows[0]!;
  beforeAll(async () => {
    before = await snapshot();
  });

  it.each(HOSTILE)('%s', async (_name, path, query) => {
    const started = performance.now();
    const answer = await backend.request('GET', `${path}?${query}`);
    expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(exceptionCode(answer.text)).toMatch(/^(InvalidParameterValue|LayerNotDefined|MissingParameterValue)$/);
    expectSafeReport(answer);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('left the database as it was', async () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(40);
    expect(await snapshot()).toEqual(before);
  });
});

describe('database failures', () => {
  async function serverOn(db: Database, logged: object[]) {
    const service = new OgcService({ product: 'tcs', db, legends: await configLegends(), logError: (e) => logged.push(e) });
    const server = createServer((req, res) => {
      const target = parseRequestTarget(req.url ?? '')!;
      void service.handle({ req, res, ...target, params: {} }, 'wms');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }
  const failing = (error: Error): Database => ({
    kind: 'postgres',
    query: async () => {
      throw error;
    },
    transaction: async () => {
      throw error;
    },
    close: async () => undefined,
  });

  it('a statement timeout is a 503 report without internals', async () => {
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const logged: object[] = [];
    const s = await serverOn(failing(timeout), logged);
    try {
      const answer = await rawRequest(s.port, 'GET', `${WMS}?${MAP}`);
      expect(answer.status).toBe(503);
      expect(exceptionCode(answer.text)).toBe('NoApplicableCode');
      expect(answer.text).not.toContain('canceling statement');
      expectSafeReport(answer);
      expect(logged).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it('any other failure is a 500 report that says nothing of the cause; the cause is logged', async () => {
    const logged: object[] = [];
    const s = await serverOn(failing(new Error('relation "secret_table" does not exist at /work/main/src/x.ts:1')), logged);
    try {
      const answer = await rawRequest(s.port, 'GET', `${WMS}?${MAP}`);
      expect(answer.status).toBe(500);
      expect(answer.text).toContain('internal error');
      expect(answer.text).not.toContain('secret_table');
      expectSafeReport(answer);
      expect(JSON.stringify(logged)).toContain('secret_table');
    } finally {
      await s.close();
    }
  });
});
