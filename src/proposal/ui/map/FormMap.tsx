// The proposal form's map (SPEC.md §2 'เลือกตำแหน่งจากแผนที่', 500 px high): MapLibre through
// react-map-gl on a base map of config/app.yaml (the offline one by default, so it works with no
// internet), with the two project points drawn as map layers, so a capture (DESIGN.md §5: the map
// is created with preserveDrawingBuffer) shows them too.
import '../../../map/worker.ts';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useMemo, useRef, useState } from 'react';
import Map, { AttributionControl, Layer, NavigationControl, ScaleControl, Source, type MapRef } from 'react-map-gl/maplibre';
import type { Map as MapLibreMap, LngLatBoundsLike } from 'maplibre-gl';
import type { BasemapDef } from '../../../engine/types.ts';
import { basemapStyle } from '../../../map/basemapStyle.ts';
import { samePoint, type LatLng } from '../geo.ts';

/** SPEC.md §9: the picker's default centre and zoom. */
const DEFAULT_CENTER: LatLng = { lat: 13.736717, lng: 100.523186 };
const DEFAULT_ZOOM = 11;
const MAP_HEIGHT = 500;
export const POINT_COLORS = { start: '#1a9850', end: '#d73027' } as const;

interface ProjectPoints {
  start: LatLng | null;
  end: LatLng | null;
}

/** The points as GeoJSON: each point, and the straight line between them when both exist. */
function pointsGeoJson({ start, end }: ProjectPoints): GeoJSON.FeatureCollection {
  const point = (p: LatLng, kind: 'start' | 'end'): GeoJSON.Feature => ({
    type: 'Feature',
    properties: { kind },
    geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
  });
  const features: GeoJSON.Feature[] = [];
  if (start && end && !samePoint(start, end)) {
    features.push({ type: 'Feature', properties: { kind: 'line' }, geometry: { type: 'LineString', coordinates: [[start.lng, start.lat], [end.lng, end.lat]] } });
  }
  if (start) features.push(point(start, 'start'));
  if (end) features.push(point(end, 'end'));
  return { type: 'FeatureCollection', features };
}

/** SPEC.md §4: the map fits both points, or pans when they are identical (or only one exists). */
function showPoints(map: MapLibreMap, { start, end }: ProjectPoints, animate = false): void {
  const duration = animate ? 400 : 0;
  if (start && end && !samePoint(start, end)) {
    const bounds: LngLatBoundsLike = [
      [Math.min(start.lng, end.lng), Math.min(start.lat, end.lat)],
      [Math.max(start.lng, end.lng), Math.max(start.lat, end.lat)],
    ];
    map.fitBounds(bounds, { padding: 60, maxZoom: 17, duration });
    return;
  }
  const only = start ?? end;
  if (only) map.easeTo({ center: [only.lng, only.lat], duration });
}

interface FormMapProps {
  basemap: BasemapDef;
  points: ProjectPoints;
  onClick?: (at: LatLng) => void;
  onReady?: (map: MapLibreMap | null) => void;
  label: string;
  height?: number;
}

export function FormMap({ basemap, points, onClick, onReady, label, height = MAP_HEIGHT }: FormMapProps) {
  const ref = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const style = useMemo(() => basemapStyle(basemap), [basemap]);
  const data = useMemo(() => pointsGeoJson(points), [points]);
  // Where the map opens: around the points if there are any, else SPEC.md §9's default.
  const [initial] = useState(() => {
    const only = points.start ?? points.end;
    return only ? { longitude: only.lng, latitude: only.lat, zoom: DEFAULT_ZOOM } : { longitude: DEFAULT_CENTER.lng, latitude: DEFAULT_CENTER.lat, zoom: DEFAULT_ZOOM };
  });

  // Tests and tools wait for data-idle="true" (as on the main map). Read from the event's map:
  // the first 'idle' can come before react-map-gl has set the ref.
  const mark = (map: MapLibreMap, idle: boolean) => {
    const el = containerRef.current;
    if (!el) return;
    el.dataset.idle = idle ? 'true' : 'false';
    el.dataset.zoom = map.getZoom().toFixed(3);
    const c = map.getCenter();
    el.dataset.center = `${c.lat.toFixed(6)},${c.lng.toFixed(6)}`;
  };

  return (
    <div ref={containerRef} className="proposal-map" data-testid="proposal-map" data-idle="false" style={{ height }} role="application" aria-label={label}>
      <Map
        ref={ref}
        initialViewState={initial}
        maxZoom={basemap.maxZoom ?? 20}
        mapStyle={style}
        canvasContextAttributes={{ preserveDrawingBuffer: true }}
        attributionControl={false}
        onLoad={(e) => {
          showPoints(e.target, points);
          onReady?.(e.target);
        }}
        onRemove={() => onReady?.(null)}
        onIdle={(e) => mark(e.target, true)}
        onMoveStart={(e) => mark(e.target, false)}
        onClick={(e) => onClick?.({ lat: e.lngLat.lat, lng: e.lngLat.lng })}
        cursor="crosshair"
        style={{ width: '100%', height: '100%' }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        <ScaleControl position="bottom-right" unit="metric" />
        <AttributionControl position="bottom-left" compact={false} />
        <Source id="proposal-points" type="geojson" data={data}>
          <Layer id="proposal-line" type="line" filter={['==', ['get', 'kind'], 'line']} paint={{ 'line-color': '#0b5394', 'line-width': 3, 'line-dasharray': [2, 1] }} />
          <Layer
            id="proposal-point"
            type="circle"
            filter={['!=', ['get', 'kind'], 'line']}
            paint={{
              'circle-radius': 8,
              'circle-color': ['match', ['get', 'kind'], 'start', POINT_COLORS.start, POINT_COLORS.end],
              'circle-stroke-color': '#ffffff',
              'circle-stroke-width': 2,
            }}
          />
        </Source>
      </Map>
    </div>
  );
}
