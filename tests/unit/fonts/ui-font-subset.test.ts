// The screen's Sarabun subsets (src/ui/fonts/, scripts/build-ui-fonts.ts; issue 29 aim 4): small
// enough for the map's first idle, and holding every character of the UI's text that the full font
// has, so no string falls back to another face. The PDFs keep the full fonts
// (tests/unit/proposal/pdf/thai-text.test.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fontCodepoints } from '../../../scripts/lib/ttfCmap.ts';
import { UI_FONT_MANIFEST, UI_FONT_WEIGHTS, fullFontFile, subsetFontFile, type UiFontManifest } from '../../../scripts/lib/uiFontFiles.ts';
import { uiFontCodepoints } from '../../../scripts/lib/uiFontText.ts';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(ROOT, UI_FONT_MANIFEST), 'utf8')) as UiFontManifest;
const css = readFileSync(path.join(ROOT, 'src/ui/fonts.css'), 'utf8');
const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;

describe('Sarabun subsets for the screen', () => {
  it('src/ui/fonts.css loads the subsets, never a full TTF', () => {
    for (const weight of UI_FONT_WEIGHTS) expect(css).toContain(`url('./fonts/${path.basename(subsetFontFile(weight))}') format('woff2')`);
    expect(css).not.toMatch(/\.ttf/);
  });

  it('together weigh at most 100 KB (the full three weights: 243 KB)', () => {
    const bytes = UI_FONT_WEIGHTS.map((weight) => readFileSync(path.join(ROOT, subsetFontFile(weight))).length);
    expect(bytes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100 * 1024);
  });

  it.each(UI_FONT_WEIGHTS)('%s is the one scripts/build-ui-fonts.ts made, and holds all of Thai and every UI character the full font has', (weight) => {
    const entry = manifest.fonts[weight]!;
    expect(createHash('sha1').update(readFileSync(path.join(ROOT, subsetFontFile(weight)))).digest('hex')).toBe(entry.sha1);
    const kept = new Set([...entry.characters].map((c) => c.codePointAt(0)!));
    const full = fontCodepoints(readFileSync(path.join(ROOT, fullFontFile(weight))));
    const missing = uiFontCodepoints(ROOT).filter((code) => full.has(code) && !kept.has(code));
    // a new character in config/ or src/: run `npm run build:fonts` and commit src/ui/fonts/
    expect(missing.map(hex)).toEqual([]);
    for (let code = 0x0e01; code <= 0x0e5b; code++) if (full.has(code)) expect(kept.has(code), hex(code)).toBe(true);
  });
});
