// The Sarabun font bytes a PDF is built with (regular and bold), wherever they were loaded from.
export interface SarabunFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}
