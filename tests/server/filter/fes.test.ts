import { describe, expect, it } from 'vitest';
import { FilterError, fesToSql, parseCql, parseFes, toSql, type SqlParam } from '../../../src/server/ogc/filter/index.ts';
import { sqlOptions } from './fixtures.ts';

const FES = 'xmlns="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2"';
const filter = (body: string, ns = FES) => `<Filter ${ns}>${body}</Filter>`;
const sql = (xml: string, extra: Partial<typeof sqlOptions> = {}) => fesToSql(xml, { ...sqlOptions, ...extra });
const envelope = (srs: string | null, lower: string, upper: string) =>
  `<gml:Envelope${srs ? ` srsName="${srs}"` : ''}><gml:lowerCorner>${lower}</gml:lowerCorner><gml:upperCorner>${upper}</gml:upperCorner></gml:Envelope>`;
const bbox = (env: string) => filter(`<BBOX><ValueReference>tcs:geom</ValueReference>${env}</BBOX>`);
const BBOX_SQL = 'ST_Intersects("geom", ST_MakeEnvelope($1,$2,$3,$4,4326))';

function thrown(fn: () => unknown): FilterError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FilterError) return e;
    throw e;
  }
  throw new Error('expected a FilterError');
}

describe('DESIGN §6 "spatial filters arrive as a FES 2.0 FILTER= document" (GDAL ogrinfo)', () => {
  it('reads the document GDAL sends (ns-prefixed ValueReference, no srsName = advertised CRS84, %.16f numbers)', () => {
    const xml = bbox(envelope(null, '100.0000000000000000 6.0000000000000000', '101.5000000000000000 7.2500000000000000'));
    expect(sql(xml)).toEqual({ sql: BBOX_SQL, params: [100, 6, 101.5, 7.25] });
  });

  it('takes the prefixed form with fes: and gml: prefixes', () => {
    const xml = `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2"><fes:BBOX><fes:ValueReference>geom</fes:ValueReference>${envelope('urn:ogc:def:crs:EPSG::4326', '6 100', '7 101')}</fes:BBOX></fes:Filter>`;
    expect(sql(xml)).toEqual({ sql: BBOX_SQL, params: [100, 6, 101, 7] });
  });

  const axes: Array<[string, string | null, string, string, SqlParam[]]> = [
    ['EPSG URN is lat/lon', 'urn:ogc:def:crs:EPSG::4326', '6 100', '7 101', [100, 6, 101, 7]],
    ['versioned EPSG URN is lat/lon', 'urn:ogc:def:crs:EPSG:6.6:4326', '6 100', '7 101', [100, 6, 101, 7]],
    ['x-ogc URN is lat/lon', 'urn:x-ogc:def:crs:EPSG:4326', '6 100', '7 101', [100, 6, 101, 7]],
    ['OGC http URI is lat/lon', 'http://www.opengis.net/def/crs/EPSG/0/4326', '6 100', '7 101', [100, 6, 101, 7]],
    ['CRS84 URN is lon/lat', 'urn:ogc:def:crs:OGC:1.3:CRS84', '100 6', '101 7', [100, 6, 101, 7]],
    ['short EPSG:4326 is lon/lat', 'EPSG:4326', '100 6', '101 7', [100, 6, 101, 7]],
    ['GML 2 epsg.xml#4326 is lon/lat', 'http://www.opengis.net/gml/srs/epsg.xml#4326', '100 6', '101 7', [100, 6, 101, 7]],
    ['no srsName: the advertised CRS84, lon/lat', null, '100 6', '101 7', [100, 6, 101, 7]],
  ];
  it.each(axes)('BBOX axis order: %s', (_name, srs, lower, upper, params) => {
    expect(sql(bbox(envelope(srs, lower, upper)))).toEqual({ sql: BBOX_SQL, params });
  });

  it('converts an EPSG:3857 envelope to lon/lat', () => {
    const { params } = sql(bbox(envelope('urn:ogc:def:crs:EPSG::3857', '11131949.08 0', '11242268.4 782488.7')));
    expect(params[0]).toBeCloseTo(100, 6);
    expect(params[3]).toBeCloseTo(7.0117, 3);
  });

  it('an envelope without srsName follows options.defaultCrs', () => {
    const ast = parseFes(bbox(envelope(null, '6 100', '7 101')), { defaultCrs: 'urn:ogc:def:crs:EPSG::4326' });
    expect(ast).toEqual({ type: 'bbox', attribute: { kind: 'attribute', name: 'geom', position: expect.any(Number) }, envelope: { minx: 100, miny: 6, maxx: 101, maxy: 7 } });
  });

  it('BBOX without ValueReference uses the default geometry', () => {
    expect(sql(filter(`<BBOX>${envelope(null, '100 6', '101 7')}</BBOX>`)).sql).toBe(BBOX_SQL);
  });

  it('Filter 1.0 gml:Box with coordinates, and Intersects with an Envelope or Point', () => {
    const ogc = 'xmlns="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml"';
    const box = filter('<BBOX><PropertyName>geom</PropertyName><gml:Box srsName="EPSG:4326"><gml:coordinates>100,6 101,7</gml:coordinates></gml:Box></BBOX>', ogc);
    expect(sql(box)).toEqual({ sql: BBOX_SQL, params: [100, 6, 101, 7] });
    const inter = filter(`<Intersects><ValueReference>geom</ValueReference>${envelope(null, '100 6', '101 7')}</Intersects>`);
    expect(sql(inter).sql).toBe(BBOX_SQL);
    const point = filter('<Intersects><ValueReference>geom</ValueReference><gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>13.75 100.5</gml:pos></gml:Point></Intersects>');
    expect(sql(point)).toEqual({ sql: 'ST_Intersects("geom", ST_SetSRID(ST_MakePoint($1,$2),4326))', params: [100.5, 13.75] });
  });
});

