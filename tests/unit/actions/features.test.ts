// SPEC.md §3/§7 feature requests of the erosion / accretion templates: WFS 1.0.0 GetFeature via
// the ows route with viewparams (POST form by default), the router's wfsisland for island
// layers; several islands (or the two lake provinces) = one request each, answers merged.
import { describe, expect, it } from 'vitest';
import type { FeatureCollectionAnswer } from '../../../src/ui/topic/actions/features.ts';
import { asCollection, featureRequest, islandOf, mergeCollections, requestUrl, splitValues, viewparamEntries } from '../../../src/ui/topic/actions/features.ts';
import { realBundle, squares, variantOf } from './helpers.ts';

const bundle = await realBundle();
const { app } = bundle;
const y = (n: number) => ({ code: String(n), name: String(n) });
const samui = { code: '3', name: 'เกาะสมุย', extra: { prv_code: '84', amp_code: '8404', prv_name: 'สุราษฎร์ธานี', amp_name: 'เกาะสมุย' } };
const phaluai = { code: '6', name: 'เกาะพะลวย', extra: { prv_code: '84', amp_code: '8404', prv_name: 'สุราษฎร์ธานี', amp_name: 'เกาะสมุย' } };
const template = (route: string, path: string, id: string) => variantOf(bundle, route, path).layers.find((l) => l.id === id)!;

describe('§7 WFS 1.0.0 via the ows route', () => {
  it('mainland erosion: typeName, viewparams code (deepest chosen level);start;end, POST form by default', () => {
    const t = template('cmline-changearea', '', 'erosion');
    const values = { province: { code: '90', name: 'สงขลา' }, district: { code: '9001', name: 'เมืองสงขลา' }, start: y(2562), end: y(2567) };
    const r = featureRequest(app, t, 'tcs:erosion_area', values);
    expect(r).toEqual({
      url: '/geoserver/tcs_postgres/ows',
      method: 'POST',
      params: { service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName: 'tcs:erosion_area', outputFormat: 'application/json', viewparams: 'code:9001;start:2562;end:2567' },
    });
    expect(requestUrl(r)).toBe('/geoserver/tcs_postgres/ows');
  });

  it('a GET template carries the same parameters in the query', () => {
    const t = { ...template('change', '', 'accretion'), method: 'GET' as const };
    const r = featureRequest(app, t, 'tcs:shoreline_accretion_area', { province: { code: '84', name: '' }, start: y(2548), end: y(2559) });
    expect(requestUrl(r)).toBe('/geoserver/tcs_postgres/ows?service=WFS&version=1.0.0&request=GetFeature&typeName=tcs%3Ashoreline_accretion_area&outputFormat=application%2Fjson&viewparams=code%3A84%3Bstart%3A2548%3Bend%3A2559');
  });

  it('islands: island, ap_tn, pv_tn, start, end (names escaped for viewparams)', () => {
    const t = template('cmline', 'island', 'erosion');
    const r = featureRequest(app, t, 'tcs:erosion_island', { islands: [samui], start: y(2562), end: y(2567) });
    expect(r.params.viewparams).toBe('island:เกาะสมุย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567');
    const odd = featureRequest(app, t, 'x', { islands: [{ ...samui, name: 'a;b:c' }], start: y(2562), end: y(2567) });
    expect(odd.params.viewparams).toBe('island:a\\;b\\:c;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567');
  });

  it('lake island: the single picker’s name and its ap_tn / pv_tn fields', () => {
    const t = template('cmline-changearea', 'songkhla-lake-island', 'erosion');
    const yo = { code: '1', name: 'เกาะยอ', extra: { pv_tn: 'สงขลา', ap_tn: 'เมืองสงขลา', tb_tn: 'เกาะยอ' } };
    const r = featureRequest(app, t, 'tcs:erosion_lake_island', { 'lake-island': yo, start: y(2562), end: y(2567) });
    expect(r.params.viewparams).toBe('island:เกาะยอ;ap_tn:เมืองสงขลา;pv_tn:สงขลา;start:2562;end:2567');
  });

  it('router service: page=wfsisland with the viewparams as plain parameters and typeNames', () => {
    const t = template('cmline-changearea', 'island', 'island');
    const r = featureRequest(app, t, 'tcs:island_polygon', { islands: [samui] });
    expect(r).toEqual({ url: '/tcs/v2/router', method: 'POST', params: { page: 'wfsisland', island: 'เกาะสมุย', ap_tn: 'เกาะสมุย', pv_tn: 'สุราษฎร์ธานี', typeNames: 'tcs:island_polygon' } });
  });

  it('viewparamEntries skips unchosen pickers', () => {
    const t = template('cmline-changearea', '', 'erosion');
    expect(viewparamEntries(t.viewparams ?? [], { start: y(2562) })).toEqual([['start', '2562']]);
  });
});

describe('§4 one request per island, merged', () => {
  it('splitValues: a multi-valued viewparam picker becomes one part per item, others stay', () => {
    const t = template('cmline', 'island', 'erosion');
    const values = { province: { code: '84', name: '' }, islands: [samui, phaluai], start: y(2562), end: y(2567) };
    const parts = splitValues(t, values);
    expect(parts).toHaveLength(2);
    expect(parts.map((p) => islandOf(t, p))).toEqual(['เกาะสมุย', 'เกาะพะลวย']);
    expect(parts.every((p) => p.start === values.start && p.province === values.province)).toBe(true);
    expect(splitValues(t, { ...values, islands: [samui] })).toHaveLength(1);
  });

  it('Songkhla Lake land: the two default provinces are two requests (code 90, code 93); a chosen district is one', () => {
    const t = template('cmline-changearea', 'songkhla-lake-land', 'erosion');
    const provinces = [
      { code: '90', name: 'สงขลา' },
      { code: '93', name: 'พัทลุง' },
    ];
    const parts = splitValues(t, { province: provinces, start: y(2562), end: y(2567) });
    expect(parts.map((p) => featureRequest(app, t, 'tcs:erosion_lake', p).params.viewparams)).toEqual(['code:90;start:2562;end:2567', 'code:93;start:2562;end:2567']);
    const one = splitValues(t, { province: provinces, district: { code: '9001', name: '' }, start: y(2562), end: y(2567) });
    expect(one.map((p) => featureRequest(app, t, 'tcs:erosion_lake', p).params.viewparams)).toEqual(['code:9001;start:2562;end:2567']);
  });

  it('mergeCollections: features in request order, counts summed, crs kept', () => {
    const a = squares(2, 100, 9) as FeatureCollectionAnswer;
    const b = squares(3, 99, 9.5) as FeatureCollectionAnswer;
    const m = mergeCollections([a, b]);
    expect(m.features).toHaveLength(5);
    expect(m.features[0]).toBe(a.features[0]);
    expect(m.features[2]).toBe(b.features[0]);
    expect([m.totalFeatures, m.numberMatched, m.numberReturned]).toEqual([5, 5, 5]);
    expect(m.crs).toEqual(a.crs);
    // 'unknown' totals (GeoServer) count the features returned.
    const unknown = { ...squares(1, 1, 1), totalFeatures: 'unknown', numberMatched: 'unknown' } as FeatureCollectionAnswer;
    expect(mergeCollections([unknown, a]).totalFeatures).toBe(3);
    expect(mergeCollections([]).totalFeatures).toBe(0);
  });

  it('asCollection refuses what is not a FeatureCollection', () => {
    expect(() => asCollection({ errors: 'x' }, '/ows')).toThrow(/not a GeoJSON FeatureCollection/);
    expect(asCollection(squares(1, 1, 1), '/ows').features).toHaveLength(1);
  });
});
