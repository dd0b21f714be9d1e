// Popups of layer types whose feature information is a popup (coastalradar, cctv): a click on one
// of their features opens the type's popup there and claims the click, so the feature drawer
// does not open for it, and the chosen point is published for the page's list of them.
import { useEffect } from 'react';
import { Popup, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import { drawerOf } from '../../layers/drawers.ts';
import { claimMapClicks } from '../../state/mapClick.ts';
import { choosePoint } from '../../state/chosenPoint.ts';
import type { MapLayer } from '../layerStore.ts';
import { styleLayersOf } from './sync.ts';

/** The topmost clicked feature of a popup layer, with its layer. */
function popupHit(map: MapLibreMap, layers: readonly MapLayer[], point: MapMouseEvent['point']): { layer: MapLayer; properties: Record<string, unknown>; lngLat: [number, number] } | null {
  const withPopup = layers.filter((l) => l.visible && drawerOf(l.type)?.popup);
  const ids = withPopup.flatMap((l) => styleLayersOf(map, l.id)).filter((id) => map.getLayer(id));
  if (ids.length === 0) return null;
  const [hit] = map.queryRenderedFeatures(point, { layers: ids });
  if (!hit) return null;
  const layer = withPopup.find((l) => l.id === hit.source);
  const geometry = hit.geometry;
  if (!layer || geometry.type !== 'Point') return null;
  return { layer, properties: (hit.properties ?? {}) as Record<string, unknown>, lngLat: geometry.coordinates as [number, number] };
}

export function usePopups(map: MapLibreMap | null, layers: readonly MapLayer[]): void {
  useEffect(() => {
    if (!map) return;
    let popup: Popup | null = null;
    const release = claimMapClicks('popup', (lngLat) => {
      const hit = popupHit(map, layers, map.project(lngLat));
      if (!hit) return false;
      const content = drawerOf(hit.layer.type)?.popup?.(hit.properties, hit.layer);
      if (!content) return false;
      popup?.remove();
      popup = new Popup({ offset: [0, -28], maxWidth: '280px' }).setLngLat(hit.lngLat).setDOMContent(content).addTo(map);
      // The page's list of these points shows the one chosen (issue 24 item 9).
      choosePoint({ properties: hit.properties, from: 'map' });
      return true;
    });
    return () => {
      release();
      popup?.remove();
    };
  }, [map, layers]);
}
