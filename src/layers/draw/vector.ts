// Vector drawing shared by every type that carries GeoJSON (WFS, GeoJSON, shapes, stations): one
// GeoJSON source per layer and one style layer per geometry kind (fill, outline, line, and
// circle, or the legend's symbols for points: pointSymbols.ts), coloured from the legend
// (legendStyle.ts). MapLibre draws them in its own stack, so one ordering
// rule holds for tiles and vectors alike (SPEC.md §4).
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapLayer } from '../types.ts';
import { colorExpression } from './legendStyle.ts';
import { addPointSymbols, iconSizeForRadius } from './pointSymbols.ts';
import type { DrawContext, LayerDrawer } from './types.ts';

const versions = new WeakMap<object, number>();
let nextVersion = 1;

/** A stable number per data object: a new answer redraws, the same one does not. */
function dataVersion(data: object | undefined): number {
  if (!data) return 0;
  let v = versions.get(data);
  if (v === undefined) versions.set(data, (v = nextVersion++));
  return v;
}

export function vectorSignature(layer: MapLayer): string {
  return `${dataVersion(layer.geoJson)}|${layer.color ?? ''}|${layer.legend ?? ''}|${String(layer.legendItem ?? '')}|${layer.opacity ?? 1}`;
}

const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/** Adds the layer's GeoJSON source. */
export function addSource(map: MapLibreMap, layer: MapLayer): void {
  map.addSource(layer.id, { type: 'geojson', data: layer.geoJson ?? EMPTY });
}

export function addVectorLayers(map: MapLibreMap, layer: MapLayer, ctx: DrawContext, options: { circleRadius?: number } = {}): string[] {
  addSource(map, layer);
  const color = colorExpression(layer, ctx.legends) as never;
  const opacity = layer.opacity ?? 1;
  const ids = { fill: `${layer.id}::fill`, outline: `${layer.id}::outline`, line: `${layer.id}::line`, circle: `${layer.id}::circle` };
  const polygon = ['==', ['geometry-type'], 'Polygon'] as never; // also matches MultiPolygon in MapLibre
  const line = ['==', ['geometry-type'], 'LineString'] as never;
  const point = ['==', ['geometry-type'], 'Point'] as never;
  map.addLayer({ id: ids.fill, type: 'fill', source: layer.id, filter: polygon, paint: { 'fill-color': color, 'fill-opacity': 0.55 * opacity } }, ctx.beforeId);
  map.addLayer({ id: ids.outline, type: 'line', source: layer.id, filter: polygon, paint: { 'line-color': color, 'line-width': 1.5, 'line-opacity': opacity } }, ctx.beforeId);
  map.addLayer({ id: ids.line, type: 'line', source: layer.id, filter: line, paint: { 'line-color': color, 'line-width': 2.5, 'line-opacity': opacity } }, ctx.beforeId);
  const radius = options.circleRadius ?? 6;
  const symbols = addPointSymbols(map, layer, ctx, iconSizeForRadius(radius));
  if (symbols) return [ids.fill, ids.outline, ids.line, symbols];
  map.addLayer(
    { id: ids.circle, type: 'circle', source: layer.id, filter: point, paint: { 'circle-color': color, 'circle-radius': radius, 'circle-opacity': opacity, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 } },
    ctx.beforeId,
  );
  return [ids.fill, ids.outline, ids.line, ids.circle];
}

/** The drawer of plain vector types. */
export const vectorDrawer: LayerDrawer = {
  add: (map, layer, ctx) => addVectorLayers(map, layer, ctx),
  signature: vectorSignature,
};
