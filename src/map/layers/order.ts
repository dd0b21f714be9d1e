// One ordering rule for every layer, whatever draws it (SPEC.md §4): higher zIndex on top.
import type { MapLayer } from '../layerStore.ts';

/** Visible, listed layers, top first. */
export function drawOrder(layers: readonly MapLayer[]): MapLayer[] {
  return layers.filter((l) => l.visible && !l.groupId).sort((a, b) => b.zIndex - a.zIndex);
}

/**
 * For a layer drawn by deck.gl inside the MapLibre layer stack, the MapLibre layer it must sit
 * below: the nearest MapLibre-drawn layer above it, or undefined for the top.
 */
export function deckBeforeId(ordered: readonly MapLayer[], index: number, isMapLibre: (l: MapLayer) => boolean): string | undefined {
  for (let i = index - 1; i >= 0; i--) {
    const above = ordered[i];
    if (above && isMapLibre(above)) return above.id;
  }
  return undefined;
}
