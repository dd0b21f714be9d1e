// The geojson layer module (SPEC.md §3 geoJson; §7 "a generic feature loader sends form-encoded
// parameters by POST unless another method is given and expects a GeoJSON collection"): a bundled
// asset (GET) or a URL (POST form by default, GET on request) with fixed {variable} parameters.
import { describe, expect, it } from 'vitest';
import { geojsonDefinition, type GeojsonTemplate } from '../../../src/layers/geojson/definition.ts';
import { squares } from '../actions/helpers.ts';
import { fakeFetch, ictx, lctx, testApp as app } from './helpers.ts';

const values = { province: { code: '90', name: 'สงขลา' } };

async function load(t: GeojsonTemplate, answer?: () => unknown, vars: Record<string, string> = {}) {
  const f = fakeFetch(answer);
  const instance = geojsonDefinition.instantiate(t, ictx(app, values, vars));
  const loaded = await geojsonDefinition.load!(t, instance, lctx(app, values, f.deps, vars));
  return { instance, loaded, calls: f.calls };
}

describe('geojson: asset or url', () => {
  it('a bundled asset is fetched by GET from backend.assets', async () => {
    const { instance, calls, loaded } = await load({ id: 'b', type: 'geojson', name: 'b', asset: 'beaches.json' }, () => squares(2, 100, 7));
    expect(instance.url).toBe('/maps/assets/data/beaches.json');
    expect(calls).toEqual([{ url: '/maps/assets/data/beaches.json', method: 'GET' }]);
    expect(loaded.geoJson.features).toHaveLength(2);
    expect(loaded.parts).toHaveLength(1);
  });

  it('§7 a url defaults to POST with the params as the form body, {variables} filled', async () => {
    const t: GeojsonTemplate = { id: 'b', type: 'geojson', name: 'หาด {province}', url: '/{product}/v2/router', params: { page: 'beaches', pv: '{province}', year: '{year}' } };
    const { instance, calls } = await load(t, undefined, { year: '2567' });
    expect(instance).toMatchObject({ id: 'b', name: 'หาด 90', url: '/tcs/v2/router' });
    expect(calls).toEqual([{ url: '/tcs/v2/router', method: 'POST', form: { page: 'beaches', pv: '90', year: '2567' } }]);
  });

  it('method GET puts the params in the query', async () => {
    const t: GeojsonTemplate = { id: 'b', type: 'geojson', name: 'b', url: 'https://data.example/features', method: 'GET', params: { pv: '{province}' } };
    const { calls } = await load(t);
    expect(calls).toEqual([{ url: 'https://data.example/features?pv=90', method: 'GET' }]);
  });

  it('an answer that is not a FeatureCollection is refused', async () => {
    await expect(load({ id: 'b', type: 'geojson', name: 'b', url: '/x' }, () => ({ data: [] }))).rejects.toThrow('answer from /x is not a GeoJSON FeatureCollection');
  });

  it('offers its data; feature info from the drawn features', () => {
    expect(geojsonDefinition.offersData).toBe(true);
    expect(geojsonDefinition.featureInfo).toBe('drawn');
  });
});

describe('geojson crossCheck', () => {
  const check = (t: GeojsonTemplate) => geojsonDefinition.crossCheck!(t, { pickerIds: [], layers: [t] });
  const ONE = [{ path: [], message: 'a geojson layer needs exactly one of asset or url' }];
  it('exactly one of asset or url', () => {
    expect(check({ id: 'b', type: 'geojson', name: 'b', asset: 'a.json' })).toEqual([]);
    expect(check({ id: 'b', type: 'geojson', name: 'b', url: '/x' })).toEqual([]);
    expect(check({ id: 'b', type: 'geojson', name: 'b', asset: 'a.json', url: '/x' })).toEqual(ONE);
    expect(check({ id: 'b', type: 'geojson', name: 'b' })).toEqual(ONE);
  });

  it('an asset takes no params or method', () => {
    expect(check({ id: 'b', type: 'geojson', name: 'b', asset: 'a.json', params: { a: '1' } })).toEqual([{ path: ['params'], message: 'a bundled asset is read with GET and takes no parameters' }]);
    expect(check({ id: 'b', type: 'geojson', name: 'b', asset: 'a.json', method: 'POST' })).toEqual([{ path: ['method'], message: 'a bundled asset is read with GET and takes no parameters' }]);
  });
});
