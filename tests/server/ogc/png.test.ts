// The GetMap tile encoder (src/server/ogc/png.ts): what it writes decodes to the pixels it was
// given, and its run-length matching keeps a tile of lines smaller than zlib's default matching
// (issue 29 aim 1).
import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodeRgbaPng } from '../../../src/server/ogc/png.ts';
import { drawLineMap, fixedStyle, type RenderFeature } from '../../../src/server/ogc/render/index.ts';

/** A 256 px tile of `perColour` short anti-aliased lines in each of three colours. */
function lineTile(perColour: number): Uint8ClampedArray {
  let seed = 7;
  const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 64;
  const colours = ['#1F77B4', '#D62728', '#8C564B'];
  const layers = colours.map((colour) => {
    const features: RenderFeature[] = Array.from({ length: perColour }, () => {
      const [x, y] = [next(), next()];
      return { geometry: { type: 'LineString', coordinates: [[x, y], [x + next() / 40, y + next() / 60], [x + next() / 30, y - next() / 50]] } };
    });
    return { features, style: fixedStyle('line', colour, { lineWidth: 1.5 }) };
  });
  return drawLineMap({ width: 256, height: 256, bbox: [0, 0, 64, 64], crs: 'EPSG:4326', transparent: true, layers })!;
}

describe('GetMap PNG encoder', () => {
  it('writes a PNG that decodes to the same RGBA pixels', () => {
    const rgba = lineTile(200);
    const decoded = PNG.sync.read(encodeRgbaPng(rgba, 256, 256));
    expect([decoded.width, decoded.height]).toEqual([256, 256]);
    expect(Buffer.compare(decoded.data, Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength))).toBe(0);
    expect(rgba.some((v, i) => i % 4 === 3 && v > 0 && v < 255)).toBe(true); // anti-aliased edges were there to keep
  });

  // The bench's tiles: z9-z11 4-12 % smaller than with the default matching, dense z8 ones within 4 %.
  it('writes a tile of a few lines smaller than zlib with its default matching, and a dense one about as small', () => {
    const defaultMatching = (rgba: Uint8ClampedArray) => {
      const rows = Buffer.alloc(257 * 1024);
      for (let y = 0; y < 256; y++) rows.set(rgba.subarray(y * 1024, (y + 1) * 1024), y * 1025 + 1);
      return deflateSync(rows, { level: 3 }).length;
    };
    const sparse = lineTile(15);
    expect(encodeRgbaPng(sparse, 256, 256).length).toBeLessThan(defaultMatching(sparse)); // with 57 bytes of signature and chunks
    const dense = lineTile(200);
    expect(encodeRgbaPng(dense, 256, 256).length).toBeLessThan(defaultMatching(dense) * 1.15);
  });

  it('refuses a pixel buffer that does not match the size', () => {
    expect(() => encodeRgbaPng(new Uint8Array(10), 256, 256)).toThrow(RangeError);
  });
});
