/** Registers the Sarabun TTFs (OFL, from @expo-google-fonts/sarabun) with the canvas once per process. */
import { createRequire } from 'node:module';
import { canvasPackage } from './canvas.ts';

const LABEL_FONT_FAMILY = 'Sarabun';

const FILES = ['400Regular/Sarabun_400Regular.ttf', '700Bold/Sarabun_700Bold.ttf'];

let registered = false;

/** Idempotent; throws when the font files are missing, since Thai would render as boxes. */
export function ensureFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  for (const file of FILES) {
    const path = require.resolve(`@expo-google-fonts/sarabun/${file}`);
    if (!canvasPackage().GlobalFonts.registerFromPath(path, LABEL_FONT_FAMILY)) throw new Error(`could not register font ${path}`);
  }
  registered = true;
}

/** A CSS font string in Sarabun with a sans-serif fallback. */
export function labelFont(sizePx: number, bold = false): string {
  return `${bold ? 'bold ' : ''}${sizePx}px ${LABEL_FONT_FAMILY}, sans-serif`;
}
