import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { ensureFonts, fixedStyle, renderLegendGraphic, renderMap, styleFromLegend } from '../../../src/server/ogc/render/index.ts';
import { legendScale } from '../../../src/server/ogc/wms/legend.ts';
import { labelFont } from '../../../src/server/ogc/render/fonts.ts';
import { decode, hex, legend, savePng, type Decoded } from './helpers.ts';

const THAI = 'ปู่ ฝั่ง น้ำ';

/** Rows [top, bottom] that hold ink when `text` is drawn at 64 px. */
function inkRows(text: string, font: string): { top: number; bottom: number; left: number; right: number } {
  const c = createCanvas(400, 160);
  const ctx = c.getContext('2d');
  ctx.font = font;
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#000';
  ctx.fillText(text, 20, 110);
  const { data } = ctx.getImageData(0, 0, 400, 160);
  let top = Infinity;
  let bottom = -1;
  let left = Infinity;
  let right = -1;
  for (let y = 0; y < 160; y++) {
    for (let x = 0; x < 400; x++) {
      if (data[(y * 400 + x) * 4 + 3]! > 64) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return { top, bottom, left, right };
}

describe('Thai labels with Sarabun', () => {
  it('Sarabun is registered once', () => {
    ensureFonts();
    ensureFonts();
    expect(GlobalFonts.has('Sarabun')).toBe(true);
  });

  it('shapes Thai: marks take no advance and stack above one another', () => {
    ensureFonts();
    const font = labelFont(64);
    const ctx = createCanvas(10, 10).getContext('2d');
    ctx.font = font;
    const w = (s: string) => ctx.measureText(s).width;
    // combining vowels and tone marks add no width (a spacing mark or a dotted circle would)
    expect(w('ปู่')).toBeCloseTo(w('ป'), 1);
    expect(w('ฝั่ง')).toBeCloseTo(w('ฝง'), 1);
    expect(w('น้ำ')).toBeCloseTo(w('นำ'), 1);
    // drawn pixels: the tone mark sits ABOVE the nikhahit of sara am / above mai han-akat,
    // not on top of it; sara uu hangs below the baseline
    expect(inkRows('นำ', font).top - inkRows('น้ำ', font).top).toBeGreaterThan(10);
    expect(inkRows('ฝั', font).top - inkRows('ฝั่', font).top).toBeGreaterThan(10);
    expect(inkRows('ปู่', font).bottom - inkRows('ป', font).bottom).toBeGreaterThan(10);
    // and the marks of ปู่ stay within the width of ป
    const p = inkRows('ป', font);
    const pu = inkRows('ปู่', font);
    expect(pu.left).toBeGreaterThanOrEqual(p.left - 2);
    expect(pu.right).toBeLessThanOrEqual(p.right + 2);
    // a large rendering for human eyes
    const big = createCanvas(480, 110);
    const bctx = big.getContext('2d');
    bctx.fillStyle = '#FFF';
    bctx.fillRect(0, 0, 480, 110);
    bctx.fillStyle = '#000';
    bctx.font = font;
    bctx.fillText(THAI, 20, 75);
    savePng('thai-sarabun-64px.png', big.encodeSync('png'));
    // it is Sarabun, not the system fallback, that draws
    ctx.font = '64px sans-serif';
    const fallback = ctx.measureText(THAI).width;
    ctx.font = font;
    expect(Math.abs(ctx.measureText(THAI).width - fallback)).toBeGreaterThan(1);
  });

  /** Pixels that differ between the labelled and the unlabelled rendering: the label's ink. */
  function labelInk(a: Decoded, b: Decoded): { n: number; box: [number, number, number, number] } {
    let n = 0;
    const box: [number, number, number, number] = [Infinity, Infinity, -1, -1];
    for (let y = 0; y < a.height; y++) {
      for (let x = 0; x < a.width; x++) {
        const p = a.at(x, y);
        const q = b.at(x, y);
        if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 30) {
          n++;
          box[0] = Math.min(box[0], x);
          box[1] = Math.min(box[1], y);
          box[2] = Math.max(box[2], x);
          box[3] = Math.max(box[3], y);
        }
      }
    }
    return { n, box };
  }

  it(`a point labelled '${THAI}' renders a non-blank label next to it`, async () => {
    const features = [{ geometry: { type: 'Point' as const, coordinates: [100.2, 10.5] }, properties: { name: THAI } }];
    const req = (label?: string) => ({
      width: 256,
      height: 256,
      bbox: [100, 10, 101, 11] as const,
      crs: 'EPSG:4326' as const,
      transparent: false,
      layers: [{ features, style: fixedStyle('circle', '#0B5394', label ? { label } : {}) }],
    });
    const png = await renderMap(req('name'));
    const file = savePng('thai-label.png', png);
    expect(file).toMatch(/thai-label\.png$/);
    const { n, box } = labelInk(decode(png), decode(await renderMap(req())));
    expect(n).toBeGreaterThan(150);
    const ctx = createCanvas(10, 10).getContext('2d');
    ctx.font = labelFont(12);
    const w = ctx.measureText(THAI).width;
    // starts right of the circle (x 51.2 + r 5 + ring + gap) and is as wide as the text, around row 128
    expect(box[0]).toBeGreaterThanOrEqual(56);
    expect(box[0]).toBeLessThanOrEqual(62);
    expect(box[2] - box[0]).toBeGreaterThan(w - 4);
    expect(box[2] - box[0]).toBeLessThan(w + 8);
    expect(box[1]).toBeGreaterThan(110);
    expect(box[3]).toBeLessThan(146);
  });

  it('labels polygons at their centroid and lines at their middle; overlapping labels are dropped', async () => {
    const sq = (x0: number, y0: number, x1: number, y1: number) => [[[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]]];
    const features = [
      { geometry: { type: 'Polygon' as const, coordinates: sq(100.1, 10.6, 100.9, 10.9) }, properties: { lul2_code: 'F3', name: 'ป่าชายเลน' } },
      { geometry: { type: 'Polygon' as const, coordinates: sq(100.1, 10.6, 100.9, 10.9) }, properties: { lul2_code: 'F3', name: 'ซ้ำ ทับกัน ยาวกว่าเดิมมาก' } },
      { geometry: { type: 'LineString' as const, coordinates: [[100.1, 10.3], [100.9, 10.3]] }, properties: { lul2_code: 'W1', name: 'แม่น้ำเจ้าพระยา' } },
    ];
    const req = (label?: string) => ({
      width: 512,
      height: 512,
      bbox: [100, 10, 101, 11] as const,
      crs: 'EPSG:4326' as const,
      transparent: false,
      layers: [{ features, style: styleFromLegend(legend('landuse'), label ? { label } : {}) }],
    });
    const png = await renderMap(req('name'));
    savePng('thai-labels-areas.png', png);
    const a = decode(png);
    const b = decode(await renderMap(req()));
    const ctx = createCanvas(10, 10).getContext('2d');
    ctx.font = labelFont(12);
    const region = (x0: number, y0: number, x1: number, y1: number) => {
      const crop = (d: Decoded): Decoded => ({ ...d, width: x1 - x0, height: y1 - y0, at: (x, y) => d.at(x + x0, y + y0) });
      return labelInk(crop(a), crop(b));
    };
    const poly = region(0, 100, 512, 160); // centroid row y = 128
    expect(poly.n).toBeGreaterThan(100);
    // only the first label: the second, wider one overlaps it and is dropped
    expect(poly.box[2] - poly.box[0]).toBeLessThan(ctx.measureText('ป่าชายเลน').width + 8);
    expect(Math.abs((poly.box[0] + poly.box[2]) / 2 - 256)).toBeLessThan(4);
    const line = region(0, 340, 512, 380); // line middle y = 358.4
    expect(line.n).toBeGreaterThan(100);
    expect(Math.abs((line.box[0] + line.box[2]) / 2 - 256)).toBeLessThan(4);
    expect(labelInk(a, b).n).toBe(poly.n + line.n);
  });
});

describe('renderLegendGraphic', () => {
  it('draws the change-rate legend: title, one swatch per class in the legend colours', async () => {
    const rate = legend('change-rate');
    const png = await renderLegendGraphic(rate);
    savePng('legend-change-rate.png', png);
    const img = decode(png);
    expect(img.height).toBeGreaterThan(rate.items.length * 20);
    expect(img.width).toBeGreaterThan(120);
    // swatch centres: PAD 4 + title row + 20 px rows; x = 4 + 10
    const titleH = Math.ceil(13 * 1.8);
    const colours = rate.items.map((_, i) => hex(img.at(14, 4 + titleH + i * 20 + 10)));
    expect(colours).toEqual(rate.items.map((i) => i.color));
  });

  it('fill swatches carry the map fill opacity; circles their ring; transparent works', async () => {
    const lu = await renderLegendGraphic(legend('landuse'), { title: false });
    savePng('legend-landuse.png', lu);
    const img = decode(lu);
    // A1 #F6F6A0 at 0.6 over white = (250, 250, 198)
    const [r, g, b] = img.at(14, 4 + 10);
    expect(Math.abs(r - 250) + Math.abs(g - 250) + Math.abs(b - 198)).toBeLessThanOrEqual(3);
    const st = decode(await renderLegendGraphic(legend('stations'), { transparent: true }));
    expect(st.at(0, 0)[3]).toBe(0);
    const one = decode(await renderLegendGraphic(legend('erosion-accretion'), { title: false, overrides: { code: 'accretion' } }));
    expect(one.height).toBe(4 + 20 + 4);
  });

  it('draws the same legend 3x as large for LEGEND_OPTIONS=dpi:272 (issue 26 item 4: a sharp printed legend)', async () => {
    expect([legendScale(undefined), legendScale('dpi:272'), legendScale('fontAntiAliasing:true;dpi:181.4'), legendScale('dpi:9000'), legendScale('dpi:20')]).toEqual([1, 3, 2, 4, 1]);
    const one = decode(await renderLegendGraphic(legend('change-rate')));
    const three = decode(await renderLegendGraphic(legend('change-rate'), { scale: 3 }));
    expect([three.width, three.height]).toEqual([one.width * 3, one.height * 3]);
    const titleH = Math.ceil(13 * 1.8);
    expect(hex(three.at(14 * 3, (4 + titleH + 10) * 3))).toBe(hex(one.at(14, 4 + titleH + 10)));
  });
});
