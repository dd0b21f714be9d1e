// The code points a TrueType/OpenType font maps to glyphs: its `cmap` table's Unicode subtable
// (format 12, else format 4). Enough to know which characters a font can draw.

/** Code points with a glyph (glyph id > 0) in `font` (an sfnt: .ttf or .otf bytes). */
export function fontCodepoints(font: Uint8Array): Set<number> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = view.getUint16(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (String.fromCharCode(...font.subarray(record, record + 4)) === 'cmap') cmap = view.getUint32(record + 8);
  }
  if (cmap < 0) throw new Error('font has no cmap table');
  const subtables = new Map<number, number>();
  for (let i = 0; i < view.getUint16(cmap + 2); i++) {
    const record = cmap + 4 + i * 8;
    const offset = cmap + view.getUint32(record + 4);
    subtables.set(view.getUint16(offset), offset);
  }
  const found = new Set<number>();
  const format12 = subtables.get(12);
  if (format12 !== undefined) {
    for (let i = 0; i < view.getUint32(format12 + 12); i++) {
      const group = format12 + 16 + i * 12;
      for (let code = view.getUint32(group); code <= view.getUint32(group + 4); code++) found.add(code);
    }
    return found;
  }
  const format4 = subtables.get(4);
  if (format4 === undefined) throw new Error('font has no Unicode cmap (format 4 or 12)');
  const segments = view.getUint16(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const start = view.getUint16(starts + s * 2);
    const end = view.getUint16(ends + s * 2);
    const delta = view.getUint16(deltas + s * 2);
    const rangeOffset = view.getUint16(rangeOffsets + s * 2);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      const glyph = rangeOffset === 0 ? (code + delta) & 0xffff : view.getUint16(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2);
      if (glyph !== 0) found.add(code);
    }
  }
  return found;
}
