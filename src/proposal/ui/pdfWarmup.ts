// What the proposal PDF needs besides the answers, made before 'สร้างรายงาน' is pressed (issue 29
// aim 6): the PDF code with its fonts set up in pdfmake, and the location minimap of the start
// point (SPEC.md §9). The wizard starts both when its last step shows; the build then takes what is
// ready and pays only for the layout (it was ~4x that: chunk, style, land, minimap, fonts in turn).
import type { AppConfig } from '../../engine/types.ts';
import { basemapStyle } from '../../map/basemapStyle.ts';
import type { LatLng } from './geo.ts';
import { captureMinimap } from './map/capture.ts';

type PdfModule = typeof import('../pdf/index.ts');

let pdfModule: Promise<PdfModule> | undefined;

/** The PDF module once its fonts are loaded and pdfmake is set up (made once; again after a failure). */
export function preparedPdfModule(): Promise<PdfModule> {
  pdfModule ??= import('../pdf/index.ts').then(async (m) => {
    await m.prepareProposalPdf();
    return m;
  });
  pdfModule.catch(() => {
    pdfModule = undefined;
  });
  return pdfModule;
}

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