describe('FES comparison, logical and id operators share the CQL AST and toSql', () => {
  const prop = (name: string) => `<ValueReference>${name}</ValueReference>`;
  const lit = (v: string) => `<Literal>${v}</Literal>`;
  const cases: Array<[string, string, string, SqlParam[]]> = [
    ['PropertyIsEqualTo (Thai)', `<PropertyIsEqualTo>${prop('prv_name')}${lit('สงขลา')}</PropertyIsEqualTo>`, '"prv_name" = $1', ['สงขลา']],
    ['PropertyIsNotEqualTo', `<PropertyIsNotEqualTo>${prop('prv_code')}${lit('90')}</PropertyIsNotEqualTo>`, '"prv_code" <> $1', ['90']],
    ['PropertyIsLessThan', `<PropertyIsLessThan>${prop('epr')}${lit('-5')}</PropertyIsLessThan>`, '"epr" < $1', [-5]],
    ['PropertyIsGreaterThan', `<PropertyIsGreaterThan>${prop('epr')}${lit('5')}</PropertyIsGreaterThan>`, '"epr" > $1', [5]],
    ['PropertyIsLessThanOrEqualTo', `<PropertyIsLessThanOrEqualTo>${prop('gid')}${lit('10')}</PropertyIsLessThanOrEqualTo>`, '"gid" <= $1::bigint', [10]],
    ['PropertyIsGreaterThanOrEqualTo', `<PropertyIsGreaterThanOrEqualTo>${prop('year')}${lit('2562')}</PropertyIsGreaterThanOrEqualTo>`, '"year" >= $1::bigint', [2562]],
    ['literal first', `<PropertyIsLessThan>${lit('5')}${prop('epr')}</PropertyIsLessThan>`, '"epr" > $1', [5]],
    ['property vs property', `<PropertyIsEqualTo>${prop('a')}${prop('b')}</PropertyIsEqualTo>`, '"a" = "b"', []],
    ['matchCase="false"', `<PropertyIsEqualTo matchCase="false">${prop('amp_name')}${lit('Hat Yai')}</PropertyIsEqualTo>`, 'lower("amp_name") = lower($1)', ['Hat Yai']],
    ['entities and CDATA in a Literal', `<PropertyIsEqualTo>${prop('prv_name')}<Literal>a&amp;b&#x0E01;<![CDATA[<c>]]></Literal></PropertyIsEqualTo>`, '"prv_name" = $1', ['a&bก<c>']],
    ['PropertyIsNull', `<PropertyIsNull>${prop('island')}</PropertyIsNull>`, '"island" IS NULL', []],
    ['PropertyIsNil (FES 2.0; NULL is nil)', `<PropertyIsNil nilReason="missing">${prop('island')}</PropertyIsNil>`, '"island" IS NULL', []],
    [
      'PropertyIsBetween',
      `<PropertyIsBetween>${prop('epr')}<LowerBoundary>${lit('-5')}</LowerBoundary><UpperBoundary>${lit('-1')}</UpperBoundary></PropertyIsBetween>`,
      '"epr" BETWEEN $1 AND $2',
      [-5, -1],
    ],
    [
      'And / Or / Not',
      `<And><Not><PropertyIsNull>${prop('island')}</PropertyIsNull></Not><Or><PropertyIsEqualTo>${prop('prv_code')}${lit('90')}</PropertyIsEqualTo><PropertyIsEqualTo>${prop('prv_code')}${lit('80')}</PropertyIsEqualTo></Or></And>`,
      '((NOT "island" IS NULL) AND ("prv_code" = $1 OR "prv_code" = $2))',
      ['90', '80'],
    ],
    ['GDAL LIKE (wildCard * singleChar _ escapeChar !)', `<PropertyIsLike wildCard='*' singleChar='_' escapeChar='!' matchCase='true'>${prop('island')}${lit('เกาะ*')}</PropertyIsLike>`, '"island" LIKE $1', ['เกาะ%']],
    ['LIKE escapes and SQL wildcards taken literally', `<PropertyIsLike wildCard="*" singleChar="." escapeChar="!">${prop('prv_name')}${lit('100!%!*a%_.')}</PropertyIsLike>`, '"prv_name" LIKE $1', ['100\\%*a\\%\\__']],
    ['LIKE matchCase="false" is ILIKE', `<PropertyIsLike wildCard="*" singleChar="." escapeChar="\\" matchCase="false">${prop('amp_name')}${lit('*yai')}</PropertyIsLike>`, '"amp_name" ILIKE $1', ['%yai']],
    ['Filter 1.0 escape attribute', `<PropertyIsLike wildCard="*" singleChar="_" escape="!">${prop('prv_name')}${lit('a!*')}</PropertyIsLike>`, '"prv_name" LIKE $1', ['a*']],
    ['ResourceId', '<ResourceId rid="cmline_2567.12"/><ResourceId rid="cmline_2567.13"/>', '"gid" IN ($1::bigint, $2::bigint)', [12, 13]],
    ['Filter 1.1 GmlObjectId and FeatureId', '<GmlObjectId gml:id="cmline_2567.7"/><FeatureId fid="cmline_2567.8"/>', '"gid" IN ($1::bigint, $2::bigint)', [7, 8]],
  ];
  it.each(cases)('%s', (_name, body, expectedSql, params) => {
    expect(sql(filter(body))).toEqual({ sql: expectedSql, params });
  });

  it('ResourceIds of another feature type match nothing', () => {
    const body = '<ResourceId rid="tcs:cmline_2567.12"/><ResourceId rid="other.13"/>';
    expect(sql(filter(body), { typeName: 'tcs:cmline_2567' })).toEqual({ sql: '"gid" IN ($1::bigint)', params: [12] });
    expect(sql(filter('<ResourceId rid="other.13"/>'), { typeName: 'cmline_2567' })).toEqual({ sql: 'FALSE', params: [] });
    expect(sql(filter(body), { idColumn: 'fid' }).sql).toBe('"fid" IN ($1::bigint, $2::bigint)');
  });

  it('gives the same SQL as the equivalent CQL', () => {
    const xml = filter(
      `<And><PropertyIsEqualTo>${prop('prv_code')}${lit('90')}</PropertyIsEqualTo><BBOX>${prop('geom')}${envelope('urn:ogc:def:crs:EPSG::4326', '6 100', '7 101')}</BBOX></And>`,
    );
    expect(toSql(parseFes(xml), sqlOptions)).toEqual(toSql(parseCql("prv_code = '90' AND BBOX(geom, 100, 6, 101, 7)"), sqlOptions));
  });

  it('accepts an XML declaration, comments and the KVP list parentheses', () => {
    const xml = `(<?xml version="1.0" encoding="UTF-8"?><!-- hi -->${filter(`<PropertyIsNull>${prop('island')}</PropertyIsNull>`)})`;
    expect(sql(xml).sql).toBe('"island" IS NULL');
  });
});

