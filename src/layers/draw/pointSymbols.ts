// Points marked by their legend class's symbol (config/legends.yaml `symbol`): one MapLibre
// symbol layer whose icon-image is the class's shape in the class colour (legendStyle.ts), for
// every type that draws points from GeoJSON (WFS, GeoJSON, routerpoints, circle markers).
import type { ExpressionSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { SYMBOL_RADIUS } from '../../engine/symbols.ts';
import type { MapLayer } from '../types.ts';
import { symbolExpression, symbolImages } from './legendStyle.ts';
import { ensureSymbolImage } from './symbolImage.ts';
import type { DrawContext } from './types.ts';

/** The icon size that draws a circle symbol as large as a circle of `radius` px. */
export function iconSizeForRadius(radius: number): number {
  return radius / SYMBOL_RADIUS;
}

/** Adds the symbol layer of the layer's points (its source must exist) and returns its id, or
 *  null, adding nothing, when its legend gives no symbols. */
export function addPointSymbols(map: MapLibreMap, layer: MapLayer, ctx: DrawContext, iconSize: number | ExpressionSpecification): string | null {
  const image = symbolExpression(layer, ctx.legends);
  if (image === null) return null;
  for (const i of symbolImages(layer, ctx.legends)) ensureSymbolImage(map, i.shape, i.color);
  const id = `${layer.id}::symbol`;
  map.addLayer(
    {
      id,
      type: 'symbol',
      source: layer.id,
      filter: ['==', ['geometry-type'], 'Point'],
      layout: { 'icon-image': image, 'icon-size': iconSize, 'icon-allow-overlap': true, 'icon-ignore-placement': true },
      paint: { 'icon-opacity': layer.opacity ?? 1 },
    },
    ctx.beforeId,
  );
  return id;
}
