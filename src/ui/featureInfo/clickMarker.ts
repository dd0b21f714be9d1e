// The click feedback of SPEC.md §4 Map click: a small red rectangle (the "click box about 1 m" of
// §9, drawn at least a few pixels wide so it can be seen at any zoom) and a marker, removed after
// app.delays.infoMarkerMs (5 s). A new click replaces the previous one.
// MapLibre's Marker is imported on the first click, not statically: the shell's JS must not hold
// MapLibre (issue 13); by the time of a click the lazily loaded map view has loaded it already.
import type { GeoJSONSource, Map as MapLibreMap, Marker } from 'maplibre-gl';

const SOURCE = 'feature-info-click';
const FILL = 'feature-info-click-fill';
const LINE = 'feature-info-click-line';
const RED = '#FF0000';
/** Half the box side on screen, at least (px). */
const MIN_HALF_PX = 5;
/** Half the box side on the ground (m): SPEC.md §9 "click box about 1 m". */
const HALF_METRES = 0.5;
const METRES_PER_DEGREE = 111_320;
/** MapLibre's own offset of its default pin (anchor centre), which puts the tip on the point. */
const DEFAULT_PIN_OFFSET_PX = 14;

/** [west, south, east, north] of the click box: 1 m on the ground, or `minHalfPx` each side on screen if that is larger. */
function clickBox(lngLat: { lng: number; lat: number }, degreesPerPixel: { x: number; y: number }, minHalfPx = MIN_HALF_PX): [number, number, number, number] {
  const dLat = Math.max(HALF_METRES / METRES_PER_DEGREE, degreesPerPixel.y * minHalfPx);
  const dLng = Math.max(HALF_METRES / (METRES_PER_DEGREE * Math.max(Math.cos((lngLat.lat * Math.PI) / 180), 1e-6)), degreesPerPixel.x * minHalfPx);
  return [lngLat.lng - dLng, lngLat.lat - dLat, lngLat.lng + dLng, lngLat.lat + dLat];
}

let current: { map: MapLibreMap; marker: Marker | null; timer: ReturnType<typeof setTimeout> } | null = null;

function boxFeature([w, s, e, n]: [number, number, number, number]): GeoJSON.Feature<GeoJSON.Polygon> {
  return { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[w, s], [e, s], [e, n], [w, n], [w, s]]] } };
}

/** Removes the rectangle and marker now. */
export function clearClickMarker(): void {
  if (!current) return;
  const { map, marker, timer } = current;
  current = null;
  clearTimeout(timer);
  marker?.remove();
  try {
    if (map.getLayer(LINE)) map.removeLayer(LINE);
    if (map.getLayer(FILL)) map.removeLayer(FILL);
    if (map.getSource(SOURCE)) map.removeSource(SOURCE);
  } catch {
    // The map was removed or its style replaced: nothing left to clear.
  }
}

/** Draws the rectangle and marker at `lngLat` for `durationMs`. */
export function showClickMarker(map: MapLibreMap, lngLat: { lng: number; lat: number }, durationMs: number): void {
  clearClickMarker();
  const point = map.project([lngLat.lng, lngLat.lat]);
  const a = map.unproject([point.x - 1, point.y + 1]);
  const b = map.unproject([point.x + 1, point.y - 1]);
  const box = clickBox(lngLat, { x: Math.abs(b.lng - a.lng) / 2, y: Math.abs(b.lat - a.lat) / 2 });
  try {
    map.addSource(SOURCE, { type: 'geojson', data: boxFeature(box) });
    map.addLayer({ id: FILL, type: 'fill', source: SOURCE, paint: { 'fill-color': RED, 'fill-opacity': 0.35 } });
    map.addLayer({ id: LINE, type: 'line', source: SOURCE, paint: { 'line-color': RED, 'line-width': 2 } });
  } catch {
    // Style still loading (or a leftover source): update the data if the source is there.
    (map.getSource(SOURCE) as GeoJSONSource | undefined)?.setData(boxFeature(box));
  }
  // The pin's tip rests on the top edge of the box, so that the box stays in sight.
  const halfPx = Math.max(MIN_HALF_PX, Math.abs(map.project([lngLat.lng, box[3]]).y - point.y));
  // MapLibre's default pin is centred with offset [0, -14] to put its tip on the point; lift it by the box's half height more.
  const shown: NonNullable<typeof current> = { map, marker: null, timer: setTimeout(clearClickMarker, durationMs) };
  current = shown;
  void import('maplibre-gl').then(({ Marker }) => {
    if (current !== shown) return; // cleared or replaced meanwhile
    const marker = new Marker({ color: RED, anchor: 'center', offset: [0, -(DEFAULT_PIN_OFFSET_PX + Math.round(halfPx))] }).setLngLat([lngLat.lng, lngLat.lat]).addTo(map);
    marker.getElement().dataset.testid = 'feature-info-marker';
    shown.marker = marker;
  });
}
