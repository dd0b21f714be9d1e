// Finding a drawn feature on the map by its colour (the pixels of the map or a picture, read in
// Node) and reading the feature drawer it opens.
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';
import { th } from '../../../src/locale/th.ts';

export type Rgb = readonly [number, number, number];

/** The map pixel (CSS px in the map) nearest its centre whose colour is within `tolerance` (sum of
 *  channel differences) of one of `colours`, away from the map's 60 px edges; null when none is. */
export async function colourPixel(page: Page, colours: readonly Rgb[], tolerance: number): Promise<{ x: number; y: number } | null> {
  const png = PNG.sync.read(await page.getByTestId('map').screenshot());
  let best: { x: number; y: number; d: number } | null = null;
  for (let y = 60; y < png.height - 60; y++) {
    for (let x = 60; x < png.width - 60; x++) {
      const i = (y * png.width + x) * 4;
      if (!colours.some((c) => colourDistance(png.data, i, c) <= tolerance)) continue;
      const d = Math.hypot(x - png.width / 2, y - png.height / 2);
      if (!best || d < best.d) best = { x, y, d };
    }
  }
  return best && { x: best.x, y: best.y };
}

/** The map's pixels within 60 (sum of channel differences) of `colour` left and right of `at`
 *  percent of its width, apart from 30 px either side of that line (a compare divider). */
export async function colourCountBySide(page: Page, colour: Rgb, at: number): Promise<{ left: number; right: number }> {
  const png = PNG.sync.read(await page.getByTestId('map').screenshot());
  const split = Math.round((png.width * at) / 100);
  const counts = { left: 0, right: 0 };
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      if (Math.abs(x - split) < 30 || colourDistance(png.data, (y * png.width + x) * 4, colour) > 60) continue;
      if (x < split) counts.left++;
      else counts.right++;
    }
  }
  return counts;
}

/** The pixels of a canvas or a picture on the page, read in Node (a PNG through a data URL), and
 *  its CSS width (a canvas's backing store is wider on a HiDPI screen). */
export async function elementPixels(element: Locator): Promise<{ png: PNG; cssWidth: number }> {
  const { url, cssWidth } = await element.evaluate(async (node: HTMLCanvasElement | HTMLImageElement) => {
    if (node instanceof HTMLCanvasElement) return { url: node.toDataURL('image/png'), cssWidth: node.clientWidth };
    await node.decode();
    const canvas = document.createElement('canvas');
    canvas.width = node.naturalWidth;
    canvas.height = node.naturalHeight;
    canvas.getContext('2d')!.drawImage(node, 0, 0);
    return { url: canvas.toDataURL('image/png'), cssWidth: node.clientWidth };
  });
  return { png: PNG.sync.read(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')), cssWidth };
}

/** Sum of the channel differences between the pixel at byte `i` and a colour. */
export const colourDistance = (data: Uint8Array, i: number, colour: Rgb): number =>
  Math.abs(data[i]! - colour[0]) + Math.abs(data[i + 1]! - colour[1]) + Math.abs(data[i + 2]! - colour[2]);

/** The map's canvas (MapLibre's; deck.gl draws into the same one). */
export const mapCanvas = (page: Page): Locator => page.locator('[data-testid="map"] canvas.maplibregl-canvas').first();

/** The screen point (CSS px, relative to the map) of the canvas pixel closest to the centre whose
 *  colour is within `tolerance` of `hex`, away from the 60 px edges (controls, attribution) or
 *  only around `near`; with the number of such pixels. Null when none is. */
export async function findColour(
  page: Page,
  hex: string,
  tolerance = 40,
  near?: { x: number; y: number; radius: number },
): Promise<{ x: number; y: number; count: number } | null> {
  const want: Rgb = [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
  const { png, cssWidth } = await elementPixels(mapCanvas(page));
  const scale = png.width / cssWidth;
  const margin = Math.round(60 * scale);
  const [x0, x1, y0, y1] = near
    ? [near.x - near.radius, near.x + near.radius, near.y - near.radius, near.y + near.radius].map((v) => Math.round(v * scale)) as [number, number, number, number]
    : [margin, png.width - margin, margin, png.height - margin];
  let best: { x: number; y: number; d: number } | null = null;
  let count = 0;
  for (let y = Math.max(0, y0); y < Math.min(png.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(png.width, x1); x++) {
      if (colourDistance(png.data, (y * png.width + x) * 4, want) > tolerance) continue;
      count++;
      const d = Math.hypot(x - png.width / 2, y - png.height / 2);
      if (!best || d < best.d) best = { x, y, d };
    }
  }
  return best ? { x: best.x / scale, y: best.y / scale, count } : null;
}

/** Clicks the map at `hit` and returns the drawer's rows as [label, value] once it shows them. */
export async function drawerRowsAt(page: Page, hit: { x: number; y: number }): Promise<Array<[string, string]>> {
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + hit.x, box.y + hit.y);
  const info = page.getByRole('complementary', { name: th.featureInfo }).getByTestId('feature-info');
  await info.waitFor({ timeout: 15_000 });
  return info.locator('tr').evaluateAll((trs) => trs.map((tr): [string, string] => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
}
