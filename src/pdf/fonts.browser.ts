/** Browser: the Sarabun TTFs and the zero-width font bundled by Vite as hashed assets (fetched once, on the first PDF). */
import regularUrl from '@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf?url';
import zeroWidthUrl from './PdfZeroWidth.ttf?url';
import type { SarabunFonts } from './fontTypes.ts';

async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`font ${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export async function loadSarabunFonts(): Promise<SarabunFonts> {
  const [regular, bold, zeroWidth] = await Promise.all([fetchBytes(regularUrl), fetchBytes(boldUrl), fetchBytes(zeroWidthUrl)]);
  return { regular, bold, zeroWidth };
}
