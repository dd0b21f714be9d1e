import type { Geometry } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  changeAreaStyle,
  fixedStyle,
  renderMap,
  RenderParamError,
  styleFromLegend,
  type RenderLayer,
  type RenderRequest,
} from '../../../src/server/ogc/render/index.ts';
import { centroid, countWhere, decode, hex, legend, savePng } from './helpers.ts';

const BOX_4326 = [100, 10, 101, 11] as const;

function request(layers: RenderLayer[], extra: Partial<RenderRequest> = {}): RenderRequest {
  return { width: 256, height: 256, bbox: BOX_4326, crs: 'EPSG:4326', transparent: true, layers, ...extra };
}

function one(geometry: Geometry | null, properties: Record<string, unknown> = {}) {
  return [{ geometry, properties }];
}

/** A polygon covering the left half of BOX_4326 (and beyond its top, bottom and left edges). */
const LEFT_HALF: Geometry = {
  type: 'Polygon',
  coordinates: [[[99, 9], [100.5, 9], [100.5, 12], [99, 12], [99, 9]]],
};

describe('TRANSPARENT and BGCOLOR', () => {
  it('a red polygon over the left half: left red, right alpha 0 when TRANSPARENT=true', async () => {
    const png = await renderMap(request([{ features: one(LEFT_HALF), style: changeAreaStyle('erosion') }]));
    savePng('left-half-transparent.png', png);
    const img = decode(png);
    expect([img.width, img.height]).toEqual([256, 256]);
    for (const y of [2, 64, 128, 200, 253]) {
      for (const x of [2, 40, 100, 125]) {
        const [r, g, b, a] = img.at(x, y);
        expect([r, g, b]).toEqual([255, 0, 0]);
        expect(a).toBeGreaterThanOrEqual(150); // fill opacity 0.6
        expect(a).toBeLessThanOrEqual(156);
      }
      for (const x of [131, 160, 220, 255]) expect(img.at(x, y)).toEqual([0, 0, 0, 0]);
    }
  });

  it('the same with TRANSPARENT=false: left red on white, right white', async () => {
    const png = await renderMap(request([{ features: one(LEFT_HALF), style: changeAreaStyle('erosion') }], { transparent: false }));
    savePng('left-half-opaque.png', png);
    const img = decode(png);
    for (const y of [2, 128, 253]) {
      for (const x of [2, 64, 125]) {
        const [r, g, b, a] = img.at(x, y);
        expect(a).toBe(255);
        expect(r).toBe(255);
        expect(g).toBeGreaterThan(95); // 60 % red over white = (255, 102, 102)
        expect(g).toBeLessThan(108);
        expect(b).toBe(g);
      }
      for (const x of [131, 200, 255]) expect(img.at(x, y)).toEqual([255, 255, 255, 255]);
    }
  });

  it('an opaque red fill is exactly #FF0000, in EPSG:3857 too', async () => {
    // 100..101 E, 10..11 N in Web Mercator metres
    const R = 6378137;
    const merc = (lon: number, lat: number) => [(lon * Math.PI * R) / 180, R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))] as const;
    const [x0, y0] = merc(100, 10);
    const [x1, y1] = merc(101, 11);
    const png = await renderMap(request([{ features: one(LEFT_HALF), style: fixedStyle('fill', '#FF0000', { opacity: 1 }) }], { crs: 'EPSG:3857', bbox: [x0, y0, x1, y1] }));
    const img = decode(png);
    expect(img.at(60, 128)).toEqual([255, 0, 0, 255]);
    expect(img.at(196, 128)).toEqual([0, 0, 0, 0]);
  });

  it('BGCOLOR paints the background when TRANSPARENT=false (0xRRGGBB and #RRGGBB), and is ignored when true', async () => {
    for (const bgcolor of ['0x000080', '#000080']) {
      const img = decode(await renderMap(request([], { transparent: false, bgcolor })));
      expect(img.at(10, 10)).toEqual([0, 0, 128, 255]);
      expect(img.at(255, 255)).toEqual([0, 0, 128, 255]);
    }
    const img = decode(await renderMap(request([], { transparent: true, bgcolor: '0x000080' })));
    expect(img.at(10, 10)).toEqual([0, 0, 0, 0]);
  });
});

