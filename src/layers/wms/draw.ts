// WMS drawing: a raster source whose tiles are GetMap requests in EPSG:3857 (SPEC.md §3: format
// image/png, transparent, version 1.1.0, CQL_FILTER; VIEWPARAMS for SQL-view layers).
import type { MapLayer } from '../types.ts';
import type { LayerDrawer } from '../draw/types.ts';

export function wmsTileUrl(layer: Pick<MapLayer, 'url' | 'options'>): string {
  const o = layer.options ?? {};
  const params = new URLSearchParams({
    SERVICE: 'WMS',
    REQUEST: 'GetMap',
    VERSION: o.version ?? '1.1.0',
    LAYERS: o.layers ?? '',
    STYLES: '',
    FORMAT: o.format ?? 'image/png',
    TRANSPARENT: (o.transparent ?? 'true').toUpperCase(),
    SRS: 'EPSG:3857',
    WIDTH: '256',
    HEIGHT: '256',
  });
  if (o.CQL_FILTER) params.set('CQL_FILTER', o.CQL_FILTER);
  if (o.viewparams) params.set('VIEWPARAMS', o.viewparams);
  // MapLibre fills {bbox-epsg-3857}; it must stay unencoded. An external URL may carry its own
  // query (MapServer's ?map=...): append to it.
  const url = layer.url ?? '';
  return `${url}${url.includes('?') ? '&' : '?'}${params.toString()}&BBOX={bbox-epsg-3857}`;
}

export const wmsDrawer: LayerDrawer = {
  add(map, layer, ctx) {
    map.addSource(layer.id, { type: 'raster', tiles: [wmsTileUrl(layer)], tileSize: 256 });
    map.addLayer({ id: layer.id, type: 'raster', source: layer.id, paint: { 'raster-opacity': layer.opacity ?? 1 } }, ctx.beforeId);
    return [layer.id];
  },
  signature: (layer) => `${wmsTileUrl(layer)}|${layer.opacity ?? 1}`,
};
