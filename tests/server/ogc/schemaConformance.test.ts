// Issue 12: every kind of document the OGC services write, checked against the OGC schemas: the
// Jsonix mappings of the npm package ogc-schemas (generated from the official XSDs and DTDs),
// unmarshalled strictly (ogcSchemas.ts): no element, attribute or text the schema does not declare
// where it stands, and the expected root. GetFeature documents are checked whole: the collection
// by the WFS mapping, the features by a mapping made from the server's own DescribeFeatureType
// (appSchema.ts), their geometries by the GML mapping. The WFS 1.0.0 capabilities, which
// ogc-schemas does not map, by a mapping written from WFS-capabilities.xsd 1.0.0
// (wfs100Capabilities.ts). Not checked: element order, cardinality and enumerations (Jsonix does
// not check them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { appSchemaModule } from './appSchema.ts';
import { startOgcBackend, WFS, WMS, type OgcBackend } from './helpers.ts';
import { checkDocument, elementChildren, type SchemaName, type SchemaReport } from './ogcSchemas.ts';
import { WFS_1_0_0_CAPABILITIES } from './wfs100Capabilities.ts';

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

const OGC = 'http://www.opengis.net/ogc';
const OWS10 = 'http://www.opengis.net/ows';
const OWS11 = 'http://www.opengis.net/ows/1.1';
const WFS1 = 'http://www.opengis.net/wfs';
const WFS2 = 'http://www.opengis.net/wfs/2.0';
const XSD = 'http://www.w3.org/2001/XMLSchema';
const GML: Record<string, 'GML_2_1_2' | 'GML_3_1_1' | 'GML_3_2_1'> = { '1.0.0': 'GML_2_1_2', '1.1.0': 'GML_3_1_1', '2.0.0': 'GML_3_2_1' };
const WFS_MAPPING: Record<string, SchemaName> = { '1.0.0': 'WFS_1_0_0', '1.1.0': 'WFS_1_1_0', '2.0.0': 'WFS_2_0' };

type Options = { status?: number; extra?: unknown[]; wildcards?: boolean };
/** The report must be clean: the expected root, no unknown content, nothing left to a wildcard unless allowed. */
function clean(text: string, schemas: SchemaName[], root: string, o: Options = {}): SchemaReport {
  const report = checkDocument(text, schemas, o.extra);
  expect(report.root).toBe(root);
  expect(report.unknown, text.slice(0, 300)).toEqual([]);
  if (!o.wildcards) expect(report.wildcard).toEqual([]);
  return report;
}
async function conforms(path: string, params: Record<string, string>, schemas: SchemaName[], root: string, o: Options = {}): Promise<SchemaReport> {
  const a = await backend.get(path, params);
  expect(a.status, a.text.slice(0, 500)).toBe(o.status ?? 200);
  return clean(a.text, schemas, root, o);
}

