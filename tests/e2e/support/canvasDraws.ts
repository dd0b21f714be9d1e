// Counts the pictures a page draws with WebGL (each clear of a canvas starts one: MapLibre clears
// once per frame, deck.gl's own canvas once per redraw), for the main map's canvas and for every
// other canvas (deck.gl's, compare mode's second map). Used by the compare tests and the compare
// benchmark (scripts/bench-compare.ts) to see what a step of the year slider redraws.
import type { BrowserContext, Page } from 'playwright-core';

export interface CanvasDraws {
  /** Pictures of the main map's canvas. */
  map: number;
  /** Pictures of every other WebGL canvas. */
  other: number;
}

// A string: tsx would wrap a named function in a helper the page does not have.
const COUNTER = `(() => {
  const draws = { map: 0, other: 0, dirty: false };
  window.__canvasDraws = draws;
  const clear = WebGL2RenderingContext.prototype.clear;
  WebGL2RenderingContext.prototype.clear = function (mask) {
    const canvas = this.canvas;
    const main = canvas instanceof HTMLCanvasElement && canvas.classList.contains('maplibregl-canvas') && !canvas.closest('.compare-second-map');
    if (main) draws.map++;
    else draws.other++;
    draws.dirty = true;
    return clear.call(this, mask);
  };
})()`;

/** Counts the WebGL pictures of every page the context opens from now on. */
export async function countCanvasDraws(context: BrowserContext): Promise<void> {
  await context.addInitScript(COUNTER);
}

export function canvasDraws(page: Page): Promise<CanvasDraws> {
  return page.evaluate(() => {
    const d = (window as unknown as { __canvasDraws: CanvasDraws }).__canvasDraws;
    return { map: d.map, other: d.other };
  });
}
