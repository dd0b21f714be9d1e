// The mark of the place found (issue 24 item 8): a pin on the place's point, named after it, kept
// until the visitor searches again. MapLibre's Marker is imported when a place is chosen, not
// statically (the shell's JS must not hold MapLibre, issue 13; the map view has loaded it by then).
import type { Map as MapLibreMap, Marker } from 'maplibre-gl';

/** Darker than the sample CCTV red and radar blue pins, so the mark is not taken for a station. */
const PLACE_MARK_COLOR = '#E65100';

let shown: { marker: Marker | null } | null = null;

/** Removes the mark (a new search, or a newer place). */
export function clearPlaceMark(): void {
  shown?.marker?.remove();
  shown = null;
}

/** Pins `point` on `map`, titled `name`, replacing the previous mark. */
export function markPlace(map: MapLibreMap, point: [number, number], name: string): void {
  clearPlaceMark();
  const mark: { marker: Marker | null } = { marker: null };
  shown = mark;
  void import('maplibre-gl').then(({ Marker }) => {
    if (shown !== mark) return; // cleared or replaced meanwhile
    const marker = new Marker({ color: PLACE_MARK_COLOR }).setLngLat(point).addTo(map);
    const element = marker.getElement();
    element.dataset.testid = 'place-found-marker';
    element.title = name;
    element.setAttribute('role', 'img');
    element.setAttribute('aria-label', name);
    mark.marker = marker;
  });
}