describe('the strict check itself', () => {
  const report = '<ServiceExceptionReport xmlns="http://www.opengis.net/ogc" version="1.3.0"><ServiceException code="X">t</ServiceException></ServiceExceptionReport>';
  it('passes a valid document and reports an invented element, attribute and text', () => {
    expect(checkDocument(report, ['WMS_1_3_0_Exceptions']).unknown).toEqual([]);
    const bad = report.replace('code="X">t', 'code="X" severity="high">t').replace('</ServiceExceptionReport>', '<Invented/>stray</ServiceExceptionReport>');
    expect(checkDocument(bad, ['WMS_1_3_0_Exceptions']).unknown).toEqual([
      '/ServiceExceptionReport/ServiceException: attribute @severity',
      '/ServiceExceptionReport: element <Invented>',
      '/ServiceExceptionReport: text "stray"',
    ]);
  });

  it('finds an invented element deep in a geometry of a feature collection', async () => {
    const params = { SERVICE: 'WFS', VERSION: '2.0.0', TYPENAMES: 'tcs:cmline_2567' };
    const xsd = (await backend.get(WFS, { ...params, REQUEST: 'DescribeFeatureType' })).text;
    const gml = (await backend.get(WFS, { ...params, REQUEST: 'GetFeature', COUNT: '1' })).text;
    const app = appSchemaModule(xsd, 'GML_3_2_1');
    expect(checkDocument(gml, ['WFS_2_0'], [app]).unknown).toEqual([]);
    const bad = checkDocument(gml.replace('<gml:posList>', '<gml:invented/><gml:posList>'), ['WFS_2_0'], [app]);
    expect(bad.unknown).toEqual([expect.stringMatching(/\/gml:LineString: element <gml:invented>$/)]);
    // an element the GML mapping knows, where the schema does not allow it
    const point = '<gml:Point gml:id="p"><gml:pos>1 2</gml:pos></gml:Point>';
    const misplaced = checkDocument(gml.replace('<gml:curveMember>', `<gml:curveMember>${point}`), ['WFS_2_0'], [app]);
    expect(misplaced.unknown).toEqual([expect.stringMatching(/\/gml:MultiCurve\/gml:curveMember: element <gml:Point>$/)]);
    expect(bad.unknown[0]).toMatch(/^\/wfs:FeatureCollection\/wfs:member\/tcs:cmline_2567\/tcs:geom\/gml:MultiCurve\//);
    const attribute = checkDocument(gml.replace('<gml:MultiCurve ', '<gml:MultiCurve invented="1" '), ['WFS_2_0'], [app]);
    expect(attribute.unknown).toEqual([expect.stringMatching(/\/tcs:geom\/gml:MultiCurve: attribute @invented$/)]);
    const property = checkDocument(gml.replace('<tcs:gid>', '<tcs:invented>1</tcs:invented><tcs:gid>'), ['WFS_2_0'], [app]);
    expect(property.unknown).toEqual([expect.stringMatching(/\/tcs:cmline_2567: element <tcs:invented>$/)]);
    expect(() => checkDocument(gml.replace('<tcs:gid>', '<tcs:gid>x<'), ['WFS_2_0'], [app])).toThrow(/not well-formed/);
  });

  it('an application schema whose feature is not in a GML substitution group is refused', async () => {
    const xsd = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'DescribeFeatureType', TYPENAMES: 'tcs:cmline_2567' })).text;
    expect(() => appSchemaModule(xsd.replace('gml:AbstractFeature"', 'gml:_Feature"'), 'GML_3_2_1')).toThrow(/substitution group/);
  });
});

describe('WMS', () => {
  const wms = (version: string, params: Record<string, string>) => ({ SERVICE: 'WMS', VERSION: version, ...params });
  it('1.1.1 capabilities (WMS_1_1_1, from the DTD) and 1.3.0 capabilities', async () => {
    await conforms(WMS, wms('1.1.1', { REQUEST: 'GetCapabilities' }), ['WMS_1_1_1'], 'WMT_MS_Capabilities');
    await conforms(WMS, wms('1.3.0', { REQUEST: 'GetCapabilities' }), ['WMS_1_3_0'], '{http://www.opengis.net/wms}WMS_Capabilities');
    // older versions are negotiated to 1.1.1
    await conforms(WMS, wms('1.0.0', { REQUEST: 'GetCapabilities' }), ['WMS_1_1_1'], 'WMT_MS_Capabilities');
  });
  it.each([
    ['GetMap, unknown layer', { REQUEST: 'GetMap', LAYERS: 'tcs:nope', STYLES: '', BBOX: '0,0,1,1', WIDTH: '10', HEIGHT: '10', FORMAT: 'image/png' }],
    ['GetFeatureInfo outside the image', { REQUEST: 'GetFeatureInfo', LAYERS: 'tcs:cmline_2567', QUERY_LAYERS: 'tcs:cmline_2567', STYLES: '', BBOX: '0,0,1,1', WIDTH: '10', HEIGHT: '10', FORMAT: 'image/png', INFO_FORMAT: 'application/json', X: '50', Y: '50', I: '50', J: '50' }],
    ['an unknown request', { REQUEST: 'Nope' }],
  ])('exception reports, 1.1.1 and 1.3.0: %s', async (_name, params) => {
    const v111 = await backend.get(WMS, wms('1.1.1', { ...params, SRS: 'EPSG:4326' }));
    expect(v111.status).toBeGreaterThanOrEqual(400);
    const r111 = checkDocument(v111.text, ['WMS_1_1_1']);
    expect([r111.root, r111.unknown]).toEqual(['ServiceExceptionReport', []]);
    const v130 = await backend.get(WMS, wms('1.3.0', { ...params, CRS: 'EPSG:4326' }));
    expect(v130.status).toBeGreaterThanOrEqual(400);
    const r130 = checkDocument(v130.text, ['WMS_1_3_0_Exceptions']);
    expect([r130.root, r130.unknown]).toEqual([`{${OGC}}ServiceExceptionReport`, []]);
  });
});

