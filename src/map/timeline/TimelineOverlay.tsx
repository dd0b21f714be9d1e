// Draws the yearlines layers of the layer list with deck.gl, interleaved with MapLibre (issue 25
// item 2; @deck.gl/maplibre's MapLibreOverlay: @deck.gl/mapbox's interleaved overlay crashes on
// maplibre-gl 6, DESIGN.md §5). Their data is prepared once per load; the slider year only changes
// filter ranges and the points' colours, so scrubbing asks the server for nothing.
import { useEffect, useMemo, useRef } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { layerStore } from '../layerStore.ts';
import { useCompare } from '../compare/compareState.ts';
import { prepareYearlines, yearlinesDeckLayers } from '../../layers/yearlines/draw.ts';

export function TimelineOverlay({ map }: { map: MapLibreMap | null }) {
  const { legends } = useConfig();
  const layers = useStore(layerStore, (s) => s.layers);
  const year = Number(useCompare().context.year);
  const overlay = useRef<MapLibreOverlay | null>(null);
  const prepared = useMemo(() => layers.filter((l) => l.type === 'yearlines' && l.visible && l.geoJson).map((l) => prepareYearlines(l, legends)), [layers, legends]);

  useEffect(() => {
    if (!map) return;
    const o = new MapLibreOverlay({ interleaved: true, layers: [] });
    map.addControl(o);
    overlay.current = o;
    return () => {
      overlay.current = null;
      map.removeControl(o);
    };
  }, [map]);

  useEffect(() => {
    overlay.current?.setProps({ layers: prepared.flatMap((p) => yearlinesDeckLayers(p, year)) });
    map?.getContainer().parentElement?.setAttribute('data-timeline-year', prepared.length > 0 ? String(year) : '');
  }, [map, prepared, year]);
  return null;
}
