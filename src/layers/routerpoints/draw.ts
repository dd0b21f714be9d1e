// routerpoints drawing: each row a point marked by its legend class, in the class colour and,
// where the legend gives one, the class symbol (config/legends.yaml `symbol`: erosion a downward
// triangle, accretion an upward one), so colour is never the only cue. A legend without symbols
// draws the plain coloured circles of the other vector types.
import type { LayerDrawer } from '../draw/types.ts';
import { symbolExpression, symbolImages } from '../draw/legendStyle.ts';
import { ensureSymbolImage } from '../draw/symbolImage.ts';
import { addSource, addVectorLayers, vectorSignature } from '../draw/vector.ts';

/** Symbols grow with the zoom: points 100 m apart overlap at a province's zoom, where a small
 *  mark keeps the colours readable; near the shore they are as large as other point layers'. */
const ICON_SIZE = ['interpolate', ['linear'], ['zoom'], 7, 0.3, 10, 0.45, 13, 0.75, 16, 1];

export const routerpointsDrawer: LayerDrawer = {
  add(map, layer, ctx) {
    const image = symbolExpression(layer, ctx.legends);
    if (image === null) return addVectorLayers(map, layer, ctx);
    for (const i of symbolImages(layer, ctx.legends)) ensureSymbolImage(map, i.shape, i.color);
    addSource(map, layer);
    const id = `${layer.id}::symbol`;
    map.addLayer(
      {
        id,
        type: 'symbol',
        source: layer.id,
        layout: { 'icon-image': image as never, 'icon-size': ICON_SIZE as never, 'icon-allow-overlap': true, 'icon-ignore-placement': true },
        paint: { 'icon-opacity': layer.opacity ?? 1 },
      },
      ctx.beforeId,
    );
    return [id];
  },
  signature: vectorSignature,
};