describe('FES errors are FilterError InvalidParameterValue on the FILTER parameter', () => {
  it('names unknown attributes and elements with positions', () => {
    const e = thrown(() => sql(filter('<PropertyIsEqualTo><ValueReference>secret</ValueReference><Literal>1</Literal></PropertyIsEqualTo>')));
    expect(e.code).toBe('InvalidParameterValue');
    expect(e.message).toMatch(/^FILTER: unknown attribute "secret" at position \d+$/);
    expect(thrown(() => sql(filter('<Beyond/>'))).message).toMatch(/^FILTER: unsupported filter element <Beyond> at position \d+$/);
  });

  it('refuses DTDs before reading anything (no XXE)', () => {
    const xml = `<!DOCTYPE f [<!ENTITY x SYSTEM "file:///etc/passwd">]>${filter('<PropertyIsEqualTo><ValueReference>prv_code</ValueReference><Literal>&x;</Literal></PropertyIsEqualTo>')}`;
    expect(thrown(() => parseFes(xml)).message).toBe('FILTER: DTDs and entity declarations are not allowed (found <!DOCTYPE) at position 1');
  });

  it('refuses documents over 64 KB', () => {
    const xml = filter(`<PropertyIsEqualTo><ValueReference>prv_name</ValueReference><Literal>${'ก'.repeat(22000)}</Literal></PropertyIsEqualTo>`);
    expect(xml.length).toBeLessThan(65536);
    expect(thrown(() => parseFes(xml)).message).toBe('FILTER: document larger than 65536 bytes');
  });

  it('LIKE needs distinct single-character wildcards', () => {
    const like = (attrs: string) => filter(`<PropertyIsLike ${attrs}><ValueReference>prv_name</ValueReference><Literal>a</Literal></PropertyIsLike>`);
    expect(thrown(() => parseFes(like('wildCard="**" singleChar="." escapeChar="!"'))).message).toContain('wildCard must be a single character');
    expect(thrown(() => parseFes(like('wildCard="*" singleChar="*" escapeChar="!"'))).message).toContain('must be different characters');
  });
});
