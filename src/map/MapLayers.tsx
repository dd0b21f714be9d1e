// Keeps the map's style layers equal to the layer store: visible layers drawn by their type's
// drawer (src/layers/drawers.ts) in zIndex order, rebuilt when their signature changes, removed
// when gone (SPEC.md §4); and the popups of the types that answer a click with one.
import { useEffect } from 'react';
import { useStore } from '../state/store.ts';
import { useConfig } from '../state/config.tsx';
import { layerStore } from './layerStore.ts';
import { mapStore } from './mapStore.ts';
import { drawOnEachStyle } from './eachStyle.ts';
import { drawOrder } from './layers/order.ts';
import { forgetDrawn, syncLayers } from './layers/sync.ts';
import { usePopups } from './layers/popups.ts';
import { comparePageStore, useCompare } from './compare/compareState.ts';
import { modeOf } from '../machines/compare.ts';

export function MapLayers() {
  const { legends } = useConfig();
  const map = useStore(mapStore, (s) => s.map);
  const listed = useStore(layerStore, (s) => s.layers);
  // Compare mode (issue 25): the main map is the left (top) side and shows that side's year.
  const comparing = modeOf(useCompare()) !== null;
  const leftSide = useStore(comparePageStore, (s) => s.left.layers);
  const layers = comparing ? leftSide : listed;

  useEffect(() => {
    if (!map) return;
    const sync = () => syncLayers(map, drawOrder(layers), legends);
    // Not gated on map.isStyleLoaded(): it is false while any source still loads tiles, which would
    // skip a layer added during another layer's loading for good. A new style has none of the
    // layers drawn before: forget them, then draw everything.
    return drawOnEachStyle(map, sync, () => {
      forgetDrawn(map);
      sync();
    });
  }, [map, layers, legends]);

  usePopups(map, layers);
  return null;
}
