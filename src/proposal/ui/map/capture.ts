// The proposal's map picture (SPEC.md §2 'ใช้ภาพนี้'; DESIGN.md §5: the map is created with
// preserveDrawingBuffer, otherwise the canvas reads back blank). The minimap is the server's
// (pdfWarmup.ts).
import type { Map as MapLibreMap } from 'maplibre-gl';

/** The longest wait for the map to settle before its picture is taken as it is. */
const IDLE_TIMEOUT_MS = 10_000;

/** Draws a fresh frame and waits for the map's next 'idle' (style, tiles and moves done, the frame
 *  drawn), at most IDLE_TIMEOUT_MS. */
function whenIdle(map: MapLibreMap): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, IDLE_TIMEOUT_MS);
    function done() {
      clearTimeout(timer);
      map.off('idle', done);
      resolve();
    }
    map.on('idle', done);
    map.triggerRepaint();
  });
}

/** The map's canvas as a JPEG data URL (small enough for local storage). Throws when the browser
 *  gives no image (a lost context or a tainted canvas). */
export async function captureMap(map: MapLibreMap): Promise<string> {
  await whenIdle(map);
  const url = map.getCanvas().toDataURL('image/jpeg', 0.88);
  if (!url.startsWith('data:image/') || url.length < 200) throw new Error('the map canvas gave no image');
  return url;
}
