// Layers drawn by an overlay (deck.gl) rather than by MapLibre style layers cannot be queried from
// the map: the overlay registers, per layer id, how to find the features drawn under a click, and
// the drawer asks it like it asks MapLibre (drawnFeatures.ts).
import type { Map as MapLibreMap } from 'maplibre-gl';

type OverlayHitTest = (map: MapLibreMap, lngLat: { lng: number; lat: number }, radiusPx: number) => Array<{ id: string; properties: Record<string, unknown> }>;

const tests = new Map<string, OverlayHitTest>();

/** Sets (or with null, removes) the hit test of an overlay-drawn layer. */
export function setOverlayHitTest(layerId: string, test: OverlayHitTest | null): void {
  if (test) tests.set(layerId, test);
  else tests.delete(layerId);
}

export function overlayHitTest(layerId: string): OverlayHitTest | undefined {
  return tests.get(layerId);
}
