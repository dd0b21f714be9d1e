// How a layer type draws (the browser half of a layer module): MapLibre sources and style layers.
// `D` is what the type's definition writes in its instances' `draw`; the members are function
// properties (not methods) so that TypeScript checks the pair strictly (drawers.ts).
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Layer as DeckLayer } from '@deck.gl/core';
import type { Legend } from '../../engine/types.ts';
import type { MapLayer } from '../types.ts';

export interface DrawContext {
  legends: readonly Legend[];
  /** The style layer to insert below (the next layer up), or undefined for the top. */
  beforeId?: string;
}

/** A layer the year slider draws, made once per load of its features: its deck.gl layers at a
 *  year and a zoom level (an integer: how much detail is drawn), and the features a click at a year hits within `radius` degrees of latitude of `at`
 *  (deck.gl draws them, so MapLibre cannot query them: the feature drawer asks this). */
export interface TimelineLayers {
  layersAt: (year: number, level: number) => DeckLayer[];
  hitsAt: (year: number, at: readonly [number, number], radius: number) => Array<{ id: string; properties: Record<string, unknown> }>;
}

export interface LayerDrawer<D = unknown> {
  /** Adds the layer's source and style layers; returns the style-layer ids, bottom first. */
  add: (map: MapLibreMap, layer: MapLayer<D>, ctx: DrawContext) => string[];
  /** What, when it changes, requires the layer to be drawn again (its URL, its data). */
  signature: (layer: MapLayer<D>) => string;
  /** A popup's content for a clicked feature of this layer (types whose featureInfo is 'popup'). */
  popup?: (properties: Readonly<Record<string, unknown>>, layer: MapLayer<D>) => HTMLElement;
  /** The history request of a clicked point (the feature drawer's trend chart), for a layer that
   *  keeps one: a function of the point's properties (undefined: the point has no id). */
  trend?: (layer: MapLayer<D>) => ((properties: Readonly<Record<string, unknown>>) => string | undefined) | undefined;
  /** The icon it stands on its points (pixels), which a fit to its features keeps in view. */
  icon?: (layer: Pick<MapLayer<D>, 'draw'>) => { width: number; height: number } | undefined;
  /** Drawn with deck.gl by the year slider (map/timeline), not by `add`: its layers per year.
   *  Loads its deck.gl code the first time, so that deck.gl is not part of a page's first load. */
  timeline?: (layer: MapLayer<D>, legends: readonly Legend[]) => Promise<TimelineLayers>;
}
