/**
 * Anti-aliased strokes of thin polylines, straight into an RGBA buffer (issue 29 aim 1).
 *
 * A map tile of short coastlines is thousands of 1-3 px strokes. Skia spends most of a tile on
 * them (turning each stroke into an outline, then scan-converting it: 20 ms for a z8 tile of
 * 6,600 lines), while each covers a handful of pixels. Here a pixel's coverage is the share of its
 * 1 px box that a band of the stroke's width around the nearest segment covers: round caps and
 * round joins, as MapServer's AGG draws by default. A stroke's coverage is the maximum over its
 * segments (the union of its shape, as one canvas stroke), composited once, source-over.
 */
import type { Rgba } from './color.ts';

export class LineRaster {
  /** Premultiplied colour, 0..255 per channel, and alpha 0..1 in the fourth. */
  private readonly pixels: Float32Array;
  /** Coverage of the stroke in progress, 0..1, and the pixels it touched (their first `touchedCount`). */
  private readonly coverage: Float32Array;
  private touched: Int32Array;
  private touchedCount = 0;
  private half = 0.5;
  /** The pixels painted since the last `clear`: indexes from `dirtyFrom` to `dirtyTo`. */
  private dirtyFrom = Infinity;
  private dirtyTo = -1;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Float32Array(width * height * 4);
    this.coverage = new Float32Array(width * height);
    this.touched = new Int32Array(Math.min(width * height, 4096));
  }

  /** Makes every pixel transparent again, so that one raster serves tile after tile. */
  clear(): void {
    if (this.dirtyTo >= 0) this.pixels.fill(0, this.dirtyFrom * 4, (this.dirtyTo + 1) * 4);
    this.dirtyFrom = Infinity;
    this.dirtyTo = -1;
  }

  /** Paints every pixel with an opaque colour (BGCOLOR). */
  fill(c: Rgba): void {
    const p = this.pixels;
    this.dirtyFrom = 0;
    this.dirtyTo = this.coverage.length - 1;
    for (let i = 0; i < p.length; i += 4) {
      p[i] = c.r * c.a;
      p[i + 1] = c.g * c.a;
      p[i + 2] = c.b * c.a;
      p[i + 3] = c.a;
    }
  }

  /** Starts a stroke of this width (px); segments add to it until `endStroke`. */
  beginStroke(lineWidth: number): void {
    this.half = lineWidth / 2;
  }

  /** Adds the segment (ax, ay)-(bx, by), in pixels, to the stroke; a zero-length one is a round dot. */
  segment(ax: number, ay: number, bx: number, by: number): void {
    const { width, height, coverage, half } = this;
    const reach = half + 0.5;
    const reach2 = reach * reach;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - reach));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + reach));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - reach));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + reach));
    if (x0 > x1 || y0 > y1) return;
    const area = (x1 - x0 + 1) * (y1 - y0 + 1);
    if (this.touchedCount + area > this.touched.length) this.growTouched(area);
    const touched = this.touched;
    let count = this.touchedCount;
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    const inverse = length2 > 0 ? 1 / length2 : 0;
    for (let y = y0; y <= y1; y++) {
      const cy = y + 0.5 - ay;
      let o = y * width + x0;
      for (let x = x0; x <= x1; x++, o++) {
        const cx = x + 0.5 - ax;
        let t = (cx * dx + cy * dy) * inverse;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const ex = cx - t * dx;
        const ey = cy - t * dy;
        const d2 = ex * ex + ey * ey;
        if (d2 >= reach2) continue;
        const d = Math.sqrt(d2);
        // the overlap of the pixel's box [d - 0.5, d + 0.5] with the band [-half, half]
        const c = (d + 0.5 < half ? d + 0.5 : half) - (d - 0.5 > -half ? d - 0.5 : -half);
        if (c <= 0) continue;
        const before = coverage[o]!;
        if (before === 0) touched[count++] = o;
        if (c > before) coverage[o] = c > 1 ? 1 : c;
      }
    }
    this.touchedCount = count;
  }

  /** A pixel is touched at most once a stroke, so the list never needs more than every pixel. */
  private growTouched(more: number): void {
    const grown = new Int32Array(Math.min(this.coverage.length, Math.max(this.touched.length * 2, this.touchedCount + more)));
    grown.set(this.touched.subarray(0, this.touchedCount));
    this.touched = grown;
  }

  /** Composites the stroke's coverage in colour `c` over what is drawn, and clears it. */
  endStroke(c: Rgba): void {
    const { coverage, pixels, touched } = this;
    let from = this.dirtyFrom;
    let to = this.dirtyTo;
    for (let i = 0; i < this.touchedCount; i++) {
      const o = touched[i]!;
      if (o < from) from = o;
      if (o > to) to = o;
      const s = coverage[o]! * c.a;
      coverage[o] = 0;
      const k = 1 - s;
      const p = o * 4;
      pixels[p] = c.r * s + pixels[p]! * k;
      pixels[p + 1] = c.g * s + pixels[p + 1]! * k;
      pixels[p + 2] = c.b * s + pixels[p + 2]! * k;
      pixels[p + 3] = s + pixels[p + 3]! * k;
    }
    this.touchedCount = 0;
    this.dirtyFrom = from;
    this.dirtyTo = to;
  }

  /** The picture as 8-bit RGBA with straight (not premultiplied) alpha, as PNG stores it. */
  rgba(): Uint8ClampedArray {
    const p = this.pixels;
    const out = new Uint8ClampedArray(p.length);
    for (let i = this.dirtyFrom * 4, end = (this.dirtyTo + 1) * 4; i < end; i += 4) {
      const a = p[i + 3]!;
      if (a <= 0) continue;
      const k = 1 / a;
      out[i] = p[i]! * k; // a clamped array rounds and clamps
      out[i + 1] = p[i + 1]! * k;
      out[i + 2] = p[i + 2]! * k;
      out[i + 3] = a * 255;
    }
    return out;
  }
}
