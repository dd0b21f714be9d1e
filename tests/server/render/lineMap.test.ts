// Strokes-only GetMap images are drawn by the line rasteriser (src/server/ogc/render/lineMap.ts,
// issue 29 aim 1), the rest by Skia. The rasteriser's picture must be the one Skia draws of the
// same lines (but for round joins), its coverage exact where it can be computed by hand, and any
// request it cannot draw must be left to Skia.
import type { Geometry, Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { drawLineMap, drawMap, fixedStyle, styleFromLegend, type RenderLayer, type RenderRequest } from '../../../src/server/ogc/render/index.ts';
import { encodeRgbaPng } from '../../../src/server/ogc/png.ts';
import { legend, savePng } from './helpers.ts';

const BOX = [0, 0, 64, 64] as const; // EPSG:4326 degrees; 256 px, so 4 px a degree

function request(layers: RenderLayer[], extra: Partial<RenderRequest> = {}): RenderRequest {
  return { width: 256, height: 256, bbox: BOX, crs: 'EPSG:4326', transparent: true, layers, ...extra };
}

/** Degrees of BOX for pixel (x, y) of the image (y down). */
const at = (x: number, y: number): Position => [x / 4, 64 - y / 4];

function line(...px: Array<[number, number]>): { geometry: Geometry; properties: Record<string, unknown> } {
  return { geometry: { type: 'LineString', coordinates: px.map(([x, y]) => at(x, y)) }, properties: {} };
}

const alpha = (rgba: Uint8ClampedArray, x: number, y: number) => rgba[(y * 256 + x) * 4 + 3]!;

describe('line rasteriser', () => {
  it('covers a pixel by the share of it under the stroke: a 1.5 px line on a pixel row', () => {
    // along y = 10.5, the middle of row 10: row 10 fully covered, rows 9 and 11 a quarter each
    const rgba = drawLineMap(request([{ features: [line([20, 10.5], [200, 10.5])], style: fixedStyle('line', '#000000', { lineWidth: 1.5 }) }]))!;
    expect(rgba).not.toBeNull();
    for (const x of [40, 100, 180]) {
      expect(alpha(rgba, x, 10)).toBe(255);
      expect(alpha(rgba, x, 9)).toBe(64);
      expect(alpha(rgba, x, 11)).toBe(64);
      expect(alpha(rgba, x, 8)).toBe(0);
    }
    // round caps: reach 0.75 px past each end
    expect(alpha(rgba, 20, 10)).toBeGreaterThan(0);
    expect(alpha(rgba, 18, 10)).toBe(0);
    expect(alpha(rgba, 201, 10)).toBe(0);
  });

  it('a stroke is its shape once: a line crossing itself in a see-through colour is no darker where it crosses', () => {
    const style = fixedStyle('line', '#0000FF', { lineWidth: 3, opacity: 0.5 });
    const rgba = drawLineMap(request([{ features: [line([20, 20], [120, 120], [120, 20], [20, 120])], style }]))!;
    expect(alpha(rgba, 70, 70)).toBe(alpha(rgba, 40, 40)); // the crossing and the plain diagonal
    expect(alpha(rgba, 40, 40)).toBe(128);
  });

  it('draws features in order, the later on top, over BGCOLOR', () => {
    const red = { ...line([10, 50.5], [240, 50.5]), properties: { line_year: 2567 } };
    const purple = { ...line([128.5, 10], [128.5, 240]), properties: { line_year: 2562 } };
    const style = styleFromLegend(legend('cmline-years'));
    const rgba = drawLineMap(request([{ features: [red, purple], style }], { transparent: false, bgcolor: '#336699' }))!;
    expect([...rgba.subarray(0, 4)]).toEqual([0x33, 0x66, 0x99, 255]);
    const crossing = (50 * 256 + 128) * 4;
    expect([...rgba.subarray(crossing, crossing + 4)]).toEqual([0x91, 0x1e, 0xb4, 255]); // #911EB4, drawn last
  });

  it('draws what Skia draws of the same shorelines, but for the joins', () => {
    const style = styleFromLegend(legend('cmline-years'));
    const features = Array.from({ length: 400 }, (_, i) => {
      const x = (i % 20) * 12.5 + 3;
      const y = Math.floor(i / 20) * 12.5 + 3;
      return { ...line([x, y], [x + 4, y + 1.3], [x + 6.2, y + 5], [x + 9, y + 6.1]), properties: { line_year: 2562 + (i % 6) } };
    });
    const req = request([{ features, style }]);
    const ours = drawLineMap(req)!;
    const skia = drawMap(request([{ features, style }])).getContext('2d').getImageData(0, 0, 256, 256).data;
    savePng('line-raster-ours.png', encodeRgbaPng(ours, 256, 256));
    savePng('line-raster-skia.png', encodeRgbaPng(skia, 256, 256));
    let sum = 0;
    let coverageDiffers = 0;
    for (let i = 0; i < ours.length; i += 4) {
      sum += Math.abs(ours[i + 3]! - skia[i + 3]!);
      if (Math.abs(ours[i + 3]! - skia[i + 3]!) > 64) coverageDiffers++;
    }
    expect(sum / (256 * 256)).toBeLessThan(2); // mean alpha difference, of 255
    expect(coverageDiffers / (256 * 256)).toBeLessThan(0.005);
  });

  it('a tile drawn after another of the same size shows nothing of the first (the raster is reused)', () => {
    const style = fixedStyle('line', '#000000');
    const first = drawLineMap(request([{ features: [line([10, 10.5], [240, 10.5])], style }], { transparent: false, bgcolor: '#FF0000' }))!;
    expect(alpha(first, 100, 10)).toBe(255);
    const second = drawLineMap(request([{ features: [line([10, 200.5], [240, 200.5])], style }]))!;
    expect(alpha(second, 100, 10)).toBe(0);
    expect(alpha(second, 0, 0)).toBe(0); // no red background left either
    expect(alpha(second, 100, 200)).toBe(255);
  });

  it('leaves to Skia what it does not draw: areas, points, labels', () => {
    const lines = { features: [line([0, 0], [10, 10])], style: fixedStyle('line', '#000000') };
    expect(drawLineMap(request([lines]))).not.toBeNull();
    expect(drawLineMap(request([lines, { features: [line([0, 0], [10, 10])], style: fixedStyle('fill', '#FF0000') }]))).toBeNull();
    expect(drawLineMap(request([{ ...lines, features: [{ geometry: { type: 'Point', coordinates: at(5, 5) } }] }]))).toBeNull();
    expect(drawLineMap(request([{ ...lines, style: { ...lines.style, label: 'name' } }]))).toBeNull();
  });
});
