// Draws the yearlines layers of the layer list with deck.gl, interleaved with MapLibre (issue 25
// item 2; @deck.gl/maplibre's MapLibreOverlay: @deck.gl/mapbox's interleaved overlay crashes on
// maplibre-gl 6, DESIGN.md §5). Their data is prepared once per load; the slider year only changes
// filter ranges and the points' colours, so scrubbing asks the server for nothing.
import { useEffect, useMemo, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { layerStore } from '../layerStore.ts';
import { useCompare } from '../compare/compareState.ts';
import { prepareYearlines } from '../../layers/yearlines/draw.ts';
import { yearlinesHitsAt } from '../../layers/yearlines/hits.ts';
import { setOverlayHitTest } from '../layers/overlayHits.ts';

/** The overlay on the map and the function that makes the deck.gl layers, once both are loaded. */
interface Deck {
  overlay: MapLibreOverlay;
  layersFor: typeof import('../../layers/yearlines/deckLayers.ts').yearlinesDeckLayers;
}

export function TimelineOverlay({ map }: { map: MapLibreMap | null }) {
  const { legends } = useConfig();
  const layers = useStore(layerStore, (s) => s.layers);
  const year = Number(useCompare().context.year);
  const [deck, setDeck] = useState<Deck | null>(null);
  const prepared = useMemo(() => layers.filter((l) => l.type === 'yearlines' && l.visible && l.geoJson).map((l) => prepareYearlines(l, legends)), [layers, legends]);
  const wanted = prepared.length > 0;

  // deck.gl (~180 KB gzip) is loaded the first time a yearlines layer is shown, not with the page.
  useEffect(() => {
    if (!map || !wanted || deck) return;
    let cancelled = false;
    void Promise.all([import('@deck.gl/maplibre'), import('../../layers/yearlines/deckLayers.ts')]).then(([{ MapLibreOverlay }, { yearlinesDeckLayers }]) => {
      if (cancelled) return;
      const overlay = new MapLibreOverlay({ interleaved: true, layers: [] });
      map.addControl(overlay);
      setDeck({ overlay, layersFor: yearlinesDeckLayers });
    });
    return () => {
      cancelled = true;
    };
  }, [map, wanted, deck]);

  // A new map (or leaving the page) takes the overlay off the old one.
  useEffect(() => {
    if (!deck || !map) return;
    return () => {
      map.removeControl(deck.overlay);
      setDeck(null);
    };
  }, [map, deck]);

  useEffect(() => {
    if (!deck) return;
    deck.overlay.setProps({ layers: prepared.flatMap((p) => deck.layersFor(p, year)) });
    // The year drawn (browser tests wait for it), once deck.gl draws.
    map?.getContainer().parentElement?.setAttribute('data-timeline-year', wanted ? String(year) : '');
  }, [map, deck, prepared, year, wanted]);

  // A click's feature information (the drawer): what is drawn for the year under the click.
  useEffect(() => {
    for (const p of prepared)
      setOverlayHitTest(p.id, (m, lngLat, radiusPx) => {
        const at = m.project(lngLat);
        const radius = Math.abs(m.unproject([at.x, at.y + radiusPx]).lat - lngLat.lat);
        return yearlinesHitsAt(p, year, [lngLat.lng, lngLat.lat], radius);
      });
    return () => prepared.forEach((p) => setOverlayHitTest(p.id, null));
  }, [prepared, year]);
  return null;
}
