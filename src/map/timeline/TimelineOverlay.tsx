// Draws the layers of the layer list whose type the year slider plays (their drawer's `timeline`:
// yearlines) with deck.gl over MapLibre (issue 25 item 2; @deck.gl/maplibre's MapLibreOverlay).
// Their data is prepared once per load; the slider year only switches the years' layers and the
// points' colours, so scrubbing asks the server for nothing. deck.gl draws in a canvas of its own
// over the map's, not interleaved into it: a step of the slider then draws only deck.gl's few
// layers, not the base map and its WMS rasters again (under SwiftShader the base map is most of a
// frame, issue 25 measures). The canvas's container is in the map's top-left control corner,
// which map.css keeps under compare mode's second map.
import { useEffect, useMemo, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { MapLibreOverlay } from '@deck.gl/maplibre';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { layerStore, type MapLayer } from '../layerStore.ts';
import { useCompare } from '../compare/compareState.ts';
import { drawerOf } from '../../layers/drawers.ts';
import type { LayerDrawer, TimelineLayers } from '../../layers/draw/types.ts';
import { setOverlayHitTest } from '../layers/overlayHits.ts';

type Timeline = NonNullable<LayerDrawer['timeline']>;

/** The map's zoom level (the integer below its zoom), which says how much detail deck.gl draws. */
function useZoomLevel(map: MapLibreMap | null): number {
  const [level, setLevel] = useState(() => Math.floor(map?.getZoom() ?? 0));
  useEffect(() => {
    if (!map) return;
    const update = () => setLevel(Math.floor(map.getZoom()));
    update();
    map.on('zoom', update);
    return () => {
      map.off('zoom', update);
    };
  }, [map]);
  return level;
}

/** The deck.gl layers per year of the layers drawn, once made (`of`: the list they were made for). */
interface Made {
  of: ReadonlyArray<unknown>;
  layers: TimelineLayers[];
}

export function TimelineOverlay({ map }: { map: MapLibreMap | null }) {
  const { legends } = useConfig();
  const layers = useStore(layerStore, (s) => s.layers);
  const year = Number(useCompare().context.year);
  const level = useZoomLevel(map);
  const [overlay, setOverlay] = useState<MapLibreOverlay | null>(null);
  // The shown layers whose type the slider draws (its drawer's `timeline`), with their data.
  const drawn = useMemo(
    () => layers.flatMap((layer): Array<{ layer: MapLayer; timeline: Timeline }> => {
      const timeline = layer.visible && layer.geoJson ? drawerOf(layer.type)?.timeline : undefined;
      return timeline ? [{ layer, timeline }] : [];
    }),
    [layers],
  );
  const wanted = drawn.length > 0;
  const [made, setMade] = useState<Made | null>(null);

  // deck.gl (~180 KB gzip) is loaded the first time such a layer is shown, not with the page.
  useEffect(() => {
    if (!map || !wanted || overlay) return;
    let cancelled = false;
    void import('@deck.gl/maplibre').then(({ MapLibreOverlay }) => {
      if (cancelled) return;
      const created = new MapLibreOverlay({ interleaved: false, layers: [] });
      map.addControl(created);
      setOverlay(created);
    });
    return () => {
      cancelled = true;
    };
  }, [map, wanted, overlay]);

  // Each layer's data is prepared once per load; the slider year only picks among them.
  useEffect(() => {
    let cancelled = false;
    void Promise.all(drawn.map(({ layer, timeline }) => timeline(layer, legends))).then((perYear) => {
      if (!cancelled) setMade({ of: drawn, layers: perYear });
    });
    return () => {
      cancelled = true;
    };
  }, [drawn, legends]);

  // The overlay leaves the map with the slider's layers (its empty canvas would still cost the
  // compositor a full-size layer in every frame: the divider dragged slower), a new map or the page.
  useEffect(() => {
    if (!overlay || !map || !wanted) return;
    return () => {
      map.removeControl(overlay);
      map.getContainer().parentElement?.setAttribute('data-timeline-year', '');
      setOverlay(null);
    };
  }, [map, overlay, wanted]);

  useEffect(() => {
    if (!overlay || made?.of !== drawn) return;
    overlay.setProps({ layers: made.layers.flatMap((timeline) => timeline.layersAt(year, level)) });
    // The year drawn (browser tests wait for it), once deck.gl draws.
    map?.getContainer().parentElement?.setAttribute('data-timeline-year', wanted ? String(year) : '');
  }, [map, overlay, made, drawn, year, level, wanted]);

  // A click's feature information (the drawer): what each layer draws for the year under the click.
  useEffect(() => {
    if (made?.of !== drawn) return;
    const ids = drawn.map(({ layer }) => layer.id);
    made.layers.forEach((timeline, i) =>
      setOverlayHitTest(ids[i]!, (m, lngLat, radiusPx) => {
        const at = m.project(lngLat);
        const radius = Math.abs(m.unproject([at.x, at.y + radiusPx]).lat - lngLat.lat);
        return timeline.hitsAt(year, [lngLat.lng, lngLat.lat], radius);
      }),
    );
    return () => ids.forEach((id) => setOverlayHitTest(id, null));
  }, [made, drawn, year]);
  return null;
}
