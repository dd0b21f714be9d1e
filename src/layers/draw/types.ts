// How a layer type draws (the browser half of a layer module): MapLibre sources and style layers.
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Legend } from '../../engine/types.ts';
import type { MapLayer } from '../types.ts';

export interface DrawContext {
  legends: readonly Legend[];
  /** The style layer to insert below (the next layer up), or undefined for the top. */
  beforeId?: string;
}

export interface LayerDrawer {
  /** Adds the layer's source and style layers; returns the style-layer ids, bottom first. */
  add(map: MapLibreMap, layer: MapLayer, ctx: DrawContext): string[];
  /** What, when it changes, requires the layer to be drawn again (its URL, its data). */
  signature(layer: MapLayer): string;
  /** A popup's content for a clicked feature of this layer (types whose featureInfo is 'popup'). */
  popup?(properties: Readonly<Record<string, unknown>>, layer: MapLayer): HTMLElement;
}
