// Keeps the map's style layers equal to the layer store: visible layers drawn in zIndex order
// (highest on top), rebuilt when their source changes, removed when gone (SPEC.md §4).
import { useEffect, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useStore } from '../state/store.ts';
import { layerStore, type MapLayer } from './layerStore.ts';
import { mapStore } from './mapStore.ts';
import { layerRenderers } from './layers/registry.ts';
import { drawOrder } from './layers/order.ts';

export function MapLayers() {
  const map = useStore(mapStore, (s) => s.map);
  const layers = useStore(layerStore, (s) => s.layers);
  const drawn = useRef(new Map<string, string>());

  useEffect(() => {
    if (!map) return;
    const sync = () => syncLayers(map, layers, drawn.current);
    // Not map.isStyleLoaded(): it is false while any source still loads tiles, which would skip
    // a layer added during another layer's loading for good. Only a style that is not loaded yet
    // refuses sources (addSource throws); 'style.load' below draws everything then.
    try {
      sync();
    } catch {
      // the style is still loading
    }
    // A base-map change replaces the style and drops our layers: draw them again.
    const onStyle = () => {
      drawn.current.clear();
      sync();
    };
    map.on('style.load', onStyle);
    return () => {
      map.off('style.load', onStyle);
    };
  }, [map, layers]);
  return null;
}

function syncLayers(map: MapLibreMap, layers: readonly MapLayer[], drawn: Map<string, string>): void {
  const wanted = drawOrder(layers).filter((l) => layerRenderers[l.type]);
  for (const [id] of drawn) {
    const keep = wanted.find((l) => l.id === id);
    if (!keep || layerRenderers[keep.type]?.signature(keep) !== drawn.get(id)) {
      if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(id)) map.removeSource(id);
      drawn.delete(id);
    }
  }
  // Highest zIndex first: each next layer goes below the previous one.
  let above: string | undefined;
  for (const layer of wanted) {
    const renderer = layerRenderers[layer.type];
    if (!renderer) continue;
    if (!drawn.has(layer.id)) {
      renderer.add(map, layer, above && map.getLayer(above) ? above : undefined);
      drawn.set(layer.id, renderer.signature(layer));
    } else if (above && map.getLayer(above)) {
      map.moveLayer(layer.id, above);
    }
    above = layer.id;
  }
}
