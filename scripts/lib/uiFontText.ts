// The characters the screen's Sarabun subsets (src/ui/fonts/, made by scripts/build-ui-fonts.ts)
// keep: whole Thai and Basic Latin, so that data and typed text (place names, search, the
// proposal form) render like the UI's own strings, plus the Latin-1 and punctuation blocks and any
// other character that the UI's text (config/, src/) uses. The PDFs embed the full font.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Inclusive code point ranges always kept. */
export const UI_FONT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0020, 0x007e], // Basic Latin
  [0x00a0, 0x00ff], // Latin-1 Supplement (©, °, ±, ², ×, §)
  [0x0e01, 0x0e5b], // Thai
  [0x2000, 0x206f], // General Punctuation (dashes, quotes, …, zero-width space)
  [0x2190, 0x2193], // arrows
  [0x2212, 0x2212], // minus
  [0x25cc, 0x25cc], // dotted circle: a Thai mark shown alone sits on it
];

/** Where the UI's text lives: every character in these files is kept too. */
const TEXT_SOURCES = ['config', 'src', 'index.html'];
const TEXT_FILE = /\.(ts|tsx|yaml|yml|json|html|css)$/;

function textFiles(target: string): string[] {
  if (!statSync(target).isDirectory()) return TEXT_FILE.test(target) ? [target] : [];
  return readdirSync(target)
    .sort()
    .flatMap((name) => textFiles(path.join(target, name)));
}

/** The code points the UI's text files use (outside ASCII). */
export function uiTextCodepoints(root: string): Set<number> {
  const found = new Set<number>();
  for (const file of TEXT_SOURCES.flatMap((source) => textFiles(path.join(root, source)))) {
    for (const char of readFileSync(file, 'utf8')) {
      const code = char.codePointAt(0)!;
      if (code > 0x7e) found.add(code);
    }
  }
  return found;
}

/** Every code point the subsets are made for, sorted. */
export function uiFontCodepoints(root: string): number[] {
  const all = uiTextCodepoints(root);
  for (const [from, to] of UI_FONT_RANGES) for (let code = from; code <= to; code++) all.add(code);
  return [...all].sort((a, b) => a - b);
}
