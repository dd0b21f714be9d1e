/**
 * pdfmake set up for Thai (once per page load / process): Sarabun and the zero-width font in
 * pdfmake's virtual file system, no network or file access, the ActualText wrapper and the shared
 * font cache installed (pdfkitFixes.ts). `renderPdf` turns any document definition into bytes with the ToUnicode
 * repair applied; the proposal form and the filling instructions both use it.
 */
import pdfmake from 'pdfmake';
import { FONT, loadDefaultFonts, type SarabunFonts } from './fonts.ts';
import { installActualText, installFontSharing, installVfsFontNames, repairToUnicode } from './pdfkitFixes.ts';
import { ZERO_WIDTH_FONT } from './thaiText.ts';

let setup: Promise<void> | undefined;

function toFontBytes(u8: Uint8Array): Uint8Array {
  // pdfkit/fontkit read Buffers in Node; the browser build takes Uint8Array.
  return typeof Buffer !== 'undefined' ? Buffer.from(u8.buffer, u8.byteOffset, u8.byteLength) : u8;
}

/** A Buffer or Uint8Array-like from pdfmake as a plain Uint8Array view. */
export function toBytes(buffer: Uint8Array): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/**
 * Registers the fonts with pdfmake (process-wide: pdfmake is a singleton). `fonts` are used by
 * the first call only; later calls reuse what the first one registered.
 */
export function ensurePdfSetup(fonts?: SarabunFonts): Promise<void> {
  setup ??= (async () => {
    const f = fonts ?? (await loadDefaultFonts());
    const vfs = pdfmake.virtualfs;
    vfs.writeFileSync('Sarabun-Regular.ttf', toFontBytes(f.regular));
    vfs.writeFileSync('Sarabun-Bold.ttf', toFontBytes(f.bold));
    vfs.writeFileSync('PdfZeroWidth.ttf', toFontBytes(f.zeroWidth));
    pdfmake.addFonts({
      [FONT]: { normal: 'Sarabun-Regular.ttf', bold: 'Sarabun-Bold.ttf', italics: 'Sarabun-Regular.ttf', bolditalics: 'Sarabun-Bold.ttf' },
      [ZERO_WIDTH_FONT]: { normal: 'PdfZeroWidth.ttf', bold: 'PdfZeroWidth.ttf', italics: 'PdfZeroWidth.ttf', bolditalics: 'PdfZeroWidth.ttf' },
    });
    // Everything comes from the virtual file system or data URLs: no network, no local files.
    pdfmake.setUrlAccessPolicy?.(() => false);
    pdfmake.setLocalAccessPolicy?.(() => false);
    // pdfkit's document class is only reachable through a document: lay out an empty one once.
    const probe = await pdfmake.createPdf({ content: [{ text: ' ' }], defaultStyle: { font: FONT } }).getStream();
    installActualText(probe);
    installFontSharing(probe);
    installVfsFontNames(probe, vfs);
  })();
  setup.catch(() => {
    setup = undefined;
  });
  return setup;
}

/** Renders a pdfmake document definition (fonts: 'Sarabun', text through thaiRuns) to PDF bytes. */
export async function renderPdf(definition: object, fonts?: SarabunFonts): Promise<Uint8Array> {
  await ensurePdfSetup(fonts);
  const out = pdfmake.createPdf(definition);
  repairToUnicode(await out.getStream());
  return toBytes(await out.getBuffer());
}
