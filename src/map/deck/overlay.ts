// deck.gl layers interleaved in MapLibre's stack through @deck.gl/maplibre (DESIGN.md §5: the
// @deck.gl/mapbox overlay crashes on maplibre-gl 6). Loaded lazily: only pages that draw
// vector results (erosion / accretion GeoJSON, measure, GPS) pay for deck.gl.
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { GeoJsonLayer } from '@deck.gl/layers';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapLayer } from '../layerStore.ts';

export interface DeckOverlay {
  setLayers(layers: ReadonlyArray<{ layer: MapLayer; beforeId?: string }>): void;
  remove(): void;
}

function rgba(hex: string | undefined, alpha: number): [number, number, number, number] {
  const h = (hex ?? '#3388ff').replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16), Math.round(alpha * 255)];
}

export function createDeckOverlay(map: MapLibreMap): DeckOverlay {
  const overlay = new MapLibreOverlay({ interleaved: true, layers: [] });
  map.addControl(overlay);
  return {
    setLayers(entries) {
      // Bottom first: deck draws later layers on top within the same beforeId.
      const layers = [...entries].reverse().map(
        ({ layer, beforeId }) =>
          new GeoJsonLayer({
            id: layer.id,
            data: layer.geoJson ?? { type: 'FeatureCollection', features: [] },
            ...(beforeId ? { beforeId } : {}),
            filled: true,
            stroked: true,
            getFillColor: rgba(layer.color, 0.55 * (layer.opacity ?? 1)),
            getLineColor: rgba(layer.color, layer.opacity ?? 1),
            lineWidthMinPixels: 1.5,
            pointRadiusMinPixels: 5,
            pickable: true,
          }),
      );
      overlay.setProps({ layers });
    },
    remove() {
      map.removeControl(overlay);
    },
  };
}
