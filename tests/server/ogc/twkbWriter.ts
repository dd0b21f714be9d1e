// A minimal TWKB writer for tests that build render jobs by hand (the server's come from PostGIS's
// ST_AsTWKB): LineStrings only, two dimensions, no bounding box or size.
import type { Position } from 'geojson';

function varint(out: number[], value: number): void {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 0x80) | 0x80);
    v = Math.floor(v / 0x80);
  }
  out.push(v);
}

const zigzag = (v: number): number => (v < 0 ? -2 * v - 1 : 2 * v);

/** The lines as TWKB LineStrings one after another, coordinates rounded to `digits` decimals. */
export function lineStringsTwkb(lines: readonly (readonly Position[])[], digits = 6): Uint8Array {
  const out: number[] = [];
  const scale = 10 ** digits;
  for (const line of lines) {
    out.push(0x02 | (zigzag(digits) << 4), 0x00);
    varint(out, line.length);
    let lastX = 0;
    let lastY = 0;
    for (const [x, y] of line) {
      const qx = Math.round(x! * scale);
      const qy = Math.round(y! * scale);
      varint(out, zigzag(qx - lastX));
      varint(out, zigzag(qy - lastY));
      lastX = qx;
      lastY = qy;
    }
  }
  return Uint8Array.from(out);
}
