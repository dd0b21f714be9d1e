// The router's HTTP side on the generated sample database: the bundled data files
// (assets/data/*.json), caching (ETag/304, Cache-Control, gzip, HEAD) and JSON 4xx answers for bad
// parameters, never a stack trace (SPEC.md §7 router). The answers' data are in pageApi.test.ts.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { startBackend, type Backend } from './helpers.ts';

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, SLOW);
afterAll(() => backend?.close());

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await backend.db.query<T>(text, params)).rows;

describe('bundled data files (backend.assets)', () => {
  it('coastal_location_island.json: the island list', async () => {
    const answer = await backend.request('GET', '/maps/assets/data/coastal_location_island.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = answer.json();
    const { n } = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM island'))[0]!;
    expect(rows).toHaveLength(n!);
    expect(Object.keys(rows[0])).toEqual(['gid', 'island', 'prv_code', 'amp_code', 'prv_name', 'amp_name']);
  });

  it('cctv.json: 22 cameras; radar_stations.json: 21 markers; point [lon, lat]', async () => {
    const cctv = (await backend.request('GET', '/maps/assets/data/cctv.json')).json();
    expect(cctv).toHaveLength(22);
    expect(Object.keys(cctv[0])).toEqual(['id', 'CODE', 'SITE', 'BAND', 'link', 'point']);
    const radar = (await backend.request('GET', '/maps/assets/data/radar_stations.json')).json();
    expect(radar).toHaveLength(21);
    expect(radar.every((r: any) => r.BAND === 'HF Radar')).toBe(true);
    expect(new Set(radar.map((r: any) => r.zone)).size).toBe(6);
    for (const { point } of [...cctv, ...radar]) {
      expect(point[0]).toBeGreaterThan(97); // longitude first
      expect(point[0]).toBeLessThan(106);
      expect(point[1]).toBeGreaterThan(5);
      expect(point[1]).toBeLessThan(14);
    }
  });

  it('answers before the client route and other files still go to the client', async () => {
    const etag = (await backend.request('GET', '/maps/assets/data/cctv.json')).headers.etag!;
    expect((await backend.request('GET', '/maps/assets/data/cctv.json', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await backend.request('GET', '/maps/assets/data/other.json')).status).toBe(404);
  });
});

describe('HTTP: ETag/304, Cache-Control, gzip, HEAD', () => {
  it('lists carry a strong ETag and Cache-Control public, max-age=300 and answer 304 to If-None-Match', async () => {
    const first = await backend.router('page=coastline&mode=list&list=province');
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    expect(first.headers.etag).toMatch(/^"[^"]+"$/);
    const again = await backend.router('page=coastline&mode=list&list=province', { 'If-None-Match': first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await backend.router('page=shoreline&mode=list&list=amphur&pv=90', { 'If-None-Match': first.headers.etag! });
    expect(other.status).toBe(200);
  });

  it('gzip when accepted, same content', async () => {
    const plain = await backend.router('page=changebeach&mode=island');
    const zipped = await backend.router('page=changebeach&mode=island', { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.text);
    expect(zipped.body.length).toBeLessThan(plain.body.length);
    const revalidated = await backend.router('page=changebeach&mode=island', { 'Accept-Encoding': 'gzip', 'If-None-Match': zipped.headers.etag! });
    expect(revalidated.status).toBe(304);
  });

  it('HEAD answers the headers only', async () => {
    const head = await backend.request('HEAD', '/tcs/v2/router?page=landuse&mode=lul2');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
  });
});

describe('bad or missing parameters: JSON {errors, data: []} with a 4xx, never a stack trace', () => {
  const cases: Array<[string, string, number, RegExp]> = [
    ['no page', 'mode=list', 400, /missing parameter page/],
    ['unknown page', 'page=nothing', 400, /unknown page/],
    ['unknown mode', 'page=coastline&mode=nothing', 400, /unknown mode/],
    ['missing mode', 'page=beachsystem', 400, /missing parameter mode/],
    ['mode on a page without modes', 'page=wms&mode=list&wms=x', 400, /takes no mode/],
    ['missing list', 'page=coastline&mode=list', 400, /missing parameter list/],
    ['unknown list', 'page=coastline&mode=list&list=country', 400, /list must be one of/],
    ['amphur without pv', 'page=coastline&mode=list&list=amphur', 400, /missing parameter pv/],
    ['tambon without ap', 'page=coastline&mode=list&list=tambon&pv=90', 400, /missing parameter ap/],
    ['pv of 3 digits', 'page=coastline&mode=list&list=amphur&pv=901', 400, /2-digit province code/],
    ['pv with a letter', 'page=coastline&mode=list&list=amphur&pv=9a', 400, /2-digit/],
    ['ap of 2 digits', 'page=coastline&mode=list&list=tambon&ap=90', 400, /4-digit district code/],
    ['ap outside pv', 'page=coastline&mode=list&list=tambon&pv=90&ap=9301', 400, /not a district of pv/],
    ['pv-center without codes', 'page=locations&mode=pv-center', 400, /missing parameter pv-code/],
    ['tb-code of 5 digits', 'page=locations&mode=pv-center&tb-code=90010', 400, /6-digit sub-district code/],
    ['unknown area', 'page=changecoastline&mode=year&area=sea', 400, /area must be one of lake/],
    ['getBBox without codes', 'page=beachsystem&mode=getBBox', 400, /code_b_m, code_b_c or code_b_s/],
    ['bad beach code', 'page=beachsystem&mode=beachc&code_b_m=T1%20OR%201', 400, /beach system code/],
    ['getbound without layer', 'page=wfs&mode=getbound', 400, /missing parameter layer/],
    ['getbound unknown layer', 'page=wfs&mode=getbound&layer=tcs:nothing', 400, /unknown layer/],
    ['getbound bad cql', "page=wfs&mode=getbound&layer=tcs:littoral_cell&cql_filter=prv_code%3D", 400, /CQL_FILTER/],
    ['getbound missing viewparams', 'page=wfs&mode=getbound&layer=tcs:erosion_area', 400, /viewparams/],
    ['wfsisland without island', 'page=wfsisland&typeNames=tcs:island_polygon', 400, /missing parameter island/],
    ['wfsisland without typeNames', 'page=wfsisland&island=%E0%B9%80%E0%B8%81%E0%B8%B2%E0%B8%B0', 400, /missing parameter typeNames/],
    ['wfsisland two layers', 'page=wfsisland&island=x&typeNames=tcs:island_polygon,tcs:cmline_2567', 400, /one layer/],
    ['year out of range', 'page=wfsisland&island=x&typeNames=tcs:erosion_island&start=1999&end=2567', 400, /year from 2400 to 2700/],
    ['download without outputFormat', 'page=download&mode=changecoastline&typeName=tcs:erosion_area&viewparams=code:90;start:2562;end:2567', 400, /outputFormat/],
    ['download of a non-change layer', 'page=download&mode=changecoastline&outputFormat=shape-zip&typeName=tcs:cmline_2567', 400, /cannot be downloaded/],
    ['proxy without wms', 'page=wms', 400, /missing parameter wms/],
    ['duplicate parameter', 'page=coastline&mode=list&list=amphur&pv=90&pv=93', 400, /given more than once/],
  ];
  it.each(cases)('%s', async (_name, query, status, message) => {
    const answer = await backend.router(query);
    expect(answer.status, answer.text).toBe(status);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json();
    expect(body.data).toEqual([]);
    expect(body.errors).toMatch(message);
    expect(answer.text).not.toMatch(/\n\s+at |\.ts:\d+/);
  });

  it('POST bodies must be form-encoded (415)', async () => {
    const answer = await backend.request('POST', '/tcs/v2/router', { headers: { 'Content-Type': 'application/json' }, body: '{"page":"coastline"}' });
    expect(answer.status).toBe(415);
    expect(answer.json().data).toEqual([]);
  });

  it('other methods: 405 with Allow', async () => {
    const answer = await backend.request('DELETE', '/tcs/v2/router?page=coastline');
    expect(answer.status).toBe(405);
    expect(answer.headers.allow).toBe('GET, POST, HEAD, OPTIONS');
  });
});
