// The wfs layer module (src/layers/wfs/definition.ts) on the real config's templates, SPEC.md §3/§7:
// WFS 2.0.0 GetFeature (typeNames + CQL_FILTER) via the wfs route, WFS 1.0.0 GetFeature (typeName +
// viewparams) via the ows route, the provider router's page (router: { page: wfsisland }) with the
// viewparams as plain parameters; POST form-encoded by default; `splitBy`: one request per chosen
// island (or lake province), answers merged in request order, each part labelled (SPEC.md §4).
// Ported from tests/unit/actions/features.test.ts (src/ui/topic/actions/features.ts is gone).
import { describe, expect, it } from 'vitest';
import { asCollection, mergeCollections, type FeatureCollectionAnswer } from '../../../src/engine/featureCollection.ts';
import { requestUrl } from '../../../src/layers/featureRequests.ts';
import { splitParts, viewparamEntries } from '../../../src/layers/request.ts';
import { wfsDefinition, type WfsTemplate } from '../../../src/layers/wfs/definition.ts';
import type { PickerValues } from '../../../src/engine/options.ts';
import { realBundle, squares, variantOf } from '../actions/helpers.ts';
import { fakeFetch, ictx, lctx, phaluai, samui, y, type FetchCall, validTemplate } from './helpers.ts';

const bundle = await realBundle();
const { app } = bundle;
const template = (route: string, path: string, id: string) => variantOf(bundle, route, path).layers.find((l) => l.id === id) as WfsTemplate;

/** Instantiates and loads `t` with `values`; returns the requests sent and what load gave. */
async function load(t: WfsTemplate, values: PickerValues, answer?: (call: FetchCall) => unknown) {
  const f = fakeFetch(answer);
  const instance = wfsDefinition.instantiate(t, ictx(app, values));
  const loaded = await wfsDefinition.load!(t, instance, lctx(app, values, f.deps));
  return { calls: f.calls, loaded, instance };
}

describe('§7 WFS 1.0.0 via the ows route', () => {
  it('mainland erosion: typeName, viewparams code (deepest chosen level);start;end, POST form by default', async () => {
    const t = template('cmline-changearea', '', 'erosion');
    expect(t.method).toBe('POST'); // not in the config: the schema default, filled in by the loader
    const values = { province: { code: '90', name: 'สงขลา' }, district: { code: '9001', name: 'เมืองสงขลา' }, start: y(2562), end: y(2567) };
    const { calls, loaded, instance } = await load(t, values);
    expect(instance.options).toEqual({ typeName: 'tcs:erosion_area' });
    expect(calls).toEqual([
      {
        url: '/geoserver/tcs_postgres/ows',
        method: 'POST',
        form: { service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName: 'tcs:erosion_area', outputFormat: 'application/json', viewparams: 'code:9001;start:2562;end:2567' },
      },
    ]);
    expect(loaded.request).toEqual({ typeName: 'tcs:erosion_area', viewparams: 'code:9001;start:2562;end:2567', viewparamEntries: { code: '9001', start: '2562', end: '2567' } });
    expect(loaded.parts).toHaveLength(1);
    expect(loaded.parts[0]?.label).toBeUndefined();
  });

  it('a GET template carries the same parameters in the query and sends no form', async () => {
    const t = { ...template('change', '', 'accretion'), method: 'GET' as const };
    const { calls } = await load(t, { province: { code: '84', name: '' }, start: y(2548), end: y(2559) });
    expect(calls).toEqual([
      {
        url: '/geoserver/tcs_postgres/ows?service=WFS&version=1.0.0&request=GetFeature&typeName=tcs%3Ashoreline_accretion_area&outputFormat=application%2Fjson&viewparams=code%3A84%3Bstart%3A2548%3Bend%3A2559',
        method: 'GET',
      },
    ]);
  });

  it('requestUrl: POST keeps the URL bare, GET appends the query (with & after an existing ?)', () => {
    expect(requestUrl({ url: '/ows', method: 'POST', params: { a: '1' } })).toBe('/ows');
    expect(requestUrl({ url: '/ows', method: 'GET', params: { a: '1', b: 'x y' } })).toBe('/ows?a=1&b=x+y');
    expect(requestUrl({ url: '/r?page=x', method: 'GET', params: { a: '1' } })).toBe('/r?page=x&a=1');
    // No parameters: the URL as it is (no bare '?', the same cache key as a plain GET).
    expect(requestUrl({ url: '/assets/a.json', method: 'GET', params: {} })).toBe('/assets/a.json');
  });

  it('islands: island, ap_tn, pv_tn, start, end (names escaped for viewparams)', async () => {
    const t = template('cmline', 'island', 'erosion');
    const { calls } = await load(t, { islands: [samui], start: y(2562), end: y(2567) });
    expect(calls.map((c) => c.form?.viewparams)).toEqual(['island:เกาะสมุย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567']);
    const odd = await load(t, { islands: [{ ...samui, name: 'a;b:c,d' }], start: y(2562), end: y(2567) });
    expect(odd.calls.map((c) => c.form?.viewparams)).toEqual(['island:a\\;b\\:c\\,d;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567']);
    // The raw (unescaped) entries are what a chart or a download reads.
    expect(odd.loaded.request?.viewparamEntries?.island).toBe('a;b:c,d');
  });

  it('lake island: the single picker’s name and its ap_tn / pv_tn fields', async () => {
    const t = template('cmline-changearea', 'songkhla-lake-island', 'erosion');
    const yo = { code: '1', name: 'เกาะยอ', extra: { pv_tn: 'สงขลา', ap_tn: 'เมืองสงขลา', tb_tn: 'เกาะยอ' } };
    const { calls } = await load(t, { 'lake-island': yo, start: y(2562), end: y(2567) });
    expect(calls.map((c) => c.form?.viewparams)).toEqual(['island:เกาะยอ;ap_tn:เมืองสงขลา;pv_tn:สงขลา;start:2562;end:2567']);
  });

  it('viewparamEntries skips unchosen pickers', () => {
    const t = template('cmline-changearea', '', 'erosion');
    expect(viewparamEntries(t.viewparams ?? [], { start: y(2562) })).toEqual([['start', '2562']]);
  });
});

