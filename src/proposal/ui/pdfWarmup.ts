// What the proposal PDF needs besides the answers, made before 'สร้างรายงาน' is pressed (issue 29
// aim 6): the PDF worker with its fonts set up in pdfmake (pdfWorker.ts), and the location minimap
// of the start point (SPEC.md §9). The wizard starts both when its last step shows; the build then
// takes what is ready and pays only for the layout (pdfAhead.ts makes even that ahead).
import type { AppConfig } from '../../engine/types.ts';
import { basemapStyle } from '../../map/basemapStyle.ts';
import type { LatLng } from './geo.ts';
import { captureMinimap } from './map/capture.ts';

let minimap: { key: string; image: Promise<string | undefined> } | undefined;

/** The minimap around `start` on the offline base map: the one already made when the point is the same. */
export function minimapFor(app: AppConfig, start: LatLng | null): Promise<string | undefined> {
  const offline = app.basemaps.find((b) => b.offline);
  if (!start || !offline) return Promise.resolve(undefined);
  const key = `${offline.id} ${start.lat} ${start.lng}`;
  if (minimap?.key !== key) {
    const image = captureMinimap({ style: basemapStyle(offline), center: start }).then((url) => {
      if (!url && minimap?.key === key) minimap = undefined; // not kept: the next build tries again
      return url;
    });
    minimap = { key, image };
  }
  return minimap.image;
}