describe('WFS capabilities, exception reports, stored queries', () => {
  const wfs = (version: string, params: Record<string, string>) => ({ SERVICE: 'WFS', VERSION: version, ...params });
  it('1.1.0 and 2.0.0 capabilities', async () => {
    await conforms(WFS, wfs('1.1.0', { REQUEST: 'GetCapabilities' }), ['WFS_1_1_0'], `{${WFS1}}WFS_Capabilities`);
    await conforms(WFS, wfs('2.0.0', { REQUEST: 'GetCapabilities' }), ['WFS_2_0'], `{${WFS2}}WFS_Capabilities`);
  });
  it('1.0.0 capabilities (WFS-capabilities.xsd and filterCapabilities.xsd 1.0.0, mapped in wfs100Capabilities.ts)', async () => {
    const report = await conforms(WFS, wfs('1.0.0', { REQUEST: 'GetCapabilities' }), [], `{${WFS1}}WFS_Capabilities`, { extra: [...WFS_1_0_0_CAPABILITIES] });
    expect(JSON.stringify(report.value).length).toBeGreaterThan(2000);
    // the check sees what the schema does not allow: the result formats issue 27 found
    const before = (await backend.get(WFS, wfs('1.0.0', { REQUEST: 'GetCapabilities' }))).text.replace('<GML2/>', '<GML2/><JSON/><GEOJSON/>');
    expect(checkDocument(before, [], [...WFS_1_0_0_CAPABILITIES]).unknown).toEqual([
      '/WFS_Capabilities/Capability/Request/GetFeature/ResultFormat: element <JSON>',
      '/WFS_Capabilities/Capability/Request/GetFeature/ResultFormat: element <GEOJSON>',
    ]);
    const misnamed = before.replace('<ogc:Intersect/>', '<ogc:Intersects/>');
    expect(checkDocument(misnamed, [], [...WFS_1_0_0_CAPABILITIES]).unknown).toContainEqual(expect.stringMatching(/Spatial_Operators: element <ogc:Intersects>$/));
  });
  it.each([
    ['1.0.0', ['WMS_1_3_0_Exceptions'], `{${OGC}}ServiceExceptionReport`],
    ['1.1.0', ['OWS_1_0_0'], `{${OWS10}}ExceptionReport`],
    ['2.0.0', ['OWS_1_1_0'], `{${OWS11}}ExceptionReport`],
  ] as const)('%s exception reports (1.0.0: the ogc 1.2.0 report, same structure as WMS 1.3.0 exceptions)', async (version, schemas, root) => {
    const status = { status: 400 };
    await conforms(WFS, wfs(version, { REQUEST: 'GetFeature', TYPENAME: 'tcs:nope', TYPENAMES: 'tcs:nope' }), [...schemas], root, status);
    await conforms(WFS, wfs(version, { REQUEST: 'GetFeature', TYPENAME: 'tcs:cmline_2567', TYPENAMES: 'tcs:cmline_2567', CQL_FILTER: 'gid = ' }), [...schemas], root, status);
    await conforms(WFS, wfs(version, { REQUEST: 'DescribeFeatureType', TYPENAME: 'tcs:nope', TYPENAMES: 'tcs:nope' }), [...schemas], root, status);
    await conforms(WFS, wfs(version, { REQUEST: 'Nope' }), [...schemas], root, { status: 501 });
  });
  it('2.0.0 ListStoredQueries and DescribeStoredQueries', async () => {
    await conforms(WFS, wfs('2.0.0', { REQUEST: 'ListStoredQueries' }), ['WFS_2_0'], `{${WFS2}}ListStoredQueriesResponse`);
    await conforms(WFS, wfs('2.0.0', { REQUEST: 'DescribeStoredQueries' }), ['WFS_2_0'], `{${WFS2}}DescribeStoredQueriesResponse`);
  });
});

