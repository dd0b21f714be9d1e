// page=wfs&mode=getbound (SPEC.md §7): the bounds of a layer's features for fitting the map.
// `layer` is a published layer name; `cql_filter` (the client joins prv_code/amp_code/tam_code
// conditions with 'and') is parsed by our CQL parser against that layer's attribute allow-list;
// `viewparams` only for the SQL-view layers that take them.
// Answer: {errors: '', data: [{layer, count, bbox, geometry}], bbox} (geometry: the envelope polygon).
import { pageModes, sendData } from '../context.ts';
import { layerViewparams, queryBounds, resolveLayer } from '../features.ts';

export const wfs = pageModes({
  getbound: async (ctx) => {
    const ft = resolveLayer(ctx.params.require('layer', 'typename', 'typenames'), ctx.product, 'layer');
    const values = layerViewparams(ft, ctx.params.get('viewparams'));
    const bounds = await queryBounds(ctx.db, ft, values, ctx.params.get('cql_filter'));
    const data = bounds.count ? [{ layer: ft.name, count: bounds.count, bbox: bounds.bbox, geometry: bounds.geometry }] : [];
    await sendData(ctx, data, { bbox: bounds.bbox });
  },
});
