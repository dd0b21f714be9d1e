/** Node: the Sarabun TTFs from node_modules and the committed zero-width font (build-time blank forms, tests). */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { SarabunFonts } from './fontTypes.ts';

export async function loadSarabunFonts(): Promise<SarabunFonts> {
  const require = createRequire(import.meta.url);
  const read = async (file: string) => new Uint8Array(await readFile(require.resolve(`@expo-google-fonts/sarabun/${file}`)));
  const [regular, bold, zeroWidth] = await Promise.all([
    read('400Regular/Sarabun_400Regular.ttf'),
    read('700Bold/Sarabun_700Bold.ttf'),
    readFile(new URL('./PdfZeroWidth.ttf', import.meta.url)).then((b) => new Uint8Array(b)),
  ]);
  return { regular, bold, zeroWidth };
}
