/**
 * A minimal TrueType font whose only glyphs are empty and zero-width, built in code (no binary
 * asset, about 500 bytes). It draws the U+200B ZERO WIDTH SPACE that marks Thai word boundaries
 * (DESIGN.md §8): pdfmake's line breaker (UAX #14) breaks after U+200B, but Sarabun has no glyph
 * for it and would draw a .notdef box 0.7 em wide. Drawn with this font the break opportunity is
 * invisible and takes no room.
 *
 * cmap (3,1 format 4): U+0020 and U+200B -> glyph 1. Space is mapped as well because fontkit
 * replaces default-ignorable code points (U+200B) by the font's space glyph. Every advance is 0;
 * ascent/descent are smaller than Sarabun's so a line's height is never raised by this font.
 */

const FAMILY = 'PdfZeroWidth';
export const ZERO_WIDTH_POSTSCRIPT_NAME = `${FAMILY}-Regular`;

class Writer {
  private bytes: number[] = [];
  u8(v: number): this {
    this.bytes.push(v & 0xff);
    return this;
  }
  u16(v: number): this {
    return this.u8(v >>> 8).u8(v);
  }
  i16(v: number): this {
    return this.u16(v < 0 ? v + 0x10000 : v);
  }
  u32(v: number): this {
    return this.u16(Math.floor(v / 0x10000) & 0xffff).u16(v & 0xffff);
  }
  tag(t: string): this {
    for (const c of t) this.u8(c.charCodeAt(0));
    return this;
  }
  zeros(n: number): this {
    for (let i = 0; i < n; i++) this.u8(0);
    return this;
  }
  done(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

const UNITS_PER_EM = 1000;
const ASCENT = 800;
const DESCENT = -200;
const NUM_GLYPHS = 2;

function head(): Uint8Array {
  return new Writer()
    .u32(0x00010000) // version
    .u32(0x00010000) // fontRevision
    .u32(0) // checkSumAdjustment, patched below
    .u32(0x5f0f3cf5) // magicNumber
    .u16(0x000b) // flags: baseline at y=0, lsb at x=0, integer ppem
    .u16(UNITS_PER_EM)
    .zeros(16) // created, modified (LONGDATETIME)
    .i16(0).i16(0).i16(0).i16(0) // xMin yMin xMax yMax
    .u16(0) // macStyle
    .u16(8) // lowestRecPPEM
    .i16(2) // fontDirectionHint
    .i16(0) // indexToLocFormat: short offsets
    .i16(0) // glyphDataFormat
    .done();
}

function hhea(): Uint8Array {
  return new Writer()
    .u32(0x00010000)
    .i16(ASCENT).i16(DESCENT).i16(0) // ascender descender lineGap
    .u16(0) // advanceWidthMax
    .i16(0).i16(0).i16(0) // minLeftSideBearing minRightSideBearing xMaxExtent
    .i16(1).i16(0).i16(0) // caretSlopeRise caretSlopeRun caretOffset
    .zeros(8) // reserved
    .i16(0) // metricDataFormat
    .u16(NUM_GLYPHS) // numberOfHMetrics
    .done();
}

function maxp(): Uint8Array {
  const w = new Writer().u32(0x00010000).u16(NUM_GLYPHS);
  // maxPoints .. maxComponentDepth (13 fields); maxZones must be 1 or 2.
  w.u16(0).u16(0).u16(0).u16(0).u16(2);
  for (let i = 0; i < 8; i++) w.u16(0);
  return w.done();
}

function hmtx(): Uint8Array {
  const w = new Writer();
  for (let i = 0; i < NUM_GLYPHS; i++) w.u16(0).i16(0);
  return w.done();
}

function loca(): Uint8Array {
  const w = new Writer();
  for (let i = 0; i <= NUM_GLYPHS; i++) w.u16(0);
  return w.done();
}

function cmap(): Uint8Array {
  // One format-4 subtable (platform 3, encoding 1), segments 0x20, 0x200B, 0xFFFF.
  const codes = [0x0020, 0x200b];
  const segCount = codes.length + 1;
  const w = new Writer().u16(0).u16(1).u16(3).u16(1).u32(12);
  w.u16(4).u16(16 + 8 * segCount).u16(0);
  w.u16(segCount * 2).u16(4).u16(1).u16(segCount * 2 - 4); // searchRange entrySelector rangeShift
  for (const c of codes) w.u16(c);
  w.u16(0xffff).u16(0); // last endCode, reservedPad
  for (const c of codes) w.u16(c);
  w.u16(0xffff);
  for (const c of codes) w.u16((1 - c + 0x10000) & 0xffff); // idDelta: code -> glyph 1
  w.u16(1);
  for (let i = 0; i < segCount; i++) w.u16(0); // idRangeOffset
  return w.done();
}

function name(): Uint8Array {
  const names: Array<[number, string]> = [
    [1, FAMILY],
    [2, 'Regular'],
    [4, `${FAMILY} Regular`],
    [6, ZERO_WIDTH_POSTSCRIPT_NAME],
  ];
  const strings = names.map(([, s]) => {
    const w = new Writer();
    for (const c of s) w.u16(c.charCodeAt(0));
    return w.done();
  });
  const w = new Writer().u16(0).u16(names.length).u16(6 + 12 * names.length);
  let offset = 0;
  names.forEach(([id], i) => {
    const len = strings[i]!.length;
    w.u16(3).u16(1).u16(0x409).u16(id).u16(len).u16(offset);
    offset += len;
  });
  const head = w.done();
  return concat([head, ...strings]);
}

function post(): Uint8Array {
  return new Writer().u32(0x00030000).u32(0).i16(-100).i16(50).u32(0).zeros(16).done();
}

function os2(): Uint8Array {
  const w = new Writer()
    .u16(4) // version
    .i16(0) // xAvgCharWidth
    .u16(400) // usWeightClass
    .u16(5) // usWidthClass
    .u16(0); // fsType: installable embedding
  for (let i = 0; i < 10; i++) w.i16(0); // sub/superscript, strikeout
  w.i16(0); // sFamilyClass
  w.zeros(10); // panose
  w.u32(0).u32(0).u32(0).u32(0); // ulUnicodeRange1-4
  w.tag('NONE');
  w.u16(0x40); // fsSelection: REGULAR
  w.u16(0x0020).u16(0x200b); // usFirstCharIndex usLastCharIndex
  w.i16(ASCENT).i16(DESCENT).i16(0); // sTypo*
  w.u16(ASCENT).u16(-DESCENT); // usWinAscent usWinDescent
  w.u32(1).u32(0); // ulCodePageRange1-2
  w.i16(0).i16(0).u16(0).u16(0x20).u16(0); // sxHeight sCapHeight usDefaultChar usBreakChar usMaxContext
  return w.done();
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < data.length; i += 4) {
    const word = ((data[i] ?? 0) << 24) | ((data[i + 1] ?? 0) << 16) | ((data[i + 2] ?? 0) << 8) | (data[i + 3] ?? 0);
    sum = (sum + (word >>> 0)) >>> 0;
  }
  return sum;
}

let cached: Uint8Array | undefined;

/** The font file (TrueType, deterministic bytes). */
export function zeroWidthFont(): Uint8Array {
  if (cached) return cached;
  const tables: Record<string, Uint8Array> = {
    'OS/2': os2(),
    cmap: cmap(),
    glyf: new Uint8Array(0),
    head: head(),
    hhea: hhea(),
    hmtx: hmtx(),
    loca: loca(),
    maxp: maxp(),
    name: name(),
    post: post(),
  };
  const tags = Object.keys(tables).sort();
  const numTables = tags.length;
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 16 * 2 ** entrySelector;
  const header = new Writer().u32(0x00010000).u16(numTables).u16(searchRange).u16(entrySelector).u16(numTables * 16 - searchRange);
  let offset = 12 + 16 * numTables;
  const bodies: Uint8Array[] = [];
  let headOffset = 0;
  for (const tag of tags) {
    const data = tables[tag]!;
    const padded = new Uint8Array(Math.ceil(data.length / 4) * 4);
    padded.set(data);
    header.tag(tag).u32(checksum(padded)).u32(offset).u32(data.length);
    if (tag === 'head') headOffset = offset;
    bodies.push(padded);
    offset += padded.length;
  }
  const font = concat([header.done(), ...bodies]);
  const adjustment = (0xb1b0afba - checksum(font) + 0x100000000) % 0x100000000;
  new DataView(font.buffer).setUint32(headOffset + 8, adjustment);
  cached = font;
  return font;
}
