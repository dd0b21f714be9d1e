// Issue 12: WFS 2.0 Basic implemented as claimed: ListStoredQueries, DescribeStoredQueries,
// GetFeature with the GetFeatureById stored query (the feature itself, or 404 NotFound),
// GetPropertyValue (values, paging, hits) and PropertyIsNil in FES; capabilities list exactly these.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { exceptionCode, startOgcBackend, WFS, type OgcBackend } from './helpers.ts';

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

const wellFormed = (text: string) => spawnSync('xmllint', ['--noout', '-'], { input: text }).status === 0;
const wfs = (params: Record<string, string>) => backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', ...params });
const BY_ID = 'urn:ogc:def:query:OGC-WFS::GetFeatureById';
const CMLINE = "cmline WHERE zone = 'mainland' AND line_year = 2567";
const count = async (where: string) => (await backend.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${where}`)).rows[0]!.n;

describe('capabilities', () => {
  it('2.0 lists the Basic WFS operations and PropertyIsNil; 1.1.0 does not list 2.0 operations', async () => {
    const caps = (await wfs({ REQUEST: 'GetCapabilities' })).text;
    for (const op of ['GetCapabilities', 'DescribeFeatureType', 'GetFeature', 'GetPropertyValue', 'ListStoredQueries', 'DescribeStoredQueries']) {
      expect(caps).toContain(`<ows:Operation name="${op}">`);
    }
    expect(caps).toMatch(/<ows:Constraint name="ImplementsBasicWFS"><ows:NoValues\/><ows:DefaultValue>TRUE/);
    expect(caps).toContain('<fes:ComparisonOperator name="PropertyIsNil"/>');
    const v11 = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '1.1.0', REQUEST: 'GetCapabilities' })).text;
    expect(v11).not.toContain('ListStoredQueries');
  });
});

describe('stored queries', () => {
  it('ListStoredQueries names GetFeatureById and the feature types it returns', async () => {
    const a = await wfs({ REQUEST: 'ListStoredQueries' });
    expect(a.status).toBe(200);
    expect(wellFormed(a.text)).toBe(true);
    expect(a.text).toContain(`<wfs:StoredQuery id="${BY_ID}">`);
    expect(a.text).toContain('<wfs:ReturnFeatureType>tcs:cmline_2567</wfs:ReturnFeatureType>');
  });

  it('DescribeStoredQueries describes its ID parameter; an unknown query is InvalidParameterValue', async () => {
    const a = await wfs({ REQUEST: 'DescribeStoredQueries', STOREDQUERY_ID: BY_ID });
    expect(wellFormed(a.text)).toBe(true);
    expect(a.text).toContain('<wfs:Parameter name="ID" type="xsd:string"/>');
    const bad = await wfs({ REQUEST: 'DescribeStoredQueries', STOREDQUERY_ID: 'urn:x:nope' });
    expect(bad.status).toBe(400);
    expect(exceptionCode(bad.text)).toBe('InvalidParameterValue');
  });

  it('GetFeatureById answers the feature itself in GML 3.2 and GeoJSON', async () => {
    const [row] = (await backend.db.query<{ gid: number; tam_name: string }>(`SELECT gid, tam_name FROM ${CMLINE} ORDER BY gid LIMIT 1`)).rows;
    const id = `cmline_2567.${row!.gid}`;
    const gml = await wfs({ REQUEST: 'GetFeature', STOREDQUERY_ID: BY_ID, ID: id });
    expect(gml.status).toBe(200);
    expect(wellFormed(gml.text)).toBe(true);
    expect(gml.text).toMatch(new RegExp(`^<\\?xml[^>]*>\\n<tcs:cmline_2567 xmlns:tcs="http://tcs" xmlns:gml="http://www.opengis.net/gml/3.2" gml:id="${id}">`));
    expect(gml.text).toContain(`<tcs:tam_name>${row!.tam_name}</tcs:tam_name>`);
    const json = (await wfs({ REQUEST: 'GetFeature', STOREDQUERY_ID: BY_ID, ID: id, OUTPUTFORMAT: 'application/json' })).json();
    expect(json).toMatchObject({ type: 'Feature', id, properties: { tam_name: row!.tam_name } });
  });

  it.each(['cmline_2567.999999999', 'nope_layer.1', 'no-dot'])('GetFeatureById of %s is 404 NotFound', async (id) => {
    const a = await wfs({ REQUEST: 'GetFeature', STOREDQUERY_ID: BY_ID, ID: id });
    expect(a.status).toBe(404);
    expect(exceptionCode(a.text)).toBe('NotFound');
  });
});

describe('GetPropertyValue', () => {
  it('the values of one attribute of the selected features, with paging and hits', async () => {
    const n = await count(`${CMLINE} AND prv_code = '90'`);
    const a = await wfs({ REQUEST: 'GetPropertyValue', TYPENAMES: 'tcs:cmline_2567', VALUEREFERENCE: 'prv_name', CQL_FILTER: "prv_code='90'" });
    expect(a.status).toBe(200);
    expect(wellFormed(a.text)).toBe(true);
    expect(a.text).toContain(`numberMatched="${n}" numberReturned="${n}"`);
    expect(a.text.match(/<wfs:member><tcs:prv_name>สงขลา<\/tcs:prv_name><\/wfs:member>/g)).toHaveLength(n);
    const paged = (await wfs({ REQUEST: 'GetPropertyValue', TYPENAMES: 'tcs:cmline_2567', VALUEREFERENCE: 'tcs:gid', COUNT: '2' })).text;
    expect(paged.match(/<wfs:member>/g)).toHaveLength(2);
    expect(paged).toMatch(/ next="[^"]*STARTINDEX=2/);
    const hits = (await wfs({ REQUEST: 'GetPropertyValue', TYPENAMES: 'tcs:cmline_2567', VALUEREFERENCE: 'gid', RESULTTYPE: 'hits' })).text;
    expect(hits).toContain(`numberMatched="${await count(CMLINE)}" numberReturned="0"`);
  });

  it('the geometry as GML', async () => {
    const a = await wfs({ REQUEST: 'GetPropertyValue', TYPENAMES: 'tcs:radar_station', VALUEREFERENCE: 'geom', COUNT: '2' });
    expect(wellFormed(a.text)).toBe(true);
    expect(a.text.match(/<wfs:member><tcs:geom><gml:Point [^>]*gml:id="radar_station\.\d+\.geom"/g)).toHaveLength(2);
  });

  it('an unknown property, JSON output or WFS 1.1.0 are refused', async () => {
    const unknown = await wfs({ REQUEST: 'GetPropertyValue', TYPENAMES: 'tcs:cmline_2567', VALUEREFERENCE: 'nope' });
    expect([unknown.status, exceptionCode(unknown.text)]).toEqual([400, 'InvalidParameterValue']);
    const json = await wfs({ REQUEST: 'GetPropertyValue', TYPENAMES: 'tcs:cmline_2567', VALUEREFERENCE: 'gid', OUTPUTFORMAT: 'application/json' });
    expect(json.status).toBe(400);
    const v11 = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '1.1.0', REQUEST: 'GetPropertyValue', TYPENAME: 'tcs:cmline_2567', VALUEREFERENCE: 'gid' });
    expect([v11.status, exceptionCode(v11.text)]).toEqual([501, 'OperationNotSupported']);
  });
});

describe('FES PropertyIsNil', () => {
  it('selects the features whose property is NULL', async () => {
    const filter = (inner: string) =>
      `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0">${inner}</fes:Filter>`;
    const nil = '<fes:PropertyIsNil><fes:ValueReference>prv_code</fes:ValueReference></fes:PropertyIsNil>';
    const none = await wfs({ REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567', RESULTTYPE: 'hits', FILTER: filter(nil) });
    expect(none.text).toContain('numberMatched="0"');
    const all = await wfs({ REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567', RESULTTYPE: 'hits', FILTER: filter(`<fes:Not>${nil}</fes:Not>`) });
    expect(all.text).toContain(`numberMatched="${await count(CMLINE)}"`);
  });
});