describe('placement', () => {
  const BANGKOK = { lon: 100.5018, lat: 13.7563 };
  const blue = fixedStyle('circle', '#0000FF', { radius: 4 });
  const bluePixels = (p: [number, number, number, number]) => (p[2] > 200 && p[0] < 60 && p[3] > 200 ? 1 : 0);

  it('EPSG:3857: a known point lands on the slippy-map pixel of its z12 tile (±1)', async () => {
    const z = 12;
    const n = 2 ** z;
    const latR = (BANGKOK.lat * Math.PI) / 180;
    const xt = ((BANGKOK.lon + 180) / 360) * n;
    const yt = ((1 - Math.asinh(Math.tan(latR)) / Math.PI) / 2) * n;
    const tx = Math.floor(xt);
    const ty = Math.floor(yt);
    const O = 20037508.342789244;
    const size = (2 * O) / n;
    const bbox = [-O + tx * size, O - (ty + 1) * size, -O + (tx + 1) * size, O - ty * size] as const;
    for (const px of [256, 512]) {
      const png = await renderMap(request([{ features: one({ type: 'Point', coordinates: [BANGKOK.lon, BANGKOK.lat] }), style: blue }], { crs: 'EPSG:3857', bbox, width: px, height: px }));
      if (px === 512) savePng('point-3857.png', png);
      const c = centroid(decode(png), bluePixels);
      expect(c.n).toBeGreaterThan(8);
      expect(Math.abs(c.x - (xt - tx) * px)).toBeLessThanOrEqual(1);
      expect(Math.abs(c.y - (yt - ty) * px)).toBeLessThanOrEqual(1);
    }
  });

  it('EPSG:4326: lon/lat axis order (WMS 1.1.1) on a non-square image (±1)', async () => {
    const bbox = [100, 13, 102, 14] as const; // 2° wide, 1° high -> 512 x 256
    const png = await renderMap(request([{ features: one({ type: 'Point', coordinates: [BANGKOK.lon, BANGKOK.lat] }), style: blue }], { bbox, width: 512, height: 256 }));
    savePng('point-4326.png', png);
    const c = centroid(decode(png), bluePixels);
    expect(Math.abs(c.x - (BANGKOK.lon - 100) * 256)).toBeLessThanOrEqual(1); // 128.46
    expect(Math.abs(c.y - (14 - BANGKOK.lat) * 256)).toBeLessThanOrEqual(1); // 62.39
  });
});

describe('geometry types', () => {
  const style = fixedStyle('line', '#00AA00');

  it('draws LineString, MultiLineString, MultiPoint and a GeometryCollection', async () => {
    const features = [
      { geometry: { type: 'LineString', coordinates: [[100.1, 10.9], [100.9, 10.9]] } as Geometry, properties: {} },
      { geometry: { type: 'MultiLineString', coordinates: [[[100.1, 10.7], [100.4, 10.7]], [[100.6, 10.7], [100.9, 10.7]]] } as Geometry, properties: {} },
      { geometry: { type: 'MultiPoint', coordinates: [[100.2, 10.5], [100.8, 10.5]] } as Geometry, properties: {} },
      {
        geometry: {
          type: 'GeometryCollection',
          geometries: [
            { type: 'Point', coordinates: [100.5, 10.3] },
            { type: 'LineString', coordinates: [[100.1, 10.1], [100.9, 10.1]] },
          ],
        } as Geometry,
        properties: {},
      },
    ];
    const png = await renderMap(request([{ features, style }], { transparent: false }));
    savePng('lines-points.png', png);
    const img = decode(png);
    const green = (x: number, y: number) => hex(img.at(x, y)) === '#00AA00';
    const row = (lat: number) => Math.floor((11 - lat) * 256);
    expect(green(128, row(10.9))).toBe(true); // LineString
    expect(green(60, row(10.7))).toBe(true); // MultiLineString part 1
    expect(green(200, row(10.7))).toBe(true); // part 2
    expect(green(128, row(10.7))).toBe(false); // the gap between the parts
    expect(green(Math.floor(0.2 * 256), row(10.5))).toBe(true); // MultiPoint
    expect(green(Math.floor(0.8 * 256), row(10.5))).toBe(true);
    expect(green(128, row(10.3))).toBe(true); // collection point
    expect(green(40, row(10.1))).toBe(true); // collection line
    // circles have a white ring: on a black background it shows
    const dark = decode(await renderMap(request([{ features: features.slice(2, 3), style }], { transparent: false, bgcolor: '#000000' })));
    const cx = 0.2 * 256;
    const cy = (11 - 10.5) * 256;
    const ring = countWhere(dark, ([r, g, b]) => r > 200 && g > 200 && b > 200);
    expect(ring).toBeGreaterThan(20);
    expect(hex(dark.at(Math.floor(cx), Math.floor(cy)))).toBe('#00AA00');
  });

  it('fills MultiPolygons with holes even-odd', async () => {
    const square = (x0: number, y0: number, x1: number, y1: number) => [[x0, y0], [x1, y0], [x1, y1], [x0, y1], [x0, y0]];
    const geometry: Geometry = {
      type: 'MultiPolygon',
      coordinates: [
        [square(100.1, 10.1, 100.45, 10.9), square(100.2, 10.4, 100.35, 10.6)], // with a hole
        [square(100.55, 10.1, 100.9, 10.9)],
      ],
    };
    const png = await renderMap(request([{ features: one(geometry), style: fixedStyle('fill', '#0000FF', { opacity: 1 }) }]));
    savePng('multipolygon-hole.png', png);
    const img = decode(png);
    const px = (lon: number, lat: number) => img.at(Math.floor((lon - 100) * 256), Math.floor((11 - lat) * 256));
    expect(px(100.15, 10.5)).toEqual([0, 0, 255, 255]);
    expect(px(100.275, 10.5)).toEqual([0, 0, 0, 0]); // hole
    expect(px(100.5, 10.5)).toEqual([0, 0, 0, 0]); // between the polygons
    expect(px(100.7, 10.5)).toEqual([0, 0, 255, 255]);
  });

  it('a feature outside the bbox, null and empty geometries draw nothing', async () => {
    const features = [
      { geometry: { type: 'Polygon', coordinates: [[[102, 12], [103, 12], [103, 13], [102, 12]]] } as Geometry, properties: {} },
      { geometry: { type: 'LineString', coordinates: [[98, 10.5], [99.9, 10.5]] } as Geometry, properties: {} },
      { geometry: { type: 'Point', coordinates: [101.5, 10.5] } as Geometry, properties: {} },
      { geometry: null, properties: {} },
      { geometry: { type: 'LineString', coordinates: [] } as Geometry, properties: {} },
      { geometry: { type: 'MultiPolygon', coordinates: [] } as Geometry, properties: {} },
      { geometry: { type: 'GeometryCollection', geometries: [] } as Geometry, properties: {} },
    ];
    for (const s of [fixedStyle('fill', '#FF0000'), fixedStyle('line', '#FF0000'), fixedStyle('circle', '#FF0000')]) {
      const img = decode(await renderMap(request([{ features, style: s }])));
      expect(countWhere(img, (p) => p[3] !== 0)).toBe(0);
    }
  });

  it('draws layers in order (the last on top) and reads a generator once', async () => {
    function* gen() {
      yield { geometry: LEFT_HALF, properties: {} };
    }
    const png = await renderMap(
      request([
        { features: gen(), style: fixedStyle('fill', '#0000FF', { opacity: 1 }) },
        { features: one(LEFT_HALF), style: fixedStyle('fill', '#00FF00', { opacity: 1 }) },
      ]),
    );
    expect(decode(png).at(60, 60)).toEqual([0, 255, 0, 255]);
  });

  it('a long line with thousands of sub-pixel vertices still reaches its end', async () => {
    const coordinates: number[][] = [];
    for (let i = 0; i <= 5000; i++) coordinates.push([100.1 + (0.8 * i) / 5000, 10.5]);
    const img = decode(await renderMap(request([{ features: one({ type: 'LineString', coordinates }), style }])));
    expect(hex(img.at(Math.floor(0.11 * 256), 128))).toBe('#00AA00');
    expect(hex(img.at(Math.floor(0.895 * 256), 128))).toBe('#00AA00');
    expect(img.at(Math.floor(0.91 * 256) + 2, 128)[3]).toBe(0);
  });
});

