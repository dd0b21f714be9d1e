// What the proposal PDF needs besides the answers, made before 'สร้างรายงาน' is pressed (issue 29
// aim 6): the PDF worker with its fonts set up in pdfmake (pdfWorker.ts), and the location minimap
// of the start point (SPEC.md §9). The wizard starts both when its last step shows; the build then
// takes what is ready and pays only for the layout (pdfAhead.ts makes even that ahead).
import type { AppConfig, BasemapDef } from '../../engine/types.ts';
import { dataUrl } from '../../pdf/dataUrl.ts';
import type { LatLng } from './geo.ts';
import { POINT_COLORS } from './map/FormMap.tsx';

let minimap: { key: string; image: Promise<string | undefined> } | undefined;

/**
 * The minimap's address: the server of the offline base map draws it beside its style
 * (src/server/basemap/minimap.ts: 80 x 80 at zoom 3, the land in the base map's colours). A picture
 * from the server, not a MapLibre map made and captured here: that took 1-2 s on this step.
 */
function minimapUrl(offline: BasemapDef, start: LatLng): string | null {
  if (typeof offline.style !== 'string') return null;
  const url = new URL('minimap.png', new URL(offline.style, window.location.href));
  url.search = new URLSearchParams({ lon: start.lng.toFixed(6), lat: start.lat.toFixed(6), marker: POINT_COLORS.end.slice(1) }).toString();
  return url.href;
}

/** The PNG at `url` as a data URL, or undefined when it cannot be had (logged; the PDF has no minimap then). */
async function fetchMinimap(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`the server answered ${response.status}`);
    return dataUrl(new Uint8Array(await response.arrayBuffer()), 'image/png');
  } catch (error) {
    console.error('proposal: the location minimap could not be made', error);
    return undefined;
  }
}

/** The minimap around `start` on the offline base map: the one already made when the point is the same. */
export function minimapFor(app: AppConfig, start: LatLng | null): Promise<string | undefined> {
  const offline = app.basemaps.find((b) => b.offline);
  const url = start && offline ? minimapUrl(offline, start) : null;
  if (!url) return Promise.resolve(undefined);
  if (minimap?.key !== url) {
    const image = fetchMinimap(url).then((picture) => {
      if (!picture && minimap?.key === url) minimap = undefined; // not kept: the next build tries again
      return picture;
    });
    minimap = { key: url, image };
  }
  return minimap.image;
}
