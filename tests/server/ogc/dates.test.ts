// Issue 12: impossible dates (2023-02-29, 2024-04-31, 0000-01-01) in CQL_FILTER or a FES FILTER
// are a 400 InvalidParameterValue on WFS and WMS and a 400 on the router, never a 500; a real
// date still filters. The layer: changerate_beach_2567, whose `update` is a date column.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOgcError } from '../../../src/server/ogc/failure.ts';
import { SLOW } from '../db/testDatabase.ts';
import { startBackend, type Backend } from '../pageApi/helpers.ts';
import { exceptionCode, WFS, WMS } from './helpers.ts';

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, SLOW);
afterAll(() => backend?.close());

const LAYER = 'tcs:changerate_beach_2567';
const BAD = ['2023-02-29', '2024-04-31', '0000-01-01', '2024-01-31T25:00'];
const get = (path: string, params: Record<string, string>) => backend.request('GET', `${path}?${new URLSearchParams(params)}`);
const fes = (date: string) =>
  `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0"><fes:PropertyIsEqualTo><fes:ValueReference>update</fes:ValueReference><fes:Literal>${date}</fes:Literal></fes:PropertyIsEqualTo></fes:Filter>`;

describe.each(BAD)('the impossible date %s', (date) => {
  it('WFS 2.0 CQL_FILTER: 400 InvalidParameterValue', async () => {
    const a = await get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: LAYER, CQL_FILTER: `update = '${date}'` });
    expect(a.status).toBe(400);
    expect(exceptionCode(a.text)).toBe('InvalidParameterValue');
    expect(a.text).toMatch(/locator="CQL_FILTER"/);
  });
  it('WFS 2.0 FES FILTER: 400 InvalidParameterValue', async () => {
    const a = await get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: LAYER, FILTER: fes(date) });
    expect(a.status).toBe(400);
    expect(exceptionCode(a.text)).toBe('InvalidParameterValue');
  });
  it('WFS 1.0.0 hits with CQL_FILTER BETWEEN: 400', async () => {
    const a = await get(WFS, { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetFeature', TYPENAME: LAYER, CQL_FILTER: `update BETWEEN '2020-01-01' AND '${date}'` });
    expect(a.status).toBe(400);
    expect(exceptionCode(a.text)).toBe('InvalidParameterValue');
  });
  it('WMS GetMap CQL_FILTER: 400 InvalidParameterValue', async () => {
    const a = await get(WMS, { SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetMap', LAYERS: LAYER, STYLES: '', SRS: 'EPSG:4326', BBOX: '99,6,101,8', WIDTH: '256', HEIGHT: '256', FORMAT: 'image/png', CQL_FILTER: `update > '${date}'` });
    expect(a.status).toBe(400);
    expect(exceptionCode(a.text)).toBe('InvalidParameterValue');
  });
  it('WMS GetFeatureInfo CQL_FILTER: 400 InvalidParameterValue', async () => {
    const a = await get(WMS, {
      SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetFeatureInfo', LAYERS: LAYER, QUERY_LAYERS: LAYER, STYLES: '', SRS: 'EPSG:4326', BBOX: '99,6,101,8',
      WIDTH: '256', HEIGHT: '256', X: '10', Y: '10', INFO_FORMAT: 'application/json', CQL_FILTER: `update = '${date}'`,
    });
    expect(a.status).toBe(400);
    expect(exceptionCode(a.text)).toBe('InvalidParameterValue');
  });
  it('router page=wfs: 400 with the reason', async () => {
    const a = await backend.router({ page: 'wfs', mode: 'getbound', layer: LAYER, cql_filter: `update = '${date}'` });
    expect(a.status).toBe(400);
    expect(a.json().errors).toMatch(/calendar date/);
  });
});

describe('real dates', () => {
  it('filter as before', async () => {
    const hit = await get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: LAYER, OUTPUTFORMAT: 'application/json', COUNT: '1', CQL_FILTER: "update = '2024-12-31'" });
    expect(hit.status).toBe(200);
    expect(hit.json().numberMatched).toBeGreaterThan(0);
    const leap = await get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: LAYER, OUTPUTFORMAT: 'application/json', FILTER: fes('2024-02-29') });
    expect(leap.status).toBe(200);
    expect(leap.json().numberMatched).toBe(0);
  });
  it('a database data exception (SQLSTATE class 22) that slipped through is still a 400', () => {
    const { error, unexpected } = toOgcError(Object.assign(new Error('date/time field value out of range'), { code: '22008' }));
    expect([error.status, error.code, unexpected]).toEqual([400, 'InvalidParameterValue', false]);
  });
});
