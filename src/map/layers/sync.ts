// Draws an ordered list of layers on a MapLibre map through their types' drawers and remembers,
// per map, which style layers each layer drew (for ordering, popups and feature info).
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { Legend } from '../../engine/types.ts';
import { drawerOf } from '../../layers/drawers.ts';
import type { MapLayer } from '../layerStore.ts';

interface Drawn { signature: string; styleLayers: string[] }

const drawnByMap = new WeakMap<MapLibreMap, Map<string, Drawn>>();

function drawnOn(map: MapLibreMap): Map<string, Drawn> {
  let drawn = drawnByMap.get(map);
  if (!drawn) drawnByMap.set(map, (drawn = new Map()));
  return drawn;
}

/** The style-layer ids a layer drew on this map ([] when not drawn). */
export function styleLayersOf(map: MapLibreMap, layerId: string): string[] {
  return drawnOn(map).get(layerId)?.styleLayers ?? [];
}

/** Forgets what was drawn (the style was replaced and took our layers with it). */
export function forgetDrawn(map: MapLibreMap): void {
  drawnOn(map).clear();
}

function removeDrawn(map: MapLibreMap, id: string, drawn: Drawn): void {
  for (const styleLayer of drawn.styleLayers) if (map.getLayer(styleLayer)) map.removeLayer(styleLayer);
  if (map.getSource(id)) map.removeSource(id);
}

/** Makes the map show exactly `ordered` (top first): removes, redraws and re-stacks. */
export function syncLayers(map: MapLibreMap, ordered: readonly MapLayer[], legends: readonly Legend[]): void {
  const drawn = drawnOn(map);
  for (const [id, d] of [...drawn]) {
    const keep = ordered.find((l) => l.id === id);
    if (!keep || drawerOf(keep.type)?.signature(keep) !== d.signature) {
      removeDrawn(map, id, d);
      drawn.delete(id);
    }
  }
  // Top first: each next layer goes below the lowest style layer drawn so far.
  let below: string | undefined;
  for (const layer of ordered) {
    const drawer = drawerOf(layer.type);
    if (!drawer) continue;
    const beforeId = below && map.getLayer(below) ? below : undefined;
    let d = drawn.get(layer.id);
    if (!d) {
      d = { signature: drawer.signature(layer), styleLayers: drawer.add(map, layer, { legends, ...(beforeId ? { beforeId } : {}) }) };
      drawn.set(layer.id, d);
    } else {
      for (const styleLayer of d.styleLayers) if (map.getLayer(styleLayer)) map.moveLayer(styleLayer, beforeId);
    }
    if (d.styleLayers[0]) below = d.styleLayers[0];
  }
}
