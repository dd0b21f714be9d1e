// Issue 27 item 5: every WFS operation advertises Post, so an XML POST is served: GetCapabilities,
// DescribeFeatureType, GetFeature (Query with PropertyName, Filter, SortBy; several Queries;
// StoredQuery GetFeatureById), GetPropertyValue, ListStoredQueries and DescribeStoredQueries in
// the WFS 2.0 encoding, and GetFeature in 1.1.0 and 1.0.0. Each answer equals the KVP answer of
// the same request; the request bodies are valid by the OGC schemas (ogcSchemas.ts), so the test
// speaks the standard encoding. DTDs and entities stay refused; the body size cap holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { exceptionCode, startOgcBackend, WFS, type OgcBackend } from './helpers.ts';
import { checkDocument, type SchemaName } from './ogcSchemas.ts';

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

const NS2 = 'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:ows="http://www.opengis.net/ows/1.1" xmlns:tcs="http://tcs"';
const NS1 = 'xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml" xmlns:tcs="http://tcs"';
const FILTER2 = '<fes:Filter><fes:PropertyIsLessThan><fes:ValueReference>gid</fes:ValueReference><fes:Literal>150</fes:Literal></fes:PropertyIsLessThan></fes:Filter>';
const FILTER1 = '<ogc:Filter><ogc:PropertyIsLessThan><ogc:PropertyName>gid</ogc:PropertyName><ogc:Literal>150</ogc:Literal></ogc:PropertyIsLessThan></ogc:Filter>';

/**
 * wfs:PropertyName stands for fes:AbstractProjectionClause in a 2.0 Query (its substitution group),
 * which the Jsonix mapping declares as a plain element: the one place it is reported unknown.
 */
const MAPPING_GAPS = ['/wfs:GetFeature/wfs:Query: element <wfs:PropertyName>'];

