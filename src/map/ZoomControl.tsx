// Custom zoom control (SPEC.md §2): zoom in, back to the initial view, zoom out, Thai tooltips.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { th } from '../locale/th.ts';
import type { LonLat } from '../engine/types.ts';

export function ZoomControl({ map, center, zoom }: { map: MapLibreMap | null; center: LonLat; zoom: number }) {
  return (
    <div className="map-control zoom-control" role="group" aria-label={th.map}>
      <button type="button" title={th.zoomIn} aria-label={th.zoomIn} onClick={() => map?.zoomIn()}>
        <span aria-hidden>+</span>
      </button>
      <button type="button" title={th.zoomReset} aria-label={th.zoomReset} onClick={() => map?.flyTo({ center, zoom })}>
        <svg aria-hidden width="16" height="16" viewBox="0 0 16 16"><path d="M8 1.5 1.5 7H3v7h4v-4h2v4h4V7h1.5z" fill="currentColor" /></svg>
      </button>
      <button type="button" title={th.zoomOut} aria-label={th.zoomOut} onClick={() => map?.zoomOut()}>
        <span aria-hidden>−</span>
      </button>
    </div>
  );
}
