/**
 * The fonts of the PDFs (proposal, report): Sarabun (OFL, @expo-google-fonts/sarabun) regular and bold, plus
 * the generated zero-width font for U+200B (zeroWidthFont.ts).
 *
 * Where the TTF bytes come from depends on where the PDF is built: in Node they are read from
 * node_modules; in the browser they are Vite `?url` assets fetched on first use (the PDF chunk
 * is lazy, so the fonts are fetched only when a PDF is built). A caller can pass its own bytes.
 */
import type { SarabunFonts } from './fontTypes.ts';

/** pdfmake's name for the Sarabun family. */
export const FONT = 'Sarabun';

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
