/**
 * The report PDF (lazy in the browser: import('…/report/pdf/index.ts') when 'ดาวน์โหลด PDF' is
 * pressed): reportDefinition + the shared Thai PDF pipeline (src/pdf/render.ts).
 */
import { isNode, setBrowserFontLoader } from '../../pdf/fonts.ts';
import { ensurePdfSetup, renderPdf } from '../../pdf/render.ts';
import { reportDefinition, type ReportPdfInput } from './pdfmakeDocument.ts';

if (!isNode()) setBrowserFontLoader(() => import('../../pdf/fonts.browser.ts').then((m) => m.loadSarabunFonts()));

export type { ReportPdfInput } from './pdfmakeDocument.ts';

/** Loads the fonts and sets pdfmake up ahead of the first PDF (the export dialog calls it when it
 *  opens, so that pressing 'ดาวน์โหลด PDF' pays only for the layout). */
export function prepareReportPdf(): Promise<void> {
  return ensurePdfSetup();
}

export function buildReportPdf(input: ReportPdfInput): Promise<Uint8Array> {
  return renderPdf(reportDefinition(input));
}
