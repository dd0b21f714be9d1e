// Map captures for the proposal (SPEC.md §2 'ใช้ภาพนี้', §9 minimap 80x80 at zoom 3; DESIGN.md §5:
// the maps are created with preserveDrawingBuffer, otherwise the canvas reads back blank).
import { Map as MapLibreMap, type StyleSpecification } from 'maplibre-gl';
import type { LatLng } from '../geo.ts';
import { POINT_COLORS } from './FormMap.tsx';

/** Draws a fresh frame and waits for the map's next 'idle' (style, tiles and moves done, the frame
 *  drawn), at most `timeoutMs`. */
function whenIdle(map: MapLibreMap, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done() {
      clearTimeout(timer);
      map.off('idle', done);
      resolve();
    }
    map.on('idle', done);
    map.triggerRepaint();
  });
}

/** The map's canvas as a data URL (JPEG keeps the image small enough for local storage). Throws
 *  when the browser gives no image (a lost context or a tainted canvas). */
export async function captureMap(map: MapLibreMap, type: 'image/jpeg' | 'image/png' = 'image/jpeg'): Promise<string> {
  await whenIdle(map);
  const url = map.getCanvas().toDataURL(type, 0.88);
  if (!url.startsWith('data:image/') || url.length < 200) throw new Error('the map canvas gave no image');
  return url;
}

interface MinimapOptions {
  style: StyleSpecification | string;
  center: LatLng;
  /** CSS pixels; the minimap is 80 x 80 (SPEC.md §9). */
  size?: number;
  /** The minimap is drawn at zoom 3 (SPEC.md §9). */
  zoom?: number;
  timeoutMs?: number;
}

/**
 * SPEC.md §9: the 80x80 location minimap at zoom 3 around the start point, for the PDF: an off-screen
 * map with the point drawn as a layer, captured once idle and removed. Resolves to a PNG data URL
 * (at twice the pixels, for print), or undefined when it cannot be made (logged; the PDF has no
 * minimap then).
 */
export async function captureMinimap({ style, center, size = 80, zoom = 3, timeoutMs = 10_000 }: MinimapOptions): Promise<string | undefined> {
  const container = document.createElement('div');
  container.setAttribute('aria-hidden', 'true');
  Object.assign(container.style, { position: 'fixed', left: '-10000px', top: '0', width: `${size}px`, height: `${size}px` });
  document.body.appendChild(container);
  let map: MapLibreMap | undefined;
  try {
    const m = new MapLibreMap({
      container,
      style,
      center: [center.lng, center.lat],
      zoom,
      interactive: false,
      attributionControl: false,
      fadeDuration: 0,
      pixelRatio: 2,
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    map = m;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the minimap did not load in time')), timeoutMs);
      m.once('load', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    m.addSource('minimap-point', { type: 'geojson', data: { type: 'Point', coordinates: [center.lng, center.lat] } });
    m.addLayer({
      id: 'minimap-point',
      type: 'circle',
      source: 'minimap-point',
      paint: { 'circle-radius': 4, 'circle-color': POINT_COLORS.end, 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1.5 },
    });
    await whenIdle(m, timeoutMs);
    return await captureMap(m, 'image/png');
  } catch (error) {
    console.error('proposal: the location minimap could not be made', error);
    return undefined;
  } finally {
    map?.remove();
    container.remove();
  }
}
