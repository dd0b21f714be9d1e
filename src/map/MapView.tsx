// The map: MapLibre through react-map-gl, the chosen base map with a fallback to our offline
// base map when a public one cannot be reached, the custom zoom control and fullscreen (of the
// whole map view, so the zoom, measure and GPS controls stay on screen). Loaded lazily by the
// shell (ui/shell/MapLayout.tsx), which also carries its styles (maplibre-gl.css, map.css).
import './worker.ts';
import { useEffect, useMemo, useRef } from 'react';
import * as maplibre from 'maplibre-gl';
import Map, { FullscreenControl, AttributionControl, type MapRef, type ErrorEvent } from 'react-map-gl/maplibre';
import { useConfig } from '../state/config.tsx';
import { useStore } from '../state/store.ts';
import { basemapStyle, BASEMAP_SOURCE } from './basemapStyle.ts';
import { mapStore } from './mapStore.ts';
import { ZoomControl } from './ZoomControl.tsx';
import { MeasureControl } from './tools/MeasureControl.tsx';
import { GpsControl } from './tools/GpsControl.tsx';
import { MapLayers } from './MapLayers.tsx';
import { SatelliteLayer } from './satellite/SatelliteLayer.tsx';
import { toast } from '../state/toast.ts';
import { CompareView } from './compare/CompareView.tsx';
import { TimelineOverlay } from './timeline/TimelineOverlay.tsx';
import { useCompare } from './compare/compareState.ts';
import { modeOf } from '../machines/compare.ts';
import { th } from '../locale/th.ts';

// MapLibre's own control texts, in Thai.
const MAP_UI_TEXT = {
  'FullscreenControl.Enter': th.fullscreen,
  'FullscreenControl.Exit': th.exitFullscreen,
  'AttributionControl.ToggleAttribution': th.attribution,
  'Map.Title': th.map,
};

export interface MapViewProps {
  onMapClick?: (lngLat: { lng: number; lat: number }) => void;
}

const MAP_VIEW_ID = 'map-view';

export function MapView({ onMapClick }: MapViewProps) {
  const { app } = useConfig();
  const ref = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const basemapId = useStore(mapStore, (s) => s.basemap);
  const liveMap = useStore(mapStore, (s) => s.map);
  const basemap = app.basemaps.find((b) => b.id === basemapId) ?? app.basemaps[0];
  const offline = app.basemaps.find((b) => b.offline);
  const style = useMemo(() => (basemap ? basemapStyle(basemap) : undefined), [basemap]);
  const compareMode = modeOf(useCompare());

  // Report the map's state on its container so tests and tools can wait for it.
  const markState = (idle: boolean) => {
    const el = containerRef.current;
    const map = ref.current?.getMap();
    if (!el || !map) return;
    el.dataset.idle = idle ? 'true' : 'false';
    el.dataset.zoom = map.getZoom().toFixed(3);
    const c = map.getCenter();
    el.dataset.center = `${c.lng.toFixed(5)},${c.lat.toFixed(5)}`;
    el.dataset.bounds = map.getBounds().toArray().flat().map((n) => n.toFixed(5)).join(',');
  };

  const onError = (e: ErrorEvent) => {
    const sourceId = (e as ErrorEvent & { sourceId?: string }).sourceId;
    if (sourceId !== BASEMAP_SOURCE || !offline || basemap?.offline || mapStore.get().fellBackFrom) return;
    mapStore.set({ basemap: offline.id, fellBackFrom: basemap?.id ?? null });
    toast.info(th.basemapFallback);
  };

  useEffect(() => () => mapStore.set({ map: null }), []);
  // A new base map style is not drawn yet: the map is busy until its next idle.
  useEffect(() => {
    if (containerRef.current) containerRef.current.dataset.idle = 'false';
  }, [style]);

  if (!style || !basemap) return null;
  return (
    // Keyboard users: with the map focused (Tab reaches its canvas; the arrow keys pan, + and -
    // zoom), Enter is a click at the map's centre (issue 11 item 4: the drawer without a mouse).
    <div
      ref={containerRef}
      id={MAP_VIEW_ID}
      className={`map-view${compareMode ? ` compare-${compareMode}` : ''}`}
      data-testid="map"
      data-idle="false"
      onKeyDown={(e) => {
        const map = ref.current?.getMap();
        if (e.key !== 'Enter' || !map || e.target !== map.getCanvas()) return;
        e.preventDefault();
        onMapClick?.(map.getCenter());
      }}
    >
      <Map
        ref={ref}
        // The module this chunk already holds: without it react-map-gl imports it again and makes
        // the map a task later, after the browser has painted the shell (issue 29 aim 4).
        mapLib={maplibre}
        initialViewState={{ longitude: app.map.center[0], latitude: app.map.center[1], zoom: app.map.zoom }}
        maxZoom={Math.min(app.map.maxZoom, basemap.maxZoom ?? app.map.maxZoom)}
        mapStyle={style}
        attributionControl={false}
        canvasContextAttributes={{ preserveDrawingBuffer: true }}
        locale={MAP_UI_TEXT}
        // Enter on the focused map asks the feature information at its centre (see onKeyDown). Said
        // as soon as the style is there, not at 'load' (after the base map's data): the canvas takes
        // keyboard focus from the start.
        onStyleData={(e) => e.target.getCanvas().setAttribute('aria-keyshortcuts', 'Enter')}
        onLoad={(e) => mapStore.set({ map: e.target })}
        onIdle={() => markState(true)}
        onMoveStart={() => markState(false)}
        onMoveEnd={() => markState(false)}
        onError={onError}
        onClick={(e) => onMapClick?.(e.lngLat)}
        style={{ width: '100%', height: '100%' }}
      >
        <FullscreenControl position="top-right" containerId={MAP_VIEW_ID} />
        <AttributionControl position="bottom-left" compact />
      </Map>
      <ZoomControl map={liveMap} center={app.map.center} zoom={app.map.zoom} />
      <MeasureControl map={liveMap} />
      <GpsControl map={liveMap} />
      <SatelliteLayer />
      <MapLayers />
      <TimelineOverlay map={liveMap} />
      <CompareView main={liveMap} style={style} />
    </div>
  );
}
