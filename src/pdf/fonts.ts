/**
 * The fonts of the PDFs (proposal, report): Sarabun (OFL, @expo-google-fonts/sarabun) regular and bold, plus
 * the zero-width font for U+200B (PdfZeroWidth.ttf, below).
 *
 * Where the TTF bytes come from depends on where the PDF is built: in Node they are read from
 * node_modules; in the browser they are Vite `?url` assets fetched on first use (the PDF chunk
 * is lazy, so the fonts are fetched only when a PDF is built). A caller can pass its own bytes.
 */
import type { SarabunFonts } from './fontTypes.ts';

/** pdfmake's name for the Sarabun family. */
export const FONT = 'Sarabun';

/**
 * PdfZeroWidth.ttf (664 bytes, committed) is a TrueType font whose only glyph is empty and
 * zero-width. It draws the U+200B ZERO WIDTH SPACE that marks Thai word boundaries (DESIGN.md §8:
 * the PDF breaks Thai lines between words): pdfmake's line breaker (UAX #14) breaks after U+200B,
 * but Sarabun has no glyph for it and would draw a .notdef box 0.7 em wide. Its cmap maps U+0020
 * and U+200B to that glyph (fontkit replaces default-ignorable U+200B by the space glyph); its
 * ascent and descent are below Sarabun's so a line's height is never raised by it.
 */
export const ZERO_WIDTH_POSTSCRIPT_NAME = 'PdfZeroWidth-Regular';

export type { SarabunFonts } from './fontTypes.ts';

export function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string' && typeof window === 'undefined';
}

/** Kept out of every bundler's module graph (browser bundles, Vite's config bundle). */
const NODE_LOADER = './fonts.node.ts';

type FontLoader = () => Promise<SarabunFonts>;
let browserLoader: FontLoader | undefined;

/**
 * The browser entry (index.ts) registers the loader of the bundled `?url` assets here. It is not
 * imported from this module: a Vite config that uses the build-time plugin (docs/vitePlugin.ts)
 * bundles this module too, and a `?url` import cannot load in Node.
 */
export function setBrowserFontLoader(loader: FontLoader): void {
  browserLoader = loader;
}

let loading: Promise<SarabunFonts> | undefined;

export function loadDefaultFonts(): Promise<SarabunFonts> {
  loading ??= (async () => {
    if (isNode()) {
      const mod = (await import(/* @vite-ignore */ NODE_LOADER)) as { loadSarabunFonts(): Promise<SarabunFonts> };
      return mod.loadSarabunFonts();
    }
    if (!browserLoader) throw new Error('no font loader: import the PDF through src/proposal/pdf/index.ts, or pass the fonts');
    return browserLoader();
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
