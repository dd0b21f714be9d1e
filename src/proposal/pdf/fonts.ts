/**
 * The fonts of the proposal PDF: Sarabun (OFL, @expo-google-fonts/sarabun) regular and bold, plus
 * the generated zero-width font for U+200B (zeroWidthFont.ts).
 *
 * Where the TTF bytes come from depends on where the PDF is built: in Node they are read from
 * node_modules; in the browser they are Vite `?url` assets fetched on first use (the PDF chunk
 * is lazy, so the fonts are fetched only when a PDF is built). A caller can pass its own bytes.
 */
/** pdfmake's name for the Sarabun family. */
export const FONT = 'Sarabun';

export interface SarabunFonts {
  regular: Uint8Array;
  bold: Uint8Array;
}

export function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string' && typeof window === 'undefined';
}

/** Kept out of Vite's module graph: the browser bundle never includes the Node loader. */
const NODE_LOADER = './fonts.node.ts';

let loading: Promise<SarabunFonts> | undefined;

export function loadDefaultFonts(): Promise<SarabunFonts> {
  loading ??= (async () => {
    const mod = isNode()
      ? ((await import(/* @vite-ignore */ NODE_LOADER)) as typeof import('./fonts.node.ts'))
      : await import('./fonts.browser.ts');
    return mod.loadSarabunFonts();
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
