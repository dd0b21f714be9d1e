// The wms layer module (src/layers/wms/definition.ts and draw.ts, SPEC.md §3): GetMap options
// (layers, format image/png, transparent, version 1.1.0, CQL_FILTER, viewparams) and the tile URL
// MapLibre requests.
import { describe, expect, it } from 'vitest';
import { wmsDefinition, type WmsTemplate } from '../../../src/layers/wms/definition.ts';
import { wmsTileUrl } from '../../../src/layers/wms/draw.ts';
import { ictx, testApp as app, validTemplate } from './helpers.ts';

const location = [
  { field: 'prv_code', picker: 'province' },
  { field: 'amp_code', picker: 'district' },
  { field: 'tam_code', picker: 'subdistrict' },
] as const;

describe('§3 wms instances', () => {
  it('§3 WMS options: image/png, transparent, version 1.1.0, CQL_FILTER; names from templates', () => {
    const t = validTemplate<WmsTemplate>({ id: 'cmline', layerId: 'cmline-{year}', type: 'wms', name: 'แนวชายฝั่ง พ.ศ. {year}', service: 'wms', layers: '{product}:cmline_{year}', cql: [...location], legend: 'cmline-years' });
    const layer = wmsDefinition.instantiate(t, ictx(app, { province: { code: '90', name: 'สงขลา' } }, { year: '2567' }));
    expect(layer).toEqual({
      id: 'cmline-2567',
      name: 'แนวชายฝั่ง พ.ศ. 2567',
      type: 'wms',
      legend: 'cmline-years',
      url: '/geoserver/tcs_postgres/wms',
      options: { layers: 'tcs:cmline_2567', format: 'image/png', transparent: 'true', version: '1.1.0', CQL_FILTER: "prv_code = '90'" },
    });
  });

  it('no chosen level: no CQL_FILTER; viewparams of SQL-view layers; service defaults to wms', () => {
    const t = validTemplate<WmsTemplate>({
      id: 'coastline', type: 'wms', name: 'แนวชายฝั่ง {start} และ {end}', layers: '{product}:cmline_change', cql: [...location],
      viewparams: [{ key: 'start', picker: 'start' }, { key: 'end', picker: 'end' }],
    });
    const layer = wmsDefinition.instantiate(t, ictx(app, { start: { code: '2562', name: '2562' }, end: { code: '2567', name: '2567' } }));
    expect(layer.url).toBe('/geoserver/tcs_postgres/wms');
    expect(layer.name).toBe('แนวชายฝั่ง 2562 และ 2567');
    expect(layer.options).toEqual({ layers: 'tcs:cmline_change', format: 'image/png', transparent: 'true', version: '1.1.0', viewparams: 'start:2562;end:2567' });
  });

  it('island multi-select: one IN literal per island, a comma inside a name stays inside its literal', () => {
    const t = validTemplate<WmsTemplate>({ id: 'c', type: 'wms', name: 'c', layers: 'tcs:cmline_island', cql: [{ field: 'island', picker: 'islands.name', op: 'in' }] });
    const layer = wmsDefinition.instantiate(t, ictx(app, { islands: [{ code: '1', name: 'เกาะหนู, เกาะแมว' }, { code: '2', name: 'เกาะยอ' }] }));
    expect(layer.options.CQL_FILTER).toBe("island IN ('เกาะหนู, เกาะแมว','เกาะยอ')");
  });

  it('an external WMS URL is used as it is', () => {
    const t = validTemplate<WmsTemplate>({ id: 'radar', type: 'wms', name: 'กระแสน้ำ', service: 'https://radar.example.org/geoserver/wms', layers: 'radar:current' });
    expect(wmsDefinition.instantiate(t, ictx(app)).url).toBe('https://radar.example.org/geoserver/wms');
  });

  it('is tiled: no load, no features; feature info by GetFeatureInfo; offers no data', () => {
    expect(wmsDefinition.load).toBeUndefined();
    expect(wmsDefinition.features).toBeUndefined();
    expect(wmsDefinition.featureInfo).toBe('wms');
    expect(wmsDefinition.offersData).toBe(false);
  });
});

describe('wms tile URL (draw.ts)', () => {
  it('GetMap in EPSG:3857 with the spec options; CQL_FILTER and VIEWPARAMS encoded; {bbox-epsg-3857} left for MapLibre', () => {
    const t = validTemplate<WmsTemplate>({
      id: 'cmline', type: 'wms', name: 'x', layers: '{product}:cmline_2567', cql: [{ field: 'prv_code', picker: 'province' }], viewparams: [{ key: 'start', picker: 'start' }],
    });
    const layer = wmsDefinition.instantiate(t, ictx(app, { province: { code: '90', name: '' }, start: { code: '2562', name: '' } }));
    const url = wmsTileUrl(layer);
    expect(url.endsWith('&BBOX={bbox-epsg-3857}')).toBe(true);
    const [path, query] = url.replace('&BBOX={bbox-epsg-3857}', '').split('?');
    expect(path).toBe('/geoserver/tcs_postgres/wms');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      SERVICE: 'WMS', REQUEST: 'GetMap', VERSION: '1.1.0', LAYERS: 'tcs:cmline_2567', STYLES: '', FORMAT: 'image/png', TRANSPARENT: 'TRUE',
      SRS: 'EPSG:3857', WIDTH: '256', HEIGHT: '256', CQL_FILTER: "prv_code = '90'", VIEWPARAMS: 'start:2562',
    });
  });

  it('no CQL_FILTER / VIEWPARAMS when none are chosen', () => {
    const url = wmsTileUrl({ url: '/geoserver/tcs_postgres/wms', options: { layers: 'tcs:x', format: 'image/png', transparent: 'true', version: '1.1.0' } });
    expect(url).not.toMatch(/CQL_FILTER|VIEWPARAMS/);
  });

  it('an external WMS URL that already has a query keeps it and appends with &', () => {
    const url = wmsTileUrl({ url: 'https://maps.example.org/cgi-bin/mapserv?map=/radar.map', options: { layers: 'current' } });
    expect(url.startsWith('https://maps.example.org/cgi-bin/mapserv?map=/radar.map&SERVICE=WMS&')).toBe(true);
    expect(url.match(/\?/g)).toHaveLength(1);
  });
});
