// Keeps the map's style layers equal to the layer store: visible layers drawn by their type's
// drawer (src/layers/drawers.ts) in zIndex order, rebuilt when their signature changes, removed
// when gone (SPEC.md §4); and the popups of the types that answer a click with one.
import { useEffect } from 'react';
import { useStore } from '../state/store.ts';
import { useConfig } from '../state/config.tsx';
import { layerStore } from './layerStore.ts';
import { mapStore } from './mapStore.ts';
import { drawOrder } from './layers/order.ts';
import { forgetDrawn, syncLayers } from './layers/sync.ts';
import { usePopups } from './layers/popups.ts';

export function MapLayers() {
  const { legends } = useConfig();
  const map = useStore(mapStore, (s) => s.map);
  const layers = useStore(layerStore, (s) => s.layers);

  useEffect(() => {
    if (!map) return;
    const sync = () => syncLayers(map, drawOrder(layers), legends);
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
      forgetDrawn(map);
      sync();
    };
    map.on('style.load', onStyle);
    return () => {
      map.off('style.load', onStyle);
    };
  }, [map, layers, legends]);

  usePopups(map, layers);
  return null;
}
