// The font bytes a PDF is built with, wherever they were loaded from: Sarabun regular and bold,
// and the zero-width font that draws the U+200B word-break marks (PdfZeroWidth.ttf, see fonts.ts).
export interface SarabunFonts {
  regular: Uint8Array;
  bold: Uint8Array;
  zeroWidth: Uint8Array;
}