describe('§7 WFS 2.0.0 via the wfs route', () => {
  it('service wfs (the default): typeNames, CQL_FILTER of the chosen levels, outputFormat JSON, POST', async () => {
    const t = validTemplate<WfsTemplate>({
      id: 'status', type: 'wfs', name: 'สถานภาพชายฝั่ง', layers: '{product}:coastal_status_{year}',
      cql: [{ field: 'prv_code', picker: 'province' }, { field: 'amp_code', picker: 'district' }, { field: 'tam_code', picker: 'subdistrict' }],
    });
    const f = fakeFetch();
    const values = { province: { code: '90', name: 'สงขลา' }, district: { code: '9001', name: '' } };
    const instance = wfsDefinition.instantiate(t, ictx(app, values, { year: '2566' }));
    await wfsDefinition.load!(t, instance, lctx(app, values, f.deps, { year: '2566' }));
    expect(f.calls).toEqual([
      {
        url: '/geoserver/tcs_postgres/wfs',
        method: 'POST',
        form: { service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: 'tcs:coastal_status_2566', outputFormat: 'application/json', CQL_FILTER: "prv_code = '90' and amp_code = '9001'" },
      },
    ]);
  });

  it('an external WFS URL is asked as WFS 1.0.0 at that URL', async () => {
    const t = validTemplate<WfsTemplate>({ id: 'ext', type: 'wfs', name: 'x', service: 'https://example.org/geoserver/ows', layers: 'ws:thing', method: 'GET' });
    const f = fakeFetch();
    await wfsDefinition.load!(t, wfsDefinition.instantiate(t, ictx(app)), lctx(app, {}, f.deps));
    expect(f.calls[0]?.url).toBe('https://example.org/geoserver/ows?service=WFS&version=1.0.0&request=GetFeature&typeName=ws%3Athing&outputFormat=application%2Fjson');
  });
});

describe('§7 router: { page: wfsisland }', () => {
  it('page=wfsisland with the viewparams as plain parameters and typeNames, POST form', async () => {
    const t = template('cmline-changearea', 'island', 'island');
    expect(t.router).toEqual({ page: 'wfsisland' });
    const { calls } = await load(t, { islands: [samui] });
    expect(calls).toEqual([{ url: '/tcs/v2/router', method: 'POST', form: { page: 'wfsisland', island: 'เกาะสมุย', ap_tn: 'เกาะสมุย', pv_tn: 'สุราษฎร์ธานี', typeNames: 'tcs:island_polygon' } }]);
  });

  it('two islands: two router requests, in order', async () => {
    const t = template('cmline-changearea', 'island', 'island');
    const { calls, loaded } = await load(t, { islands: [samui, phaluai] });
    expect(calls.map((c) => c.form?.island)).toEqual(['เกาะสมุย', 'เกาะพะลวย']);
    expect(loaded.parts.map((p) => p.label)).toEqual(['เกาะสมุย', 'เกาะพะลวย']);
  });
});

