import { describe, expect, it } from 'vitest';
import { FilterError, bboxFilter, parseBbox, resolveCrs, toSql } from '../../../src/server/ogc/filter/index.ts';
import { sqlOptions } from './fixtures.ts';

const lonLat = (value: string, opts: Parameters<typeof parseBbox>[1] = {}) => parseBbox(value, opts).lonLat;

describe('SPEC §7 WFS GetFeature "BBOX" and WMS GetFeatureInfo "EPSG:4326 ... bbox": the BBOX parameter', () => {
  it('WMS 1.1.1 SRS=EPSG:4326 is lon/lat', () => {
    expect(lonLat('100,6,101,7', { defaultCrs: 'EPSG:4326' })).toEqual({ minx: 100, miny: 6, maxx: 101, maxy: 7 });
  });

  it('WMS 1.3.0 CRS=EPSG:4326 is lat/lon when the caller says so', () => {
    expect(lonLat('6,100,7,101', { defaultCrs: 'EPSG:4326', shortEpsgAxisOrder: 'latlon' })).toEqual({ minx: 100, miny: 6, maxx: 101, maxy: 7 });
    expect(lonLat('100,6,101,7', { defaultCrs: 'CRS:84', shortEpsgAxisOrder: 'latlon' })).toEqual({ minx: 100, miny: 6, maxx: 101, maxy: 7 });
  });

  it('a fifth element overrides the default CRS: URN lat/lon, CRS84 lon/lat', () => {
    expect(lonLat('6,100,7,101,urn:ogc:def:crs:EPSG::4326')).toEqual({ minx: 100, miny: 6, maxx: 101, maxy: 7 });
    expect(lonLat('100,6,101,7,urn:ogc:def:crs:OGC:1.3:CRS84', { defaultCrs: 'urn:ogc:def:crs:EPSG::4326' })).toEqual({ minx: 100, miny: 6, maxx: 101, maxy: 7 });
    expect(lonLat('100,6,101,7,EPSG:4326')).toEqual({ minx: 100, miny: 6, maxx: 101, maxy: 7 });
  });

  it('defaults to CRS84 (DESIGN §6 "Advertise urn:ogc:def:crs:OGC:1.3:CRS84")', () => {
    expect(parseBbox(' 100.5 , 6.25 ,101,7 ').crs).toEqual({ name: 'CRS84', kind: 'lonlat' });
  });

  it('EPSG:3857 metres keep their native envelope and give a lon/lat one', () => {
    const world = 20037508.342789244;
    const parsed = parseBbox(`${-world},${-world},${world},${world}`, { defaultCrs: 'EPSG:3857' });
    expect(parsed.native).toEqual({ minx: -world, miny: -world, maxx: world, maxy: world });
    expect(parsed.lonLat.minx).toBeCloseTo(-180, 9);
    expect(parsed.lonLat.maxx).toBeCloseTo(180, 9);
    expect(parsed.lonLat.maxy).toBeCloseTo(85.0511287798, 8);
    const tile = parseBbox('11131949.079327356,0,11271098.442818949,139148.44058837',
      { defaultCrs: 'EPSG:900913' }).lonLat;
    expect(tile.minx).toBeCloseTo(100, 9);
    expect(tile.maxx).toBeCloseTo(101.25, 9);
    expect(tile.miny).toBe(0);
    expect(tile.maxy).toBeCloseTo(1.2500, 3);
  });

  it('allows a degenerate (zero-size) box', () => {
    expect(lonLat('100,6,100,6')).toEqual({ minx: 100, miny: 6, maxx: 100, maxy: 6 });
  });

  it('becomes a filter node for toSql', () => {
    expect(toSql(bboxFilter(parseBbox('100,6,101,7')), sqlOptions)).toEqual({
      sql: 'ST_Intersects("geom", ST_MakeEnvelope($1,$2,$3,$4,4326))',
      params: [100, 6, 101, 7],
    });
  });

  const bad: Array<[string, string, string]> = [
    ['too few values', '100,6,101', 'BBOX: expected minx,miny,maxx,maxy[,crs] but found 3 value(s)'],
    ['too many values', '100,6,101,7,EPSG:4326,x', 'BBOX: expected minx,miny,maxx,maxy[,crs] but found 6 value(s)'],
    ['empty value', '100,,101,7', 'BBOX: value 2 "" is not a number'],
    ['not a number', '100,6,abc,7', 'BBOX: value 3 "abc" is not a number'],
    ['Infinity', 'Infinity,6,101,7', 'BBOX: value 1 "Infinity" is not a number'],
    ['hex', '0x10,6,101,7', 'BBOX: value 1 "0x10" is not a number'],
    ['minx > maxx', '101,6,100,7', 'BBOX: the minimum corner is above the maximum corner (CRS84 is read in lon/lat order)'],
    ['miny > maxy', '100,7,101,6', 'BBOX: the minimum corner is above the maximum corner (CRS84 is read in lon/lat order)'],
    ['longitude out of range', '100,6,181,7', 'BBOX: longitude must be within -180..180 and latitude within -90..90 (CRS84 is read as lon/lat)'],
    ['lon/lat numbers under a lat/lon URN', '100,6,101,7,urn:ogc:def:crs:EPSG::4326', 'BBOX: longitude must be within -180..180 and latitude within -90..90 (EPSG:4326 is read as lat/lon)'],
    ['Mercator out of range', '0,0,30000000,1,EPSG:3857', 'BBOX: EPSG:3857 coordinates must lie within ±20037508.342789 m'],
    ['unsupported CRS', '100,6,101,7,EPSG:32647', 'BBOX: unsupported CRS "EPSG:32647" (use CRS84, EPSG:4326 or EPSG:3857)'],
  ];
  it.each(bad)('rejects %s', (_name, value, message) => {
    let error: unknown;
    try {
      parseBbox(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).message).toBe(message);
    expect((error as FilterError).code).toBe('InvalidParameterValue');
  });

  it('uses the given locator and caps the length', () => {
    expect(() => parseBbox('x', { locator: 'bbox' })).toThrow(/^bbox: /);
    expect(() => parseBbox(`${'1'.repeat(600)},1,2,3`)).toThrow('BBOX: longer than 512 characters');
  });

  it('recognises CRS spellings', () => {
    expect(resolveCrs('crs:84')).toEqual({ name: 'CRS84', kind: 'lonlat' });
    expect(resolveCrs('http://www.opengis.net/def/crs/OGC/1.3/CRS84')).toEqual({ name: 'CRS84', kind: 'lonlat' });
    expect(resolveCrs('epsg:4326')).toEqual({ name: 'EPSG:4326', kind: 'lonlat' });
    expect(resolveCrs('urn:ogc:def:crs:EPSG::3857')).toEqual({ name: 'EPSG:3857', kind: 'mercator' });
    expect(resolveCrs('EPSG:4269')).toBeUndefined();
  });
});
