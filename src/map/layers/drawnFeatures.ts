// Feature information of layers drawn from GeoJSON (WFS, GeoJSON): the features under a clicked
// point, read from what the map drew (no request), topmost first.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { definitionOf } from '../../layers/definitions.ts';
import type { MapLayer } from '../layerStore.ts';
import { styleLayersOf } from './sync.ts';
import { overlayHitTest } from './overlayHits.ts';

export interface DrawnHit { layer: MapLayer; id: string | number | undefined; properties: Record<string, unknown> }

/** The pixel box around a click that counts as a hit (SPEC.md §9: a click box of about 1 m is
 *  meant for WMS; drawn lines need a few pixels to be clickable at all). */
const HIT_PX = 3;

export function drawnFeaturesAt(map: MapLibreMap, layers: readonly MapLayer[], lngLat: { lng: number; lat: number }, page: string): DrawnHit[] {
  const drawn = layers.filter((l) => l.visible && (!l.page || l.page === page) && definitionOf(l.type).featureInfo === 'drawn');
  const overlaid: DrawnHit[] = drawn.flatMap((layer) => (overlayHitTest(layer.id)?.(map, lngLat, HIT_PX * 2) ?? []).map((hit) => ({ layer, ...hit })));
  const ids = drawn.flatMap((l) => styleLayersOf(map, l.id)).filter((id) => map.getLayer(id));
  if (ids.length === 0) return overlaid;
  const p = map.project(lngLat);
  const hits = map.queryRenderedFeatures([[p.x - HIT_PX, p.y - HIT_PX], [p.x + HIT_PX, p.y + HIT_PX]], { layers: ids });
  const seen = new Set<string>();
  return overlaid.concat(hits.flatMap((f): DrawnHit[] => {
    const layer = drawn.find((l) => l.id === f.source);
    const key = `${f.source}#${String(f.id ?? JSON.stringify(f.properties))}`;
    if (!layer || seen.has(key)) return [];
    seen.add(key);
    return [{ layer, id: f.id, properties: (f.properties ?? {}) as Record<string, unknown> }];
  }));
}
