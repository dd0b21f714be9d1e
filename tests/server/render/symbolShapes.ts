// Which legend symbol (src/engine/symbols.ts) a patch of one colour in an image is: the map and
// legend tests read a rendered PNG or a browser screenshot and name the shape drawn in a class's
// colour, so a circle where the legend shows a square fails them.
import type { SymbolShape } from '../../../src/engine/symbols.ts';

export interface Pixels {
  width: number;
  height: number;
  /** [r, g, b, a] at pixel (x, y). */
  at(x: number, y: number): [number, number, number, number];
}

export interface ShapeReading {
  /** Pixels of the colour in the window. */
  count: number;
  /** Their bounding box size (px). */
  width: number;
  height: number;
  /** count / (width x height): square ~1, circle ~0.8, triangle and diamond ~0.5. */
  fill: number;
  /** Pixels of the colour in the top and bottom quarters of the box, and the middle row. */
  top: number;
  bottom: number;
  middle: number;
  shape: SymbolShape | 'unknown';
}

/** '#RRGGBB' as [r, g, b]. */
export function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function near(p: readonly number[], c: readonly number[], tolerance: number): boolean {
  return p[3]! > 200 && Math.abs(p[0]! - c[0]!) <= tolerance && Math.abs(p[1]! - c[1]!) <= tolerance && Math.abs(p[2]! - c[2]!) <= tolerance;
}

/** The shape of the pixels of `color` inside the window [x0, y0, x1, y1) (default the image). */
export function readShape(img: Pixels, color: string, window?: readonly [number, number, number, number], tolerance = 24): ShapeReading {
  const c = rgb(color);
  const [x0, y0, x1, y1] = window ?? [0, 0, img.width, img.height];
  const hits: Array<[number, number]> = [];
  for (let y = Math.max(0, y0); y < Math.min(img.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(img.width, x1); x++) if (near(img.at(x, y), c, tolerance)) hits.push([x, y]);
  }
  if (hits.length === 0) return { count: 0, width: 0, height: 0, fill: 0, top: 0, bottom: 0, middle: 0, shape: 'unknown' };
  const xs = hits.map((h) => h[0]);
  const ys = hits.map((h) => h[1]);
  const minY = Math.min(...ys);
  const width = Math.max(...xs) - Math.min(...xs) + 1;
  const height = Math.max(...ys) - minY + 1;
  const quarter = Math.max(1, Math.floor(height / 4));
  const top = hits.filter(([, y]) => y < minY + quarter).length;
  const bottom = hits.filter(([, y]) => y >= minY + height - quarter).length;
  const middle = hits.filter(([, y]) => y === minY + Math.floor(height / 2)).length;
  const fill = hits.length / (width * height);
  return { count: hits.length, width, height, fill, top, bottom, middle, shape: nameOf(fill, top, bottom) };
}

/** Square: the box is full. Circle: its corners are empty (pi/4 of the box). Triangles: one end
 *  narrow, the other wide. Diamond: both ends narrow, half the box. */
function nameOf(fill: number, top: number, bottom: number): ShapeReading['shape'] {
  if (fill >= 0.93) return 'square';
  if (fill >= 0.68) return 'circle';
  if (fill < 0.3) return 'unknown';
  if (bottom > 2 * top) return 'triangle-up';
  if (top > 2 * bottom) return 'triangle-down';
  return 'diamond';
}
