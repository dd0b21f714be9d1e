// WFS against the generated sample database: capabilities (CRS84 default for 2.0, GeoJSON
// advertised), DescribeFeatureType XSD, GetFeature in GeoServer's GeoJSON shape with counts equal
// to SQL for the same filter (CQL_FILTER, BBOX with CRS suffix, FES FILTER, viewparams), paging,
// hits, SORTBY, PROPERTYNAME, SRSNAME, GML, gzip, POST, Thai text and stored markup as plain data.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFeatureTypes } from '../../../src/server/data/featureTypes.ts';
import { ENGINE, SLOW } from '../db/testDatabase.ts';
import { OWS, startOgcBackend, WFS, type OgcBackend } from './helpers.ts';

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await backend.db.query<T>(text, params)).rows;
const count = async (text: string, params: unknown[] = []) => (await sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${text}`, params))[0]!.n;

function getFeature(params: Record<string, string | number>, headers?: Record<string, string>) {
  return backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', OUTPUTFORMAT: 'application/json', ...params }, headers);
}

async function features(params: Record<string, string | number>): Promise<any> {
  const answer = await getFeature(params);
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  return answer.json();
}

const CMLINE_2567 = "cmline WHERE zone = 'mainland' AND line_year = 2567";

describe('GetCapabilities and DescribeFeatureType', () => {
  it('2.0.0 lists every feature type with CRS84 as default CRS and GeoJSON among the output formats', async () => {
    const answer = await backend.get(WFS, { SERVICE: 'WFS', REQUEST: 'GetCapabilities' });
    expect(answer.status).toBe(200);
    const xml = answer.text;
    expect(xml).toContain('<wfs:WFS_Capabilities version="2.0.0"');
    for (const ft of listFeatureTypes()) {
      if (ft.kind === 'vector') expect(xml, ft.name).toContain(`<wfs:Name>tcs:${ft.name}</wfs:Name>`);
      else expect(xml).not.toContain(`<wfs:Name>tcs:${ft.name}</wfs:Name>`);
    }
    expect(xml).toContain('<wfs:DefaultCRS>urn:ogc:def:crs:OGC:1.3:CRS84</wfs:DefaultCRS>');
    expect(xml).not.toContain('<wfs:DefaultCRS>urn:ogc:def:crs:EPSG::4326</wfs:DefaultCRS>');
    expect(xml).toMatch(/<ows:Parameter name="outputFormat">.*<ows:Value>application\/json<\/ows:Value>/s);
    expect(xml).toMatch(/<ows:Parameter name="resultType">.*<ows:Value>hits<\/ows:Value>/s);
    expect(xml).toContain('<ows:Constraint name="ImplementsResultPaging"><ows:NoValues/><ows:DefaultValue>TRUE</ows:DefaultValue>');
  });

  it('1.1.0 and 1.0.0 capabilities', async () => {
    const v11 = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '1.1.0', REQUEST: 'GetCapabilities' });
    expect(v11.text).toContain('<wfs:WFS_Capabilities version="1.1.0"');
    expect(v11.text).toContain('<wfs:Name>tcs:erosion_area</wfs:Name>');
    const v10 = await backend.get(OWS, { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetCapabilities' });
    expect(v10.text).toContain('<WFS_Capabilities version="1.0.0"');
    expect(v10.text).toContain('<Name>tcs:erosion_area</Name>');
    const negotiated = await backend.get(WFS, { SERVICE: 'WFS', REQUEST: 'GetCapabilities', ACCEPTVERSIONS: '3.0.0,1.1.0' });
    expect(negotiated.text).toContain('version="1.1.0"');
  });

  it('DescribeFeatureType: an XSD with the attribute types and the GML geometry type', async () => {
    const answer = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'DescribeFeatureType', TYPENAMES: 'tcs:cmline_2567,tcs:erosion_area,tcs:radar_station' });
    expect(answer.status).toBe(200);
    const xsd = answer.text;
    expect(xsd).toContain('targetNamespace="http://tcs"');
    expect(xsd).toContain('<xsd:complexType name="cmline_2567Type">');
    expect(xsd).toContain('name="gid" nillable="true" type="xsd:int"');
    expect(xsd).toContain('name="prv_name" nillable="true" type="xsd:string"');
    expect(xsd).toContain('name="length_km" nillable="true" type="xsd:double"');
    // GML 3.2 has no MultiLineString/MultiPolygon: the instances are MultiCurve/MultiSurface (as ST_AsGML writes them)
    expect(xsd).toMatch(/<xsd:complexType name="cmline_2567Type">.*name="geom" nillable="true" type="gml:MultiCurvePropertyType"/s);
    expect(xsd).toMatch(/<xsd:complexType name="erosion_areaType">.*name="geom" nillable="true" type="gml:MultiSurfacePropertyType"/s);
    expect(xsd).toMatch(/<xsd:complexType name="radar_stationType">.*name="geom" nillable="true" type="gml:PointPropertyType"/s);
    expect(xsd).toContain('<xsd:element name="cmline_2567" substitutionGroup="gml:AbstractFeature" type="tcs:cmline_2567Type"/>');
    const rates = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'DescribeFeatureType', TYPENAME: 'tcs:changerate_beach_2567' })).text;
    expect(rates).toContain('name="update" nillable="true" type="xsd:date"');
  });
});

describe('GetFeature (GeoJSON)', () => {
  it('has GeoServer shape and counts equal to SQL for the same CQL_FILTER; Thai intact', async () => {
    const fc = await features({ TYPENAMES: 'tcs:cmline_2567', CQL_FILTER: "prv_code='90'" });
    const expected = await count(`${CMLINE_2567} AND prv_code = '90'`);
    expect(expected).toBeGreaterThan(5);
    expect(Object.keys(fc)).toEqual(['type', 'features', 'totalFeatures', 'numberMatched', 'numberReturned', 'timeStamp', 'crs']);
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features).toHaveLength(expected);
    expect(fc.totalFeatures).toBe(expected);
    expect(fc.numberMatched).toBe(expected);
    expect(fc.numberReturned).toBe(expected);
    expect(fc.crs).toEqual({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4326' } });
    expect(Number.isNaN(Date.parse(fc.timeStamp))).toBe(false);
    const f = fc.features[0];
    expect(Object.keys(f)).toEqual(['type', 'id', 'geometry', 'geometry_name', 'properties']);
    expect(f.id).toBe(`cmline_2567.${f.properties.gid}`);
    expect(f.geometry.type).toBe('MultiLineString');
    const [lon, lat] = f.geometry.coordinates[0][0];
    expect(lon).toBeGreaterThan(99);
    expect(lat).toBeLessThan(9);
    expect(Object.keys(f.properties)).toEqual(['gid', 'line_year', 'prv_code', 'amp_code', 'tam_code', 'prv_name', 'amp_name', 'tam_name', 'length_km', 'shape_leng']);
    const names = await sql<{ gid: number; amp_name: string; tam_name: string }>(`SELECT gid, amp_name, tam_name FROM ${CMLINE_2567} AND prv_code = '90'`);
    for (const row of names) {
      const got = fc.features.find((x: any) => x.properties.gid === row.gid);
      expect(got.properties.prv_name).toBe('สงขลา');
      expect(got.properties.amp_name).toBe(row.amp_name);
      expect(got.properties.tam_name).toBe(row.tam_name);
    }
  });

  it('BBOX with a CRS suffix (lat/lon URN, CRS84 and EPSG:3857) and FES FILTER count like SQL', async () => {
    const [w, s, e, n] = [100.3, 7.0, 100.8, 7.6];
    const expected = await count(`${CMLINE_2567} AND ST_Intersects(geom, ST_MakeEnvelope($1, $2, $3, $4, 4326))`, [w, s, e, n]);
    expect(expected).toBeGreaterThan(2);
    const urn = await features({ TYPENAMES: 'tcs:cmline_2567', BBOX: `${s},${w},${n},${e},urn:ogc:def:crs:EPSG::4326` });
    expect(urn.numberMatched).toBe(expected);
    const crs84 = await features({ TYPENAMES: 'tcs:cmline_2567', BBOX: `${w},${s},${e},${n}` });
    expect(crs84.numberMatched).toBe(expected);
    const merc = (lon: number, lat: number) => [(lon * Math.PI * 6378137) / 180, Math.atanh(Math.sin((lat * Math.PI) / 180)) * 6378137];
    const m = await features({ TYPENAMES: 'tcs:cmline_2567', BBOX: `${[...merc(w, s), ...merc(e, n)].join(',')},EPSG:3857` });
    expect(m.numberMatched).toBe(expected);
    const v10 = (await backend.get(OWS, { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetFeature', TYPENAME: 'tcs:cmline_2567', BBOX: `${w},${s},${e},${n}`, OUTPUTFORMAT: 'json' })).json();
    expect(v10.numberMatched).toBe(expected);
    const fes =
      '<Filter xmlns="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2"><BBOX><ValueReference>tcs:geom</ValueReference>' +
      `<gml:Envelope srsName="urn:ogc:def:crs:EPSG::4326"><gml:lowerCorner>${s} ${w}</gml:lowerCorner><gml:upperCorner>${n} ${e}</gml:upperCorner></gml:Envelope></BBOX></Filter>`;
    const filtered = await features({ TYPENAMES: 'tcs:cmline_2567', FILTER: fes });
    expect(filtered.numberMatched).toBe(expected);
    const andCql = await features({ TYPENAMES: 'tcs:cmline_2567', BBOX: `${w},${s},${e},${n}`, CQL_FILTER: "amp_code LIKE '90%'" });
    expect(andCql.numberMatched).toBe(await count(`${CMLINE_2567} AND amp_code LIKE '90%' AND ST_Intersects(geom, ST_MakeEnvelope($1, $2, $3, $4, 4326))`, [w, s, e, n]));
  });

  it('STARTINDEX/COUNT pages through everything in a stable order; numberMatched stays the total', async () => {
    const total = await count(`${CMLINE_2567}`);
    expect(total).toBeGreaterThan(250);
    const ids: number[] = [];
    for (let start = 0; start < total + 100; start += 100) {
      const page = await features({ TYPENAMES: 'tcs:cmline_2567', STARTINDEX: start, COUNT: 100, PROPERTYNAME: 'gid' });
      expect(page.numberMatched).toBe(total);
      expect(page.numberReturned).toBe(Math.max(0, Math.min(100, total - start)));
      ids.push(...page.features.map((f: any) => f.properties.gid));
    }
    const expected = await sql<{ gid: number }>(`SELECT gid FROM ${CMLINE_2567} ORDER BY gid`);
    expect(ids).toEqual(expected.map((r) => r.gid));
    // default COUNT is 1000; MAXFEATURES is the 1.x spelling
    const v10 = (await backend.get(OWS, { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetFeature', TYPENAME: 'tcs:cmline_2567', MAXFEATURES: 7, OUTPUTFORMAT: 'application/json' })).json();
    expect(v10.numberReturned).toBe(7);
    expect(v10.numberMatched).toBe(total);
  });

  it('RESULTTYPE=hits answers a wfs:FeatureCollection with numberMatched, or JSON when JSON was asked for', async () => {
    const expected = await count(`${CMLINE_2567} AND prv_code = '90'`);
    const hits = (format?: string) =>
      backend.get(WFS, {
        SERVICE: 'WFS',
        VERSION: '2.0.0',
        REQUEST: 'GetFeature',
        TYPENAMES: 'tcs:cmline_2567',
        RESULTTYPE: 'hits',
        CQL_FILTER: "prv_code='90'",
        ...(format ? { OUTPUTFORMAT: format } : {}),
      });
    const xml = await hits();
    expect(xml.status).toBe(200);
    expect(xml.text).toMatch(new RegExp(`<wfs:FeatureCollection [^>]*numberMatched="${expected}" numberReturned="0"`));
    const json = await hits('application/json');
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.json()).toMatchObject({ type: 'FeatureCollection', features: [], numberMatched: expected, totalFeatures: expected, numberReturned: 0 });
  });

  it('viewparams code;start;end on erosion_area: the sum of areas equals the change_area sum', async () => {
    const fc = await features({ TYPENAMES: 'tcs:erosion_area', VIEWPARAMS: 'code:90;start:2562;end:2567', COUNT: 10000 });
    const [expected] = await sql<{ n: number; total: number }>(
      `SELECT count(*)::int AS n, sum(area) AS total FROM change_area WHERE dataset = 'cmline' AND zone = 'mainland' AND kind = 'erosion'
         AND '90' IN (prv_code, amp_code, tam_code) AND start_year = 2562 AND end_year = 2567`,
    );
    expect(expected!.n).toBeGreaterThan(0);
    expect(fc.numberMatched).toBe(expected!.n);
    const sum = fc.features.reduce((acc: number, f: any) => acc + f.properties.area, 0);
    expect(sum).toBeCloseTo(expected!.total, 3);
    expect(fc.features.every((f: any) => f.properties.kind === 'erosion' && f.properties.prv_code === '90')).toBe(true);
    // a district code narrows it; WFS 1.0.0 through ows as the client calls it (SPEC.md §7)
    const { amp_code: amp } = (await sql<{ amp_code: string }>("SELECT amp_code FROM change_area WHERE dataset = 'cmline' AND zone = 'mainland' AND prv_code = '90' LIMIT 1"))[0]!;
    const district = (
      await backend.get(OWS, { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetFeature', TYPENAME: 'tcs:accretion_area', VIEWPARAMS: `code:${amp};start:2562;end:2567`, OUTPUTFORMAT: 'application/json' })
    ).json();
    expect(district.numberMatched).toBe(
      await count("change_area WHERE dataset = 'cmline' AND zone = 'mainland' AND kind = 'accretion' AND amp_code = $1 AND start_year = 2562 AND end_year = 2567", [amp]),
    );
  });

  it('the island variant of viewparams (Thai names) works', async () => {
    const [island] = await sql<{ island: string; amp_name: string; prv_name: string }>(
      "SELECT island, amp_name, prv_name FROM change_area WHERE zone = 'island' AND dataset = 'cmline' AND start_year = 2562 AND end_year = 2567 GROUP BY 1, 2, 3 ORDER BY count(*) DESC LIMIT 1",
    );
    const fc = await features({ TYPENAMES: 'tcs:erosion_island', VIEWPARAMS: `island:${island!.island};ap_tn:${island!.amp_name};pv_tn:${island!.prv_name};start:2562;end:2567` });
    expect(fc.numberMatched).toBe(
      await count("change_area WHERE zone = 'island' AND dataset = 'cmline' AND kind = 'erosion' AND island = $1 AND amp_name = $2 AND prv_name = $3 AND start_year = 2562 AND end_year = 2567", [
        island!.island,
        island!.amp_name,
        island!.prv_name,
      ]),
    );
    if (fc.numberMatched > 0) expect(fc.features[0].properties.pv_tn).toBe(island!.prv_name);
  });

  it('SORTBY, PROPERTYNAME, SRSNAME=EPSG:3857, RESOURCEID', async () => {
    const sorted = await features({ TYPENAMES: 'tcs:cmline_2567', CQL_FILTER: "prv_code='90'", SORTBY: 'length_km DESC' });
    const lengths = sorted.features.map((f: any) => f.properties.length_km);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
    const slim = await features({ TYPENAMES: 'tcs:cmline_2567', COUNT: 3, PROPERTYNAME: 'tcs:prv_name,amp_code' });
    expect(Object.keys(slim.features[0].properties)).toEqual(['amp_code', 'prv_name']);
    expect(slim.features[0].geometry).toBeNull();
    const withGeom = await features({ TYPENAMES: 'tcs:cmline_2567', COUNT: 3, PROPERTYNAME: 'prv_name,geom' });
    expect(withGeom.features[0].geometry.type).toBe('MultiLineString');
    const merc = await features({ TYPENAMES: 'tcs:cmline_2567', COUNT: 1, SRSNAME: 'EPSG:3857' });
    expect(merc.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::3857');
    expect(Math.abs(merc.features[0].geometry.coordinates[0][0][0])).toBeGreaterThan(1e6);
    const ids = sorted.features.slice(0, 2).map((f: any) => f.id);
    const byId = await features({ TYPENAMES: 'tcs:cmline_2567', RESOURCEID: ids.join(',') });
    expect(byId.features.map((f: any) => f.id).sort()).toEqual([...ids].sort());
  });

  it('POST form-encoded answers like GET; gzip when accepted; ETag revalidates', async () => {
    const params = { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567', CQL_FILTER: "prv_code='90'", OUTPUTFORMAT: 'application/json' };
    const get = await backend.get(WFS, params);
    const post = await backend.post(WFS, params);
    expect(post.status).toBe(200);
    const strip = (t: string) => t.replace(/"timeStamp":"[^"]+"/, '');
    expect(strip(post.text)).toBe(strip(get.text));
    const zipped = await backend.get(WFS, params, { 'Accept-Encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(strip(gunzipSync(zipped.body).toString('utf8'))).toBe(strip(get.text));
    const etag = get.headers.etag!;
    expect((await backend.get(WFS, params, { 'If-None-Match': etag })).status).toBe(304);
  });

  it('GML 3.2 is the default output of 2.0.0, GML 2 of 1.0.0, both with the same features', async () => {
    const expected = await count(`${CMLINE_2567} AND prv_code = '90'`);
    const gml = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567', CQL_FILTER: "prv_code='90'" });
    expect(gml.status).toBe(200);
    expect(gml.headers['content-type']).toMatch(/^application\/gml\+xml; version=3\.2/);
    expect(gml.text).toContain(`numberMatched="${expected}" numberReturned="${expected}"`);
    expect(gml.text.match(/<wfs:member>/g)).toHaveLength(expected);
    expect(gml.text).toContain('<tcs:prv_name>สงขลา</tcs:prv_name>');
    expect(gml.text).toContain('srsName="urn:ogc:def:crs:OGC:1.3:CRS84"');
    const gml2 = await backend.get(OWS, { SERVICE: 'WFS', VERSION: '1.0.0', REQUEST: 'GetFeature', TYPENAME: 'tcs:cmline_2567', CQL_FILTER: "prv_code='90'" });
    expect(gml2.text.match(/<gml:featureMember>/g)).toHaveLength(expected);
    expect(gml2.text).toContain('<gml:coordinates>');
  });
});

describe('stored attribute values are data, never markup', () => {
  const HOSTILE = '<img src=x onerror=alert(1)>';
  let restore: { gid: number; b_name: string | null } | undefined;
  beforeAll(async () => {
    // One row of the private PGlite copy (or, on the shared PostgreSQL sample, restored after).
    const [row] = await sql<{ gid: number; b_name: string | null }>('SELECT gid, b_name FROM erosion_solution WHERE measuregrp = 2 ORDER BY gid LIMIT 1');
    restore = row;
    await sql('UPDATE erosion_solution SET b_name = $1 WHERE gid = $2', [HOSTILE, row!.gid]);
  });
  afterAll(async () => {
    if (restore && ENGINE === 'postgres') await sql('UPDATE erosion_solution SET b_name = $1 WHERE gid = $2', [restore.b_name, restore.gid]);
  });

  it('comes back as the same string in JSON (escaped so no sniffing), and escaped in GML', async () => {
    const answer = await getFeature({ TYPENAMES: 'tcs:erosion_solution_2', RESOURCEID: `erosion_solution_2.${restore!.gid}` });
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.text).not.toContain('<img');
    expect(answer.json().features[0].properties.b_name).toBe(HOSTILE);
    const gml = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:erosion_solution_2', RESOURCEID: `erosion_solution_2.${restore!.gid}` });
    expect(gml.text).not.toContain('<img');
    expect(gml.text).toContain('<tcs:b_name>&lt;img src=x onerror=alert(1)&gt;</tcs:b_name>');
  });
});
