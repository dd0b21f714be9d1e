// Draws the layer-store layers that carry GeoJSON through deck.gl, in the same order as
// everything else. deck.gl is imported only when the first such layer appears.
import { useEffect, useRef } from 'react';
import { useStore } from '../../state/store.ts';
import { layerStore, type MapLayer } from '../layerStore.ts';
import { mapStore } from '../mapStore.ts';
import { deckBeforeId, drawOrder } from '../layers/order.ts';
import { layerRenderers } from '../layers/registry.ts';
import type { DeckOverlay } from './overlay.ts';

const drawnByDeck = (l: MapLayer) => !!l.geoJson && !layerRenderers[l.type];

export function DeckLayers() {
  const map = useStore(mapStore, (s) => s.map);
  const layers = useStore(layerStore, (s) => s.layers);
  const overlay = useRef<Promise<DeckOverlay> | null>(null);

  useEffect(() => {
    if (!map) return;
    const ordered = drawOrder(layers);
    const entries = ordered.flatMap((layer, i) => (drawnByDeck(layer) ? [{ layer, beforeId: deckBeforeId(ordered, i, (l) => !!layerRenderers[l.type]) }] : []));
    if (entries.length === 0 && !overlay.current) return;
    overlay.current ??= import('./overlay.ts').then((m) => m.createDeckOverlay(map));
    void overlay.current.then((o) => o.setLayers(entries));
  }, [map, layers]);

  useEffect(
    () => () => {
      void overlay.current?.then((o) => o.remove());
      overlay.current = null;
    },
    [map],
  );
  return null;
}
