// Finding a drawn feature on the map by its colour and reading the feature drawer it opens.
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
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
      if (!colours.some((c) => Math.abs(png.data[i]! - c[0]) + Math.abs(png.data[i + 1]! - c[1]) + Math.abs(png.data[i + 2]! - c[2]) <= tolerance)) continue;
      const d = Math.hypot(x - png.width / 2, y - png.height / 2);
      if (!best || d < best.d) best = { x, y, d };
    }
  }
  return best && { x: best.x, y: best.y };
}

/** Clicks the map at `hit` and returns the drawer's rows as [label, value] once it shows them. */
export async function drawerRowsAt(page: Page, hit: { x: number; y: number }): Promise<Array<[string, string]>> {
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + hit.x, box.y + hit.y);
  const info = page.getByRole('complementary', { name: th.featureInfo }).getByTestId('feature-info');
  await info.waitFor({ timeout: 15_000 });
  return info.locator('tr').evaluateAll((trs) => trs.map((tr): [string, string] => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? '']));
}
