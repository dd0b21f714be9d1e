/**
 * Two repairs to what pdfkit (inside pdfmake) writes, so that Thai text copied or extracted
 * from the PDF is exactly the text that was entered (DESIGN.md §8 "check extracted text").
 *
 * 1. ActualText. fontkit shapes Thai with Sarabun's GSUB/GPOS: 'ำ' becomes two glyphs (nikhahit,
 *    often merged with a tone mark, and 'า'), and marks are shifted (xOffset) so that e.g. in
 *    'ตั้ง' the tone mark is drawn left of the vowel. Extractors that order glyphs by position
 *    (poppler's pdftotext) then read 'ต้ั' or insert a space ('ฝั่ ง'), and the second glyph of 'ำ'
 *    has no Unicode of its own. Every text fragment drawn in Sarabun is therefore wrapped in a
 *    marked-content span `/Span <</ActualText (the fragment's text)>> BDC … EMC`; poppler, PDFium
 *    and Acrobat extract/copy the ActualText instead of the glyphs. The span sits inside BT/ET,
 *    where the text's transformation matrix is still current (poppler positions the ActualText
 *    with the graphics state at EMC; outside pdfkit's q/Q it would land mirrored at the page foot).
 *
 * 2. ToUnicode. pdfkit maps each glyph to the code points of the first time it was drawn; the 'า'
 *    glyph produced by decomposing 'ำ' has none, so if 'ำ' came first every later 'า' of the
 *    document mapped to nothing (the known "'า' lost after 'ำ'" issue). Before the document is
 *    ended, glyphs without code points get the character their glyph stands for in the font's
 *    cmap, and nikhahit glyphs mapped to SARA AM (U+0E33) are mapped to NIKHAHIT (U+0E4D): viewers
 *    that ignore ActualText (pdf.js) then read 'ํา', which looks the same and is the compatibility
 *    decomposition of 'ำ', instead of 'ำา'. The zero-width font's glyphs map to nothing, so the
 *    U+200B break opportunities never appear in copied text.
 */
import { ZERO_WIDTH_POSTSCRIPT_NAME } from './fonts.ts';

const PATCHED = Symbol.for('thai-coastal.pdfkit.actualText');

interface FontkitGlyph {
  id: number;
}
interface FontkitFont {
  glyphForCodePoint(cp: number): FontkitGlyph;
}
/** pdfkit's EmbeddedFont, the parts used here. */
interface EmbeddedFont {
  name?: string;
  font?: FontkitFont;
  unicode?: number[][];
  subset?: { glyphs: number[] };
}
interface PdfKitInternals {
  _font?: EmbeddedFont;
  _fontFamilies?: Record<string, EmbeddedFont>;
  fontCache?: Record<string, Record<string, EmbeddedFont>>;
  addContent(op: string): unknown;
  bufferedPageRange?(): { start: number; count: number };
}
type Fragment = (this: PdfKitInternals, text: unknown, x: number, y: number, options: unknown) => unknown;

/** Fonts whose text gets an ActualText span. */
function wantsActualText(font: EmbeddedFont | undefined): boolean {
  return !!font?.name && font.name !== ZERO_WIDTH_POSTSCRIPT_NAME && /^Sarabun/.test(font.name);
}

/** A PDF text string in UTF-16BE hex with BOM. */
export function pdfUtf16Hex(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).toUpperCase().padStart(4, '0');
  return `${hex}>`;
}

/**
 * Installs the ActualText wrapper on pdfkit's document prototype (found from any document
 * instance, so it works with pdfmake's bundled pdfkit in browsers too). Idempotent.
 */
export function installActualText(doc: object): void {
  let proto: Record<PropertyKey, unknown> | null = Object.getPrototypeOf(doc) as Record<PropertyKey, unknown> | null;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, '_fragment')) proto = Object.getPrototypeOf(proto) as Record<PropertyKey, unknown> | null;
  if (!proto || proto[PATCHED]) return;
  const original = proto._fragment as Fragment;
  const wrapped: Fragment = function (this: PdfKitInternals, text, x, y, options) {
    const actual = typeof text === 'string' && wantsActualText(this._font) ? text.replace(/[\n\u200B]/g, '') : '';
    if (!actual) return original.call(this, text, x, y, options);
    const add = this.addContent;
    const self = this as unknown as Record<string, unknown>;
    self.addContent = function (this: PdfKitInternals, op: string) {
      if (op === 'ET') add.call(this, 'EMC');
      const r = add.call(this, op);
      if (op === 'BT') add.call(this, `/Span <</ActualText ${pdfUtf16Hex(actual)}>> BDC`);
      return r;
    };
    try {
      return original.call(this, text, x, y, options);
    } finally {
      delete self.addContent;
    }
  };
  proto._fragment = wrapped;
  proto[PATCHED] = true;
}

const SHARED = Symbol.for('thai-coastal.pdfkit.sharedFont');

interface SharedFont {
  font: FontkitFont & { createSubset(): { glyphs: number[] } };
  layoutCache: Record<string, unknown>;
}

