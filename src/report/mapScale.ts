// The export report's map as printed (issue 26 item 4): the A4 page it is laid on, the scale of the
// preview map spread across the page's content width, the pixel ratio its picture is taken at, and
// its scale bar and north arrow as the atlas draws them (src/pdf/mapDecorations.ts).
import { unitLabels } from '../engine/units.ts';
import { mapDecorationsSvg, metresPerPixel } from '../pdf/mapDecorations.ts';

/** A4 in PDF points and the report's page margin. */
const A4 = { width: 595.28, height: 841.89 } as const;
export const REPORT_MARGIN = 36;
/** The width the page's content (and the map) takes in the PDF, in points. */
export const REPORT_CONTENT_WIDTH = A4.width - 2 * REPORT_MARGIN;

/** Device pixels per CSS pixel of the preview map, whose canvas is the print picture: its ~703 CSS
 *  px drawn across 523 pt (7.3 in) of paper make ~240 ppi (the screen's 1x made 97). */
export const PRINT_PIXEL_RATIO = 2.5;

/** The printed map's size in points and the ground metres one point of it covers. */
export interface ReportMapScale {
  width: number;
  height: number;
  metresPerPoint: number;
}

/** The preview map (its centre latitude, zoom and CSS size) spread across the content width. */
export function reportMapScale(view: { lat: number; zoom: number; width: number; height: number }): ReportMapScale {
  const pointsPerPixel = REPORT_CONTENT_WIDTH / view.width;
  return { width: REPORT_CONTENT_WIDTH, height: view.height * pointsPerPixel, metresPerPoint: metresPerPixel(view.lat, view.zoom) / pointsPerPixel };
}

/** The scale bar and north arrow of the printed map as SVG, labels in `font`. */
export function reportMapDecorationsSvg(scale: ReportMapScale, font: string): string {
  return mapDecorationsSvg({ ...scale, font, units: unitLabels });
}
