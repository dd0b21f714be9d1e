// The layer registry: layer type name -> how it is drawn (DESIGN.md §5). One file per type.
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { LayerType } from '../../engine/types.ts';
import type { MapLayer } from '../layerStore.ts';
import { wmsRenderer } from './wms.ts';

export interface LayerRenderer {
  /** Adds the layer's source and style layers below `beforeId` (or on top). */
  add(map: MapLibreMap, layer: MapLayer, beforeId?: string): void;
  /** What, when it changes, requires the layer to be rebuilt (e.g. its tile URL). */
  signature(layer: MapLayer): string;
}

export const layerRenderers: Partial<Record<LayerType, LayerRenderer>> = {
  wms: wmsRenderer,
};
