// The app's own sources and layers (topic layers, satellite imagery, the measure tool) live in the
// map's style, which a base-map change replaces: each draws now and again on every 'style.load'.
import type { Map as MapLibreMap } from 'maplibre-gl';

/** Runs `draw` now and `redraw` (default `draw`) after every new style of `map`; returns the
 *  unsubscribe. A style still loading refuses sources (addSource throws): its 'style.load' draws. */
export function drawOnEachStyle(map: MapLibreMap, draw: () => void, redraw: () => void = draw): () => void {
  try {
    draw();
  } catch {
    // the style is still loading
  }
  map.on('style.load', redraw);
  return () => {
    map.off('style.load', redraw);
  };
}
