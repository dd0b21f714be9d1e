// Draws the chosen satellite year as a WMS raster layer: the lowest overlay, right above the base
// map and below every topic layer (the satellite pane, z-index 220 < 600, SPEC.md §9).
import { useEffect } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { mapStore } from '../mapStore.ts';
import { drawOnEachStyle } from '../eachStyle.ts';
import { layerStore } from '../layerStore.ts';
import { SATELLITE_LAYER_ID, satelliteStore, satelliteTileUrl } from './satellite.ts';
import { comparePageStore, useCompare } from '../compare/compareState.ts';
import { modeOf } from '../../machines/compare.ts';

/** The first style layer that belongs to a topic layer (its id, or `<id>::<part>`), if any. */
function lowestTopicLayer(map: MapLibreMap): string | undefined {
  const ids = layerStore.get().layers.map((l) => l.id);
  const style = map.getStyle();
  return style.layers.find((sl) => sl.id !== SATELLITE_LAYER_ID && ids.some((id) => sl.id === id || sl.id.startsWith(`${id}::`)))?.id;
}

/** Draws (or, with null, removes) the satellite imagery below every topic layer of `map`. */
export function drawSatellite(map: MapLibreMap, tiles: string | null): void {
  if (map.getLayer(SATELLITE_LAYER_ID)) map.removeLayer(SATELLITE_LAYER_ID);
  if (map.getSource(SATELLITE_LAYER_ID)) map.removeSource(SATELLITE_LAYER_ID);
  if (!tiles) return;
  map.addSource(SATELLITE_LAYER_ID, { type: 'raster', tiles: [tiles], tileSize: 256 });
  map.addLayer({ id: SATELLITE_LAYER_ID, type: 'raster', source: SATELLITE_LAYER_ID }, lowestTopicLayer(map));
}

export function SatelliteLayer() {
  const { app } = useConfig();
  const map = useStore(mapStore, (s) => s.map);
  const selected = useStore(satelliteStore, (s) => s.selected);
  // Compare mode (issue 25): the main map shows the left (top) side's satellite year.
  const comparing = modeOf(useCompare()) !== null;
  const leftSatellite = useStore(comparePageStore, (s) => s.left.satellite);
  const tiles = comparing ? leftSatellite : selected ? satelliteTileUrl(app, selected) : null;

  useEffect(() => (map ? drawOnEachStyle(map, () => drawSatellite(map, tiles)) : undefined), [map, tiles]);
  return null;
}