/**
 * Speed: every pdfmake document opens its fonts anew, and fontkit parses Sarabun's GSUB/GPOS
 * tables on the first layout (20-80 ms per face) and shapes every word again (about 0.5 ms per
 * Thai word). The proposal is laid out several times while fitting its pages, always with the
 * same font bytes, so documents opened from the same bytes (the virtual file system hands out
 * the same buffer object) share one parsed fontkit font and one layout cache (glyph runs do not
 * depend on the type size). Each document still gets its own subset. Idempotent.
 */
export function installFontSharing(doc: object): void {
  let proto: Record<PropertyKey, unknown> | null = Object.getPrototypeOf(doc) as Record<PropertyKey, unknown> | null;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'font')) proto = Object.getPrototypeOf(proto) as Record<PropertyKey, unknown> | null;
  if (!proto || proto[SHARED] || typeof proto.font !== 'function') return;
  const original = proto.font as (this: PdfKitInternals, src: unknown, ...rest: unknown[]) => unknown;
  const shared = new WeakMap<object, SharedFont>();
  proto.font = function (this: PdfKitInternals, src: unknown, ...rest: unknown[]) {
    const result = original.call(this, src, ...rest);
    const f = this._font as (EmbeddedFont & { layoutCache?: Record<string, unknown>; [SHARED]?: boolean }) | undefined;
    if (f && !f[SHARED] && src instanceof Uint8Array && f.font && f.subset && f.layoutCache) {
      const entry = shared.get(src);
      if (!entry) {
        shared.set(src, { font: f.font as SharedFont['font'], layoutCache: f.layoutCache });
      } else {
        f.font = entry.font;
        f.subset = entry.font.createSubset();
        f.layoutCache = entry.layoutCache;
      }
      f[SHARED] = true;
    }
    return result;
  };
  proto[SHARED] = true;
}

const VFS_NAMES = Symbol.for('tcs.pdfkit.vfsFontNames');

/**
 * Fonts named by their virtual file name open from pdfmake's virtual file system. pdfmake passes
 * its own text's fonts as bytes, but an `svg` node's text (svg-to-pdfkit) names them, and pdfkit
 * would then look for a file of that name on disk. Idempotent.
 */
export function installVfsFontNames(doc: object, vfs: { existsSync(name: string): boolean; readFileSync(name: string): Uint8Array }): void {
  let proto: Record<PropertyKey, unknown> | null = Object.getPrototypeOf(doc) as Record<PropertyKey, unknown> | null;
  while (proto && !Object.prototype.hasOwnProperty.call(proto, 'font')) proto = Object.getPrototypeOf(proto) as Record<PropertyKey, unknown> | null;
  if (!proto || proto[VFS_NAMES] || typeof proto.font !== 'function') return;
  const original = proto.font as (this: unknown, src: unknown, ...rest: unknown[]) => unknown;
  proto.font = function (this: unknown, src: unknown, ...rest: unknown[]) {
    return original.call(this, typeof src === 'string' && vfs.existsSync(src) ? vfs.readFileSync(src) : src, ...rest);
  };
  proto[VFS_NAMES] = true;
}

const SARA_AM = 0x0e33;
const NIKHAHIT = 0x0e4d;

/** Code points searched for a glyph that was first drawn without one (Thai, then Latin-1). */
function reverseCmap(font: FontkitFont): Map<number, number> {
  const map = new Map<number, number>();
  const add = (from: number, to: number) => {
    for (let cp = from; cp <= to; cp++) {
      const id = font.glyphForCodePoint(cp)?.id;
      if (id && !map.has(id)) map.set(id, cp);
    }
  };
  add(0x0e01, 0x0e5b);
  add(0x0020, 0x00ff);
  return map;
}

/** The embedded fonts of a pdfkit document (pdfmake's cache and pdfkit's families). */
function fontsOf(doc: PdfKitInternals): EmbeddedFont[] {
  const set = new Set<EmbeddedFont>();
  for (const f of Object.values(doc._fontFamilies ?? {})) set.add(f);
  for (const fam of Object.values(doc.fontCache ?? {})) for (const f of Object.values(fam)) set.add(f);
  return [...set].filter((f) => Array.isArray(f.unicode));
}

/** Repairs the glyph -> Unicode tables; call after rendering, before the document is ended. */
export function repairToUnicode(doc: object): void {
  for (const font of fontsOf(doc as PdfKitInternals)) {
    const unicode = font.unicode!;
    if (font.name === ZERO_WIDTH_POSTSCRIPT_NAME) {
      for (let i = 0; i < unicode.length; i++) unicode[i] = [];
      continue;
    }
    let reverse: Map<number, number> | undefined;
    for (let gid = 1; gid < unicode.length; gid++) {
      const cps = unicode[gid];
      if (!cps) continue;
      if (cps.length === 0 && font.font && font.subset) {
        reverse ??= reverseCmap(font.font);
        const cp = reverse.get(font.subset.glyphs[gid] ?? -1);
        if (cp !== undefined) unicode[gid] = [cp];
      } else if (cps.includes(SARA_AM)) {
        unicode[gid] = cps.map((cp) => (cp === SARA_AM ? NIKHAHIT : cp));
      }
    }
  }
}

/** Pages the document has (pdfkit flushes pages as it goes unless buffered). */
export function pageCount(doc: object): number {
  const range = (doc as PdfKitInternals).bufferedPageRange?.();
  return range ? range.start + range.count : 0;
}
