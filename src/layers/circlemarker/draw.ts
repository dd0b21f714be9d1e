// CircleMarker drawing: a circle of a fixed pixel radius.
import type { LayerDrawer } from '../draw/types.ts';
import type { CirclemarkerDraw } from './definition.ts';
import { addVectorLayers, vectorSignature } from '../draw/vector.ts';

export const circlemarkerDrawer: LayerDrawer<CirclemarkerDraw> = {
  add: (map, layer, ctx) => addVectorLayers(map, layer, ctx, layer.draw ? { circleRadius: layer.draw.radiusPx } : {}),
  signature: (layer) => `${vectorSignature(layer)}|${String(layer.draw?.radiusPx ?? '')}`,
};
