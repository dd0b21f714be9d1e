// The atlas's PDFs through the shared Thai pipeline, with Sarabun read from node_modules. The
// import is static: pdf/fonts.ts keeps its Node loader out of every bundler's graph on purpose, so
// inside the server bundle (`npm start`) its dynamic import of fonts.node.ts finds no file.
import { loadSarabunFonts } from '../../pdf/fonts.node.ts';
import { renderPdf } from '../../pdf/render.ts';

import type { SarabunFonts } from '../../pdf/fontTypes.ts';

let fonts: Promise<SarabunFonts> | undefined;

export async function renderAtlasPdf(definition: object): Promise<Uint8Array> {
  fonts ??= loadSarabunFonts();
  return renderPdf(definition, await fonts);
}
