// GPS toggle (SPEC.md §2 Map tools, §4 GPS, §8 GPS error, §9 GPS constants): top left, title
// 'Toggle GPS'. While active a red circle marker (radius 5) shows the position from its first fix,
// with a popup listing ตำแหน่ง and ความแม่นยำ (metres), and the map pans to it; it goes on stop. gps:* events are fired on
// the map; an unsupported browser gets an alert, a failure a Thai toast saying why.
import { useEffect, useRef, useState } from 'react';
import { Event as MapEvent, Marker, Popup, type Map as MapLibreMap } from 'maplibre-gl';
import { GEOLOCATION_UNSUPPORTED, GPS_MARKER_RADIUS, gpsMachine } from '../../machines/gps.ts';
import { formatCoordDecimal, formatThaiNumber } from '../../engine/units.ts';
import { useTraceableActor } from '../../machines/useTraceableActor.ts';
import { th } from '../../locale/th.ts';
import { toast } from '../../state/toast.ts';
import './tools.css';

function fire(map: MapLibreMap | null, type: string, data: object = {}) {
  map?.fire(new MapEvent(type, data) as never);
}

function popupContent(lat: number, lng: number, accuracy: number): HTMLElement {
  const root = document.createElement('div');
  root.className = 'gps-popup';
  for (const [label, value] of [
    [th.gps.position, formatCoordDecimal(lat, lng)],
    [th.gps.accuracy, `${formatThaiNumber(accuracy)} ${th.gps.metres}`],
  ] as const) {
    const p = document.createElement('p');
    const b = document.createElement('strong');
    b.textContent = `${label}: `;
    p.append(b, value);
    root.append(p);
  }
  return root;
}

export function GpsControl({ map }: { map: MapLibreMap | null }) {
  const mapRef = useRef(map);
  mapRef.current = map;
  const [machine] = useState(() =>
    gpsMachine.provide({
      actions: {
        started: () => fire(mapRef.current, 'gps:started'),
        stopped: () => fire(mapRef.current, 'gps:stopped'),
        located: (_, { fix }) => fire(mapRef.current, 'gps:location', { location: fix }),
        failed: (_, { message }) => {
          console.warn(`GPS: ${message}`);
          // The visitor learns why (denied, unavailable, timed out) and what to do (issue 24).
          toast.error(message);
          fire(mapRef.current, 'gps:error', { message });
        },
      },
    }),
  );
  const [snapshot, actor] = useTraceableActor(machine, undefined as never);
  const active = snapshot.value === 'active';
  const position = snapshot.context.position;
  const markerRef = useRef<Marker | null>(null);

  useEffect(() => {
    if (!map || !active || !position) {
      markerRef.current?.remove();
      markerRef.current = null;
      return;
    }
    const popup = new Popup({ offset: GPS_MARKER_RADIUS + 4, closeOnClick: false, className: 'gps-popup-container' }).setDOMContent(
      popupContent(position.lat, position.lng, position.accuracy),
    );
    if (!markerRef.current) {
      const el = document.createElement('div');
      el.className = 'gps-marker';
      el.style.width = el.style.height = `${GPS_MARKER_RADIUS * 2}px`;
      markerRef.current = new Marker({ element: el }).setLngLat([position.lng, position.lat]).setPopup(popup).addTo(map);
      markerRef.current.togglePopup();
      // The first fix brings the position into view (issue 11); later fixes only move the marker.
      map.panTo([position.lng, position.lat]);
    } else {
      const wasOpen = markerRef.current.getPopup()?.isOpen() ?? false;
      markerRef.current.setLngLat([position.lng, position.lat]).setPopup(popup);
      if (wasOpen) markerRef.current.togglePopup();
    }
  }, [map, active, position]);

  useEffect(() => () => void markerRef.current?.remove(), []);

  const toggle = () => {
    if (!active && !('geolocation' in navigator)) {
      window.alert(GEOLOCATION_UNSUPPORTED);
      return;
    }
    actor.send({ type: 'TOGGLE' });
  };
  return (
    <div className="map-control gps-control">
      <button type="button" title={th.gps.toggle} aria-label={th.gps.toggle} aria-pressed={active} className={active ? 'active' : undefined} onClick={toggle}>
        <svg aria-hidden width="18" height="18" viewBox="0 0 18 18">
          <circle cx="9" cy="9" r="4" fill="currentColor" />
          <path d="M9 0v4M9 14v4M0 9h4M14 9h4" stroke="currentColor" strokeWidth="2" />
          <circle cx="9" cy="9" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
    </div>
  );
}