describe('§4 one request per island, merged in order with labels', () => {
  it('splitBy islands: one request per island, features merged in request order, parts labelled', async () => {
    const t = template('cmline', 'island', 'erosion');
    expect(t.splitBy).toBe('islands');
    const values = { province: { code: '84', name: '' }, islands: [samui, phaluai], start: y(2562), end: y(2567) };
    const a = squares(2, 99.9, 9.4, 3200, { island: 'เกาะสมุย' });
    const b = squares(1, 99.7, 9.5, 1600, { island: 'เกาะพะลวย' });
    const { calls, loaded } = await load(t, values, (c) => (c.form?.viewparams?.startsWith('island:เกาะสมุย') ? a : b));
    expect(calls.map((c) => c.form?.viewparams)).toEqual([
      'island:เกาะสมุย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567',
      'island:เกาะพะลวย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567',
    ]);
    expect(loaded.geoJson.features).toHaveLength(3);
    expect(loaded.geoJson.features[0]).toBe(a.features[0]);
    expect(loaded.geoJson.features[2]).toBe(b.features[0]);
    expect(loaded.parts.map((p) => [p.label, p.features.features.length])).toEqual([
      ['เกาะสมุย', 2],
      ['เกาะพะลวย', 1],
    ]);
    // The download repeats the first part's parameters.
    expect(loaded.request?.viewparams).toBe('island:เกาะสมุย;ap_tn:เกาะสมุย;pv_tn:สุราษฎร์ธานี;start:2562;end:2567');
  });

  it('splitParts: a multi-valued picker a viewparam reads becomes one part per item, others stay', () => {
    const t = template('cmline', 'island', 'erosion');
    const values = { province: { code: '84', name: '' }, islands: [samui, phaluai], start: y(2562), end: y(2567) };
    const parts = splitParts(t.splitBy, t.viewparams ?? [], values);
    expect(parts.map((p) => p.label)).toEqual(['เกาะสมุย', 'เกาะพะลวย']);
    expect(parts.map((p) => p.values.islands)).toEqual([[samui], [phaluai]]);
    expect(parts.every((p) => p.values.start === values.start && p.values.province === values.province)).toBe(true);
    expect(splitParts(t.splitBy, t.viewparams ?? [], { ...values, islands: [samui] })).toHaveLength(1);
    expect(splitParts(undefined, t.viewparams ?? [], values)).toEqual([{ values }]);
  });

  it('Songkhla Lake land: the two default provinces are two requests (code 90, code 93), labelled; a chosen district is one', async () => {
    const t = template('cmline-changearea', 'songkhla-lake-land', 'erosion');
    expect(t.splitBy).toBe('province');
    const provinces = [
      { code: '90', name: 'สงขลา' },
      { code: '93', name: 'พัทลุง' },
    ];
    const two = await load(t, { province: provinces, start: y(2562), end: y(2567) }, (c) => (c.form?.viewparams?.startsWith('code:90') ? squares(2, 100.4, 7.2) : squares(1, 100.2, 7.6)));
    expect(two.calls.map((c) => c.form?.viewparams)).toEqual(['code:90;start:2562;end:2567', 'code:93;start:2562;end:2567']);
    expect(two.loaded.parts.map((p) => [p.label, p.features.features.length])).toEqual([
      ['สงขลา', 2],
      ['พัทลุง', 1],
    ]);
    expect(two.loaded.geoJson.features).toHaveLength(3);
    const one = await load(t, { province: provinces, district: { code: '9001', name: '' }, start: y(2562), end: y(2567) });
    expect(one.calls.map((c) => c.form?.viewparams)).toEqual(['code:9001;start:2562;end:2567']);
    expect(one.loaded.parts.map((p) => p.label)).toEqual([undefined]);
  });

  it('a failing request rejects the load; an answer that is not a FeatureCollection is named', async () => {
    const t = template('change', '', 'erosion');
    const values = { province: { code: '84', name: '' }, start: y(2548), end: y(2559) };
    await expect(load(t, values, () => new Error('HTTP 500'))).rejects.toThrow('HTTP 500');
    await expect(load(t, values, () => ({ errors: 'bad' }))).rejects.toThrow('answer from /geoserver/tcs_postgres/ows is not a GeoJSON FeatureCollection');
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

describe('wfs crossCheck', () => {
  const base = validTemplate<WfsTemplate>({ id: 'e', type: 'wfs', name: 'e', layers: 'tcs:x' });
  const check = (raw: Record<string, unknown>) => {
    const t = validTemplate<WfsTemplate>(raw);
    return wfsDefinition.crossCheck!(t, { pickerIds: ['islands', 'start'], layers: [t] });
  };
  it('router and service together, router with cql, splitBy no viewparam reads', () => {
    expect(check({ ...base, router: { page: 'wfsisland' }, service: 'ows' })).toEqual([{ path: ['router'], message: 'give either service or router, not both' }]);
    expect(check({ ...base, router: { page: 'wfsisland' }, cql: [{ field: 'gid', picker: 'islands' }] })[0]?.path).toEqual(['cql']);
    expect(check({ ...base, splitBy: 'islands', viewparams: [{ key: 'start', picker: 'start' }] })).toEqual([
      { path: ['splitBy'], message: 'no viewparam reads picker "islands": splitting would send the same request for every item' },
    ]);
    expect(check({ ...base, splitBy: 'islands', viewparams: [{ key: 'island', picker: 'islands.name' }] })).toEqual([]);
  });
});
