// Transects in the map's view (issue 14, 'ในขอบเขตแผนที่'): a routerpoints layer with `bounds`
// sends the view as bbox (a bound parameter on the server), with the period; the chart and
// download requests repeat it; zoomed out below minZoom there is no view to send and the layer
// says why instead of asking for a whole coast.
import { describe, expect, it } from 'vitest';
import { routerpointsDefinition, type RouterpointsTemplate } from '../../../src/layers/routerpoints/definition.ts';
import { boundsParam } from '../../../src/layers/viewBounds.ts';
import { boundsOption } from '../../../src/ui/topic/useViewBounds.ts';
import { chartRouterQuery } from '../../../src/ui/charts/routerInput.ts';
import { fakeFetch, ictx, lctx, testApp as app } from './helpers.ts';

const message = 'กรุณาซูมแผนที่เข้าใกล้ชายฝั่งมากขึ้นเพื่อแสดงจุดในขอบเขตแผนที่';
const template: RouterpointsTemplate = {
  id: 'rates', type: 'routerpoints', name: 'อัตรา พ.ศ. {start}-{end}',
  router: { page: 'transects', mode: 'list' },
  params: [{ key: 'start', picker: 'start' }, { key: 'end', picker: 'end' }],
  bounds: { key: 'bbox', minZoom: 9, message },
  position: { lon: 'lon', lat: 'lat' }, legend: 'transect-rate', live: true,
};
const values = { start: { code: '2562', name: '2562' }, end: { code: '2567', name: '2567' } };

describe('routerpoints in the map view', () => {
  it('the view as xmin,ymin,xmax,ymax with 5 decimals, clamped to the world; nothing below minZoom', () => {
    expect(boundsParam({ west: 100.123456789, south: 7.1, east: 100.9, north: 7.654321, zoom: 10 }, 9)).toBe('100.12346,7.10000,100.90000,7.65432');
    expect(boundsParam({ west: -200, south: -95, east: 200, north: 95, zoom: 9 }, 9)).toBe('-180.00000,-90.00000,180.00000,90.00000');
    expect(boundsParam({ west: 100, south: 7, east: 101, north: 8, zoom: 8.99 }, 9)).toBe('');
  });

  it('sends bbox with the period; the row result carries it for the totals and downloads', async () => {
    const vars = { bounds: '100.3,7.0,100.7,7.4' };
    const instance = routerpointsDefinition.instantiate(template, ictx(app, values, vars));
    expect(instance.options).toEqual({ page: 'transects', mode: 'list', start: '2562', end: '2567', bbox: '100.3,7.0,100.7,7.4' });
    const f = fakeFetch(() => ({ errors: '', data: [] }));
    const loaded = await routerpointsDefinition.load!(template, instance, lctx(app, values, f.deps, vars));
    expect(f.calls[0]?.url).toBe('/tcs/v2/router?page=transects&mode=list&start=2562&end=2567&bbox=100.3%2C7.0%2C100.7%2C7.4');
    expect(loaded.request?.params).toEqual({ start: '2562', end: '2567', bbox: '100.3,7.0,100.7,7.4' });
    expect(chartRouterQuery({ page: 'transects', mode: 'totals', by: 'district' }, { params: loaded.request!.params! })).toMatchObject({ bbox: '100.3,7.0,100.7,7.4', mode: 'totals' });
  });

  it('without a view (zoomed out) the layer cannot be made, and says why in Thai', () => {
    expect(() => routerpointsDefinition.instantiate(template, ictx(app, values, { bounds: '' }))).toThrow(message);
    expect(() => routerpointsDefinition.instantiate(template, ictx(app, values))).toThrow(message);
    expect(boundsOption(template)).toEqual({ minZoom: 9, message });
    expect(boundsOption({ ...template, bounds: undefined })).toBeUndefined();
  });
});
