/**
 * The proposal PDF (lazy in the browser: import('…/proposal/pdf/index.ts') from /project/form).
 *
 *   buildProposalPdf(form, data, images?) -> Promise<Uint8Array>
 *
 * `form` is the FormDoc of config/forms/proposal.yaml (bundle.forms[0]); `data` the form data
 * (empty for the blank form); `images.map` / `images.minimap` PNG or JPEG data URLs.
 */
import { isNode, setBrowserFontLoader } from '../../pdf/fonts.ts';

// Browsers: Sarabun comes with the bundle as two hashed assets, fetched on the first PDF.
if (!isNode()) setBrowserFontLoader(() => import('../../pdf/fonts.browser.ts').then((m) => m.loadSarabunFonts()));

/** Loads the fonts and sets pdfmake up ahead of the first PDF (the wizard's last step calls it). */
export { ensurePdfSetup as prepareProposalPdf } from '../../pdf/render.ts';
export { buildProposalPdf, buildProposalPdfDetailed, type BuildOptions, type BuildResult, type ProposalImages } from './buildProposalPdf.ts';
export type { SarabunFonts } from '../../pdf/fonts.ts';
