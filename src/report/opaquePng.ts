// The report PDF's pictures (each chart, each legend picture) as opaque RGB PNGs, laid over white
// as the page draws them. pdfkit copies an RGB PNG's compressed data into the PDF as it is; an RGBA
// one (all a canvas's toDataURL writes, even for an opaque canvas) it inflates, splits into colour
// and alpha and deflates twice, in JavaScript: with the canvas's own PNG encoding that was ~300 ms of
// the ~900 ms from 'ดาวน์โหลด PDF' to the file (issue 29 aim 6). The deflate here is the
// platform's (CompressionStream), and rows are not filtered: charts and legends are flat colour.
import { dataUrl } from '../pdf/dataUrl.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function zlibDeflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** PNG bytes (8-bit RGB) of straight RGBA pixels, row by row from the top, laid over white. */
export async function opaquePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Promise<Uint8Array> {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0 || rgba.length !== width * height * 4) {
    throw new RangeError('opaquePng: pixel buffer does not match the size');
  }
  const stride = width * 3 + 1; // each row: filter byte 0 (none), then the pixels
  const raw = new Uint8Array(stride * height);
  for (let y = 0, i = 0; y < height; y++) {
    let o = y * stride + 1;
    for (let x = 0; x < width; x++, i += 4) {
      const a = rgba[i + 3]!;
      const white = 255 * (255 - a) + 127;
      raw[o++] = ((rgba[i]! * a + white) / 255) | 0;
      raw[o++] = ((rgba[i + 1]! * a + white) / 255) | 0;
      raw[o++] = ((rgba[i + 2]! * a + white) / 255) | 0;
    }
  }
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const parts = [Uint8Array.from(SIGNATURE), chunk('IHDR', header), chunk('IDAT', await zlibDeflate(raw)), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A canvas whose pixels are read back cheaply: drawn in memory, not on the GPU. Reading a GPU
 *  canvas first took 0.6-1 s in Chromium here (toDataURL or getImageData alike), this one 0.1 s. */
export function readableCanvas(width: number, height: number): { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('readableCanvas: no 2d context');
  return { canvas, context };
}

/** The pixels of a `readableCanvas` as an opaque PNG data URL (see above). */
export async function canvasPngUrl({ canvas, context }: ReturnType<typeof readableCanvas>): Promise<string> {
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
  return dataUrl(await opaquePng(pixels.data, canvas.width, canvas.height), 'image/png');
}