describe('WFS DescribeFeatureType, GetFeature, GetPropertyValue', () => {
  let names: string[] = [];
  beforeAll(async () => {
    const caps = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetCapabilities' })).text;
    names = [...caps.matchAll(/<wfs:Name>([^<]+)<\/wfs:Name>/g)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(20);
  });
  const typeParam = (version: string, names: string): Record<string, string> => (version === '2.0.0' ? { TYPENAMES: names } : { TYPENAME: names });
  async function appSchema(version: string, typeNames: string): Promise<unknown> {
    const report = await conforms(WFS, { SERVICE: 'WFS', VERSION: version, REQUEST: 'DescribeFeatureType', ...typeParam(version, typeNames) }, ['XSD_1_0'], `{${XSD}}schema`);
    expect(report.value.value.targetNamespace).toBe('http://tcs');
    const a = await backend.get(WFS, { SERVICE: 'WFS', VERSION: version, REQUEST: 'DescribeFeatureType', ...typeParam(version, typeNames) });
    return appSchemaModule(a.text, GML[version]!);
  }
  async function featureCollection(version: string, typeNames: string, params: Record<string, string> = {}): Promise<SchemaReport> {
    const extra = [await appSchema(version, typeNames)];
    const count: Record<string, string> = version === '2.0.0' ? { COUNT: '3' } : { MAXFEATURES: '3' };
    const query = { SERVICE: 'WFS', VERSION: version, REQUEST: 'GetFeature', ...typeParam(version, typeNames), ...count, ...params };
    return conforms(WFS, query, [WFS_MAPPING[version]!], `{${version === '2.0.0' ? WFS2 : WFS1}}FeatureCollection`, { extra });
  }

  it.each(['1.0.0', '1.1.0', '2.0.0'])('%s: a line, a polygon, a point and a dated feature type, features and geometries typed', async (version) => {
    for (const name of ['tcs:cmline_2567', 'tcs:coastallu_2558', 'tcs:cctv', 'tcs:changerate_beach_2567']) {
      const report = await featureCollection(version, name);
      expect(JSON.stringify(report.value).length).toBeGreaterThan(500);
    }
  }, 60_000);

  it('2.0.0: every published feature type (DescribeFeatureType, then 2 features or the viewparams exception)', async () => {
    let withFeatures = 0;
    for (const name of names) {
      const extra = [await appSchema('2.0.0', name)];
      const a = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: name, COUNT: '2' });
      if (a.status === 400 && a.text.includes('locator="viewparams"')) {
        clean(a.text, ['OWS_1_1_0'], `{${OWS11}}ExceptionReport`);
        continue;
      }
      expect(a.status, a.text.slice(0, 300)).toBe(200);
      clean(a.text, ['WFS_2_0'], `{${WFS2}}FeatureCollection`, { extra });
      withFeatures++;
    }
    expect(withFeatures).toBeGreaterThan(names.length / 2);
  }, 240_000);

  it('1.1.0 and 2.0.0 resultType=hits; 2.0.0 several TYPENAMES; a page with next/previous; other SRSNAMEs', async () => {
    await featureCollection('1.1.0', 'tcs:cmline_2567', { RESULTTYPE: 'hits' });
    await featureCollection('2.0.0', 'tcs:cmline_2567', { RESULTTYPE: 'hits' });
    await featureCollection('2.0.0', 'tcs:cmline_2567,tcs:cctv');
    await featureCollection('2.0.0', 'tcs:cmline_2567', { STARTINDEX: '3' });
    await featureCollection('2.0.0', 'tcs:cctv', { SRSNAME: 'urn:ogc:def:crs:EPSG::4326' });
    await featureCollection('1.1.0', 'tcs:coastallu_2558', { SRSNAME: 'EPSG:3857' });
  });

  it('1.0.0 and 1.1.0: several TYPENAME, a later page, EPSG:3857 (issue 27: every kind in every version)', async () => {
    for (const version of ['1.0.0', '1.1.0']) {
      await featureCollection(version, 'tcs:cmline_2567,tcs:cctv');
      await featureCollection(version, 'tcs:cmline_2567', { STARTINDEX: '3' });
      await featureCollection(version, 'tcs:cctv', { SRSNAME: 'EPSG:3857' });
    }
    // WFS 1.0.0 has no resultType: hits in GML would need attributes its FeatureCollection lacks
    const hits = { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetFeature', TYPENAME: 'tcs:cmline_2567', RESULTTYPE: 'hits' };
    await conforms(WFS, hits, ['WMS_1_3_0_Exceptions'], `{${OGC}}ServiceExceptionReport`, { status: 400 });
    expect((await backend.get(WFS, { ...hits, OUTPUTFORMAT: 'application/json' })).json().numberMatched).toBeGreaterThan(10);
  });

  it('2.0.0 GetFeatureById answers the bare feature, valid by the application schema', async () => {
    const extra = [await appSchema('2.0.0', 'tcs:cmline_2567')];
    const first = (await featureCollection('2.0.0', 'tcs:cmline_2567')).value.value;
    const id = JSON.stringify(first).match(/"id":"(cmline_2567\.[0-9]+)"/)?.[1];
    expect(id).toBeDefined();
    const query = { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', STOREDQUERY_ID: 'urn:ogc:def:query:OGC-WFS::GetFeatureById', ID: id! };
    await conforms(WFS, query, ['WFS_2_0'], '{http://tcs}cmline_2567', { extra });
  });

  it('2.0.0 GetPropertyValue: a ValueCollection; geometry values valid GML 3.2', async () => {
    const base = { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetPropertyValue', TYPENAMES: 'tcs:cmline_2567', COUNT: '2' };
    const root = `{${WFS2}}ValueCollection`;
    const text = await conforms(WFS, { ...base, VALUEREFERENCE: 'prv_name' }, ['WFS_2_0'], root, { wildcards: true });
    expect(text.wildcardElements.map((e) => [e.localName, elementChildren(e).length])).toEqual([['prv_name', 0], ['prv_name', 0]]);
    const geom = await conforms(WFS, { ...base, VALUEREFERENCE: 'geom' }, ['WFS_2_0'], root, { wildcards: true });
    expect(geom.wildcardElements).toHaveLength(2);
    for (const property of geom.wildcardElements) {
      const [geometry, ...more] = elementChildren(property);
      expect(more).toEqual([]);
      const report = checkDocument(geometry!, ['GML_3_2_1']);
      expect([report.root, report.unknown, report.wildcard]).toEqual(['{http://www.opengis.net/gml/3.2}MultiCurve', [], []]);
    }
    await conforms(WFS, { ...base, VALUEREFERENCE: 'geom', RESULTTYPE: 'hits' }, ['WFS_2_0'], root);
  });
});
