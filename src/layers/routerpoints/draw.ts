// routerpoints drawing: each row a point marked by its legend class, in the class colour and,
// where the legend gives one, the class symbol (config/legends.yaml `symbol`: erosion a downward
// triangle, accretion an upward one), so colour is never the only cue. A legend without symbols
// draws the plain coloured circles of the other vector types.
import type { LayerDrawer } from '../draw/types.ts';
import { trendUrl, type RouterpointsDraw } from './definition.ts';
import { symbolExpression } from '../draw/legendStyle.ts';
import { addPointSymbols } from '../draw/pointSymbols.ts';
import { addSource, addVectorLayers, vectorSignature } from '../draw/vector.ts';

/** Symbols grow with the zoom: points 100 m apart overlap at a province's zoom, where a small
 *  mark keeps the colours readable; near the shore they are as large as other point layers'. */
const ICON_SIZE = ['interpolate', ['linear'], ['zoom'], 7, 0.3, 10, 0.45, 13, 0.75, 16, 1];

export const routerpointsDrawer: LayerDrawer<RouterpointsDraw> = {
  add(map, layer, ctx) {
    if (symbolExpression(layer, ctx.legends) === null) return addVectorLayers(map, layer, ctx);
    addSource(map, layer);
    return [addPointSymbols(map, layer, ctx, ICON_SIZE as never)!];
  },
  signature: vectorSignature,
  trend: (layer) => {
    const trend = layer.draw?.trend;
    return trend && ((properties) => trendUrl(trend, properties));
  },
};