/** POSTs `xml` after checking it against the request schema; returns the answer. */
async function post(xml: string, schema: SchemaName, contentType = 'text/xml') {
  const report = checkDocument(xml, [schema]);
  expect(report.unknown.filter((u) => !MAPPING_GAPS.includes(u)), xml).toEqual([]);
  return backend.request('POST', WFS, { headers: { 'Content-Type': contentType }, body: xml });
}
/** The KVP answer of the same request, with the timeStamp (the only moving part) blanked. */
async function kvp(params: Record<string, string>) {
  const a = await backend.get(WFS, { SERVICE: 'WFS', ...params });
  expect(a.status, a.text.slice(0, 300)).toBe(200);
  return steady(a.text);
}
/** The answer without its timeStamp, and with the parameters of its paging links in name order (XML and KVP list them differently). */
function steady(text: string): string {
  const sorted = (query: string, sep: string) => query.split(sep).sort().join(sep);
  return text
    .replace(/timeStamp="[^"]*"/g, 'timeStamp=""')
    .replace(/"timeStamp":"[^"]*"/g, '"timeStamp":""')
    .replace(/(\/wfs\?)([^"<\s]*)/g, (_m, path: string, query: string) => path + sorted(query, ['&amp;', '\\u0026', '&'].find((sep) => query.includes(sep)) ?? '&'));
}

describe('WFS 2.0 XML encoding', () => {
  it('GetCapabilities with AcceptVersions, and the capabilities say XMLEncoding TRUE', async () => {
    const a = await post(`<wfs:GetCapabilities service="WFS" ${NS2}><ows:AcceptVersions><ows:Version>1.1.0</ows:Version></ows:AcceptVersions></wfs:GetCapabilities>`, 'WFS_2_0');
    expect(a.status).toBe(200);
    expect(a.text).toContain('<wfs:WFS_Capabilities version="1.1.0"');
    const v2 = await post(`<wfs:GetCapabilities service="WFS" ${NS2}/>`, 'WFS_2_0');
    expect(v2.text).toMatch(/<ows:Constraint name="XMLEncoding"><ows:NoValues\/><ows:DefaultValue>TRUE</);
  });

  it('DescribeFeatureType of two types equals the KVP answer', async () => {
    const a = await post(`<wfs:DescribeFeatureType service="WFS" version="2.0.0" ${NS2}><wfs:TypeName>tcs:cmline_2567</wfs:TypeName><wfs:TypeName>tcs:cctv</wfs:TypeName></wfs:DescribeFeatureType>`, 'WFS_2_0');
    expect(a.status).toBe(200);
    expect(a.text).toBe(await kvp({ VERSION: '2.0.0', REQUEST: 'DescribeFeatureType', TYPENAMES: 'tcs:cmline_2567,tcs:cctv' }));
  });

  it('GetFeature: a Query with PropertyName, Filter and SortBy equals the KVP answer (GML and GeoJSON)', async () => {
    const query = `<wfs:Query typeNames="tcs:cmline_2567"><wfs:PropertyName>gid</wfs:PropertyName>${FILTER2}<fes:SortBy><fes:SortProperty><fes:ValueReference>gid</fes:ValueReference><fes:SortOrder>DESC</fes:SortOrder></fes:SortProperty></fes:SortBy></wfs:Query>`;
    const params = { VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567', PROPERTYNAME: 'gid', FILTER: FILTER2, SORTBY: 'gid DESC', COUNT: '3', STARTINDEX: '1' };
    const gml = await post(`<wfs:GetFeature service="WFS" version="2.0.0" count="3" startIndex="1" ${NS2}>${query}</wfs:GetFeature>`, 'WFS_2_0');
    expect(gml.status, gml.text.slice(0, 300)).toBe(200);
    expect(steady(gml.text)).toBe(await kvp(params));
    expect(gml.text).toContain('numberReturned="3"');
    const json = await post(`<wfs:GetFeature service="WFS" version="2.0.0" count="3" startIndex="1" outputFormat="application/json" ${NS2}>${query}</wfs:GetFeature>`, 'WFS_2_0');
    const features = JSON.parse(json.text).features as Array<{ properties: { gid: number } }>;
    expect(features.map((f) => Object.keys(f.properties))).toEqual([['gid'], ['gid'], ['gid']]);
    expect(features[0]!.properties.gid).toBeGreaterThan(features[2]!.properties.gid);
    expect(steady(json.text)).toBe(await kvp({ ...params, OUTPUTFORMAT: 'application/json' }));
  });

  it('GetFeature: two Queries, one filtered; resultType hits', async () => {
    const body = (extra: string) =>
      `<wfs:GetFeature service="WFS" version="2.0.0" ${extra} ${NS2}><wfs:Query typeNames="tcs:cctv"/><wfs:Query typeNames="tcs:cmline_2567">${FILTER2}</wfs:Query></wfs:GetFeature>`;
    const params = { VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cctv,tcs:cmline_2567', FILTER: `()(${FILTER2})` };
    const hits = await post(body('resultType="hits"'), 'WFS_2_0');
    expect(steady(hits.text)).toBe(await kvp({ ...params, RESULTTYPE: 'hits' }));
    const counted = (text: string) => Number(/numberMatched="(\d+)"/.exec(text)?.[1]);
    const cctv = counted(await kvp({ VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cctv', RESULTTYPE: 'hits' }));
    const lines = { VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567', RESULTTYPE: 'hits' };
    const [all, filtered] = [counted(await kvp(lines)), counted(await kvp({ ...lines, FILTER: FILTER2 }))];
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    expect(counted(hits.text)).toBe(cctv + filtered);
    const page = await post(body('count="5"'), 'WFS_2_0');
    expect(steady(page.text)).toBe(await kvp({ ...params, COUNT: '5' }));
  });

  it('StoredQuery GetFeatureById, GetPropertyValue, ListStoredQueries, DescribeStoredQueries', async () => {
    const id = /gml:id="(cmline_2567\.\d+)"/.exec(await kvp({ VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567', COUNT: '1' }))![1]!;
    const byId = `<wfs:StoredQuery id="urn:ogc:def:query:OGC-WFS::GetFeatureById"><wfs:Parameter name="ID">${id}</wfs:Parameter></wfs:StoredQuery>`;
    const feature = await post(`<wfs:GetFeature service="WFS" version="2.0.0" ${NS2}>${byId}</wfs:GetFeature>`, 'WFS_2_0');
    expect(feature.text).toBe(await kvp({ VERSION: '2.0.0', REQUEST: 'GetFeature', STOREDQUERY_ID: 'urn:ogc:def:query:OGC-WFS::GetFeatureById', ID: id }));
    const values = await post(`<wfs:GetPropertyValue service="WFS" version="2.0.0" valueReference="gid" count="2" ${NS2}><wfs:Query typeNames="tcs:cmline_2567">${FILTER2}</wfs:Query></wfs:GetPropertyValue>`, 'WFS_2_0');
    expect(steady(values.text)).toBe(await kvp({ VERSION: '2.0.0', REQUEST: 'GetPropertyValue', TYPENAMES: 'tcs:cmline_2567', VALUEREFERENCE: 'gid', COUNT: '2', FILTER: FILTER2 }));
    const list = await post(`<wfs:ListStoredQueries service="WFS" version="2.0.0" ${NS2}/>`, 'WFS_2_0');
    expect(list.text).toBe(await kvp({ VERSION: '2.0.0', REQUEST: 'ListStoredQueries' }));
    const described = await post(`<wfs:DescribeStoredQueries service="WFS" version="2.0.0" ${NS2}><wfs:StoredQueryId>urn:ogc:def:query:OGC-WFS::GetFeatureById</wfs:StoredQueryId></wfs:DescribeStoredQueries>`, 'WFS_2_0');
    expect(described.text).toBe(await kvp({ VERSION: '2.0.0', REQUEST: 'DescribeStoredQueries', STOREDQUERY_ID: 'urn:ogc:def:query:OGC-WFS::GetFeatureById' }));
  });
});

describe('WFS 1.1.0 and 1.0.0 XML GetFeature', () => {
  it.each([
    ['1.1.0', 'WFS_1_1_0'],
    ['1.0.0', 'WFS_1_0_0'],
  ] as const)('%s: a Query with PropertyName and an ogc:Filter equals the KVP answer', async (version, schema) => {
    const xml = `<wfs:GetFeature service="WFS" version="${version}" maxFeatures="4" ${NS1}><wfs:Query typeName="tcs:cmline_2567"><ogc:PropertyName>gid</ogc:PropertyName>${FILTER1}</wfs:Query></wfs:GetFeature>`;
    const a = await post(xml.replace('<ogc:PropertyName>gid</ogc:PropertyName>', version === '1.1.0' ? '<wfs:PropertyName>gid</wfs:PropertyName>' : '<ogc:PropertyName>gid</ogc:PropertyName>'), schema);
    expect(a.status, a.text.slice(0, 300)).toBe(200);
    expect(steady(a.text)).toBe(await kvp({ VERSION: version, REQUEST: 'GetFeature', TYPENAME: 'tcs:cmline_2567', PROPERTYNAME: 'gid', FILTER: FILTER1, MAXFEATURES: '4' }));
  });
});

describe('XML requests that are refused', () => {
  it('DTDs, entities, other documents, joins, unknown operations and oversized bodies', async () => {
    const send = (body: string, type = 'application/xml') => backend.request('POST', WFS, { headers: { 'Content-Type': type }, body });
    const xxe = await send(`<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><wfs:GetCapabilities ${NS2}>&e;</wfs:GetCapabilities>`);
    expect([xxe.status, exceptionCode(xxe.text)]).toEqual([400, 'InvalidParameterValue']);
    expect(xxe.text).not.toContain('root:');
    const other = await send('<GetFeature/>');
    expect([other.status, exceptionCode(other.text)]).toEqual([501, 'OperationNotSupported']);
    const join = await send(`<wfs:GetFeature service="WFS" version="2.0.0" ${NS2}><wfs:Query typeNames="tcs:cctv tcs:cmline_2567"/></wfs:GetFeature>`);
    expect([join.status, exceptionCode(join.text)]).toEqual([400, 'InvalidParameterValue']);
    const transaction = await send(`<wfs:Transaction service="WFS" version="2.0.0" ${NS2}/>`);
    expect([transaction.status, exceptionCode(transaction.text)]).toEqual([501, 'OperationNotSupported']);
    const untyped = await backend.request('POST', WFS, { body: `<wfs:GetCapabilities service="WFS" ${NS2}/>` });
    expect(untyped.status).toBe(200);
    const big = await send(`<wfs:GetCapabilities service="WFS" ${NS2}><!--${'a'.repeat(300 * 1024)}--></wfs:GetCapabilities>`);
    expect(big.status).toBe(413);
  });
});
