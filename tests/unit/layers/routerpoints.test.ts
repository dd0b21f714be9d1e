// The routerpoints layer module (issue 14): router list rows drawn as points at their lon/lat
// fields; the request parameters from pickers (unchosen ones left out); the trend request the
// drawer sends for a clicked point; the row result's parameters a router download repeats.
import { describe, expect, it } from 'vitest';
import { routerpointsDefinition, rowsToPoints, trendUrl, type RouterpointsTemplate, type TrendRequest } from '../../../src/layers/routerpoints/definition.ts';
import { withTrends } from '../../../src/ui/featureInfo/trendRequest.ts';
import type { DrawnHit } from '../../../src/map/layers/drawnFeatures.ts';
import { fakeFetch, ictx, lctx, testApp as app } from './helpers.ts';

const template: RouterpointsTemplate = {
  id: 'rates', type: 'routerpoints', name: 'อัตรา พ.ศ. {start}-{end}',
  router: { page: 'transects', mode: 'list' },
  params: [{ key: 'pv', picker: 'province' }, { key: 'ap', picker: 'district' }, { key: 'start', picker: 'start' }, { key: 'end', picker: 'end' }, { key: 'significant', picker: 'significant' }],
  position: { lon: 'lon', lat: 'lat' }, legend: 'transect-rate', live: true,
  trend: { mode: 'history', id: 'gid', keep: ['start', 'end'] },
};
const values = { province: { code: '90', name: 'สงขลา' }, start: { code: '2562', name: '2562' }, end: { code: '2567', name: '2567' } };
const rows = { errors: '', data: [{ gid: 7, lon: 100.5, lat: 7.2, lrr: -2.31, prv_name: 'สงขลา' }, { gid: 8, lon: null, lat: 7.3 }, { gid: 9, lon: '100.6', lat: '7.4' }] };

describe('routerpoints: rows as points', () => {
  it('GETs the router page and mode with the chosen pickers only; fills the name', async () => {
    const f = fakeFetch(() => rows);
    const instance = routerpointsDefinition.instantiate(template, ictx(app, values));
    const loaded = await routerpointsDefinition.load!(template, instance, lctx(app, values, f.deps));
    expect(instance.name).toBe('อัตรา พ.ศ. 2562-2567');
    expect(f.calls).toEqual([{ url: '/tcs/v2/router?page=transects&mode=list&pv=90&start=2562&end=2567', method: 'GET' }]);
    expect(loaded.geoJson.features.map((x) => x.geometry)).toEqual([
      { type: 'Point', coordinates: [100.5, 7.2] },
      { type: 'Point', coordinates: [100.6, 7.4] },
    ]);
    expect(loaded.geoJson.features[0]?.properties).toMatchObject({ gid: 7, lrr: -2.31, prv_name: 'สงขลา' });
    expect(loaded.request).toEqual({ typeName: 'transects:list', params: { pv: '90', start: '2562', end: '2567' } });
  });

  it('a ticked toggle picker adds its parameter', () => {
    const instance = routerpointsDefinition.instantiate(template, ictx(app, { ...values, significant: { code: '1', name: 'มีนัยสำคัญ' } }));
    expect(instance.options).toEqual({ page: 'transects', mode: 'list', pv: '90', start: '2562', end: '2567', significant: '1' });
  });

  it('an answer without a data list is refused', () => {
    expect(() => rowsToPoints({ errors: 'x' }, { lon: 'lon', lat: 'lat' }, '/r')).toThrow('answer from /r has no data list');
  });

  it('offers its data; feature info from the drawn points', () => {
    expect(routerpointsDefinition.offersData).toBe(true);
    expect(routerpointsDefinition.featureInfo).toBe('drawn');
  });

  it('crossCheck: a kept trend parameter must be one of params', () => {
    expect(routerpointsDefinition.crossCheck!(template, { pickerIds: [], layers: [] })).toEqual([]);
    const bad = { ...template, trend: { mode: 'history', id: 'gid', keep: ['period'] } };
    expect(routerpointsDefinition.crossCheck!(bad, { pickerIds: [], layers: [] })).toEqual([{ path: ['trend', 'keep', 0], message: 'no parameter "period" in params to keep' }]);
  });
});

describe('trend request of a clicked point', () => {
  const trend = routerpointsDefinition.instantiate(template, ictx(app, values)).draw?.trend as TrendRequest;

  it('asks the history mode for the point id with the list period', () => {
    expect(trend).toEqual({ url: '/tcs/v2/router', page: 'transects', mode: 'history', id: 'gid', params: { start: '2562', end: '2567' } });
    expect(trendUrl(trend, { gid: 7 })).toBe('/tcs/v2/router?page=transects&mode=history&start=2562&end=2567&gid=7');
    expect(trendUrl(trend, {})).toBeUndefined();
  });

  it('one point per trend layer (the topmost); other layers keep their tables', () => {
    const layer = { id: 'rates', name: 'อัตรา', type: 'routerpoints', zIndex: 600, visible: true, legend: 'transect-rate', draw: { trend } };
    const other = { id: 'x', name: 'x', type: 'wfs', zIndex: 601, visible: true };
    const hits: DrawnHit[] = [
      { layer, id: undefined, properties: { gid: 7 } },
      { layer, id: undefined, properties: { gid: 8 } },
      { layer: other, id: undefined, properties: { a: 1 } },
    ];
    const shown = withTrends(hits);
    expect(shown.map((s) => s.trend?.url ?? s.hit.layer.id)).toEqual(['/tcs/v2/router?page=transects&mode=history&start=2562&end=2567&gid=7', 'x']);
    expect(shown[0]?.trend?.legend).toBe('transect-rate');
  });
});
