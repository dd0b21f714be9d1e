// WMS layer type (SPEC.md §3): server-rendered tiles, GetMap with format image/png, transparent,
// version 1.1.0 and CQL_FILTER; VIEWPARAMS for SQL-view layers. Feature info by GetFeatureInfo.
import type { LayerDefinition } from '../types.ts';
import { layerSchema, type TemplateOf } from '../define.ts';
import { cql, template, viewparams } from '../schemaParts.ts';
import { baseInstance, buildCql, buildViewparams, fill, serviceUrl } from '../request.ts';

/** GeoServer's standard resolution, the 1x of LEGEND_OPTIONS dpi. */
const WMS_STANDARD_DPI = 90.714;

const wmsSchema = layerSchema(
  'wms',
  'server-rendered map tiles (WMS GetMap), feature information by GetFeatureInfo',
  {
    service: { type: 'string', pattern: '^(wms|https?://.+)$', default: 'wms', description: "Our GeoServer-style WMS ('wms') or an external WMS URL." },
    layers: { ...template, description: "WMS LAYERS, e.g. '{product}:cmline_{year}'." },
    cql,
    viewparams,
  },
  ['layers'],
  ['opacity', 'fit', 'fields', 'showIds'],
);

export type WmsTemplate = TemplateOf<typeof wmsSchema>;

export const wmsDefinition: LayerDefinition<WmsTemplate> = {
  type: 'wms',
  schema: wmsSchema,
  example: { id: 'coastline', type: 'wms', name: 'แนวชายฝั่ง พ.ศ. {year}', layers: '{product}:cmline_{year}', cql: [{ field: 'prv_code', picker: 'province' }], legend: 'cmline-years' },
  offersData: false,
  featureInfo: 'wms',
  compareSide: true,
  legendGraphicUrl(layer, scale = 1) {
    if (!layer.url || !layer.options?.layers) return null;
    const params = new URLSearchParams({ SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetLegendGraphic', FORMAT: 'image/png', LAYER: layer.options.layers });
    // GeoServer's convention (our WMS too): dpi:N draws the legend N / 90.714 times as large
    if (scale > 1) params.set('LEGEND_OPTIONS', `dpi:${Math.round(WMS_STANDARD_DPI * scale)}`);
    return `${layer.url}${layer.url.includes('?') ? '&' : '?'}${params.toString()}`;
  },
  instantiate(t, ctx) {
    const options: Record<string, string> = { layers: fill(t.layers, ctx), format: 'image/png', transparent: 'true', version: '1.1.0' };
    const cqlFilter = buildCql(t.cql ?? [], ctx.values);
    if (cqlFilter) options.CQL_FILTER = cqlFilter;
    const vp = buildViewparams(t.viewparams ?? [], ctx.values);
    if (vp) options.viewparams = vp;
    return { ...baseInstance(t, ctx), url: serviceUrl(ctx.app, t.service), options };
  },
};