describe('legend styles on the map', () => {
  it('colours change-rate lines by epr class, same colours as config/legends.yaml', async () => {
    const rate = legend('change-rate');
    const epr = [-6, -0.5, 0, 3, 7, null, 'n/a'];
    // one horizontal line per value, at rows 32, 64, ... (whole pixels, so a 2 px line covers two full rows)
    const features = epr.map((v, i) => ({
      geometry: { type: 'LineString', coordinates: [[100.05, 11 - (32 * (i + 1)) / 256], [100.95, 11 - (32 * (i + 1)) / 256]] } as Geometry,
      properties: { epr: v },
    }));
    const png = await renderMap(request([{ features, style: styleFromLegend(rate) }], { transparent: false }));
    savePng('change-rate-lines.png', png);
    const img = decode(png);
    const colours = epr.map((_, i) => hex(img.at(128, 32 * (i + 1))));
    expect(colours).toEqual(['#B2182B', '#FDDBC7', '#BDBDBD', '#67A9CF', '#2166AC', '#9E9E9E', '#9E9E9E']);
  });
});

describe('request validation', () => {
  const bad: Array<[string, Partial<RenderRequest>, string]> = [
    ['width too small', { width: 0 }, 'width'],
    ['height too large', { height: 4097 }, 'height'],
    ['fractional width', { width: 300.5 }, 'width'],
    ['unknown CRS', { crs: 'EPSG:32647' as RenderRequest['crs'] }, 'crs'],
    ['inverted bbox', { bbox: [101, 10, 100, 11] }, 'bbox'],
    ['NaN in bbox', { bbox: [100, NaN, 101, 11] }, 'bbox'],
    ['bad bgcolor', { transparent: false, bgcolor: 'red' }, 'bgcolor'],
  ];
  it.each(bad)('%s is a RenderParamError', async (_name, extra, param) => {
    const err = await renderMap(request([], extra)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderParamError);
    expect((err as RenderParamError).param).toBe(param);
    expect((err as RenderParamError).code).toBe(param === 'crs' ? 'InvalidSRS' : 'InvalidParameterValue');
  });

  it('accepts 256 and 2048', async () => {
    const img = decode(await renderMap(request([], { width: 2048, height: 256 })));
    expect([img.width, img.height]).toEqual([2048, 256]);
  });
});
