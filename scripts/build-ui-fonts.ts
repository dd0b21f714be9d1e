// `npm run build:fonts`: the screen's Sarabun (src/ui/fonts.css) as WOFF2 subsets of the full
// fonts the PDFs embed (@expo-google-fonts/sarabun), cut to the characters the UI draws
// (scripts/lib/uiFontText.ts) with HarfBuzz (subset-font; Thai's mark placement and ligatures kept).
// The full TTFs are 83 KB a weight; a subset is ~16 KB, so a map page receives ~50 KB of fonts
// instead of 243 KB. The subsets and their manifest are committed: the client build, and so
// `npm install`, need neither HarfBuzz nor this step. tests/unit/fonts/ui-font-subset.test.ts fails
// when the UI starts using a character the subsets lack (then run this again).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { fontCodepoints } from './lib/ttfCmap.ts';
import { UI_FONT_DIR, UI_FONT_MANIFEST, UI_FONT_WEIGHTS, fullFontFile, subsetFontFile, type UiFontManifest } from './lib/uiFontFiles.ts';
import { uiFontCodepoints } from './lib/uiFontText.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const wanted = uiFontCodepoints(ROOT);
const manifest: UiFontManifest = { source: `@expo-google-fonts/sarabun@${sarabunVersion()}`, fonts: {} };

function sarabunVersion(): string {
  return (JSON.parse(readFileSync(path.join(ROOT, 'node_modules/@expo-google-fonts/sarabun/package.json'), 'utf8')) as { version: string }).version;
}

for (const weight of UI_FONT_WEIGHTS) {
  const full = readFileSync(path.join(ROOT, fullFontFile(weight)));
  const available = fontCodepoints(full);
  const kept = wanted.filter((code) => available.has(code));
  const subset = await subsetFont(Buffer.from(full), String.fromCodePoint(...kept), { targetFormat: 'woff2' });
  const file = subsetFontFile(weight);
  writeFileSync(path.join(ROOT, file), subset);
  manifest.fonts[weight] = { file: path.basename(file), bytes: subset.length, sha1: createHash('sha1').update(subset).digest('hex'), characters: String.fromCodePoint(...kept) };
  console.log(`${file}: ${kept.length} characters, ${(subset.length / 1024).toFixed(1)} KB (full font ${(full.length / 1024).toFixed(1)} KB)`);
}
writeFileSync(path.join(ROOT, UI_FONT_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${UI_FONT_MANIFEST} written; ${path.relative(ROOT, path.join(ROOT, UI_FONT_DIR))} holds the subsets`);
