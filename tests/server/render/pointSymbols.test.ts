// Map and legend agree on point symbols (issue 23 item 4, SPEC.md §4 legend): the WMS renderer
// draws each legend class's `symbol` (config/legends.yaml) as the client's map and legend card
// do, for classes by code and by range, and GetLegendGraphic shows the same shapes. The shapes are
// read back from the PNG pixels (symbolShapes.ts), so a circle where the legend says square fails.
import type { Geometry } from 'geojson';
import { describe, expect, it } from 'vitest';
import type { Legend } from '../../../src/engine/types.ts';
import { renderLegendGraphic, renderMap, styleFromLegend } from '../../../src/server/ogc/render/index.ts';
import { decode, savePng } from './helpers.ts';
import { BY_CODE, BY_RANGE } from './symbolLegends.ts';
import { readShape } from './symbolShapes.ts';

const BOX = [100, 10, 101, 11] as const;
const SIZE = 256;

function point(lon: number, lat: number): Geometry {
  return { type: 'Point', coordinates: [lon, lat] };
}

/** The window of (w x w) px around a lon/lat of BOX. */
function around(lon: number, lat: number, w = 16): [number, number, number, number] {
  const x = ((lon - BOX[0]) / (BOX[2] - BOX[0])) * SIZE;
  const y = ((BOX[3] - lat) / (BOX[3] - BOX[1])) * SIZE;
  return [Math.floor(x - w / 2), Math.floor(y - w / 2), Math.ceil(x + w / 2), Math.ceil(y + w / 2)];
}

async function draw(legend: Legend, features: Array<{ geometry: Geometry; properties: Record<string, unknown> }>, radius?: number) {
  const style = styleFromLegend(legend, radius !== undefined ? { radius } : {});
  return renderMap({ width: SIZE, height: SIZE, bbox: BOX, crs: 'EPSG:4326', transparent: false, layers: [{ features, style }] });
}

describe('GetMap draws each point in its legend class symbol', () => {
  it('classes by code: square, triangles, diamond, and a circle for the item without a symbol', async () => {
    const at = (i: number) => [100.1 + i * 0.2, 10.5] as const;
    const png = await draw(BY_CODE, BY_CODE.items.map((item, i) => ({ geometry: point(...at(i)), properties: { kind: item.code } })), 8);
    savePng('point-symbols-by-code.png', png);
    const img = decode(png);
    const shapes = BY_CODE.items.map((item, i) => readShape(img, item.color!, around(...at(i), 24)).shape);
    expect(shapes).toEqual(['square', 'triangle-up', 'triangle-down', 'diamond', 'circle']);
  });

  it('at the default size (radius 5) a square fills its corners and a triangle is narrow on top', async () => {
    const png = await draw(BY_CODE, [
      { geometry: point(100.3, 10.5), properties: { kind: 'sq' } },
      { geometry: point(100.6, 10.5), properties: { kind: 'up' } },
      { geometry: point(100.8, 10.5), properties: { kind: 'ci' } },
    ]);
    const img = decode(png);
    const square = readShape(img, '#00A000', around(100.3, 10.5));
    const triangle = readShape(img, '#C000C0', around(100.6, 10.5));
    const circle = readShape(img, '#E00000', around(100.8, 10.5));
    expect([square.shape, triangle.shape, circle.shape]).toEqual(['square', 'triangle-up', 'circle']);
    expect(triangle.top * 2).toBeLessThan(triangle.bottom);
  });

  it('classes by range of litter_kg', async () => {
    const png = await draw(BY_RANGE, [
      { geometry: point(100.3, 10.5), properties: { litter_kg: 4.5 } },
      { geometry: point(100.7, 10.5), properties: { litter_kg: '11.6' } },
    ], 8);
    const img = decode(png);
    expect(readShape(img, '#00A000', around(100.3, 10.5, 24)).shape).toBe('square');
    expect(readShape(img, '#C000C0', around(100.7, 10.5, 24)).shape).toBe('triangle-down');
  });

  it('a legend without symbols still draws circles', async () => {
    const plain: Legend = { ...BY_CODE, items: BY_CODE.items.map(({ symbol: _, ...item }) => item) };
    const img = decode(await draw(plain, [{ geometry: point(100.3, 10.5), properties: { kind: 'sq' } }], 8));
    expect(readShape(img, '#00A000', around(100.3, 10.5, 24)).shape).toBe('circle');
  });
});

describe('GetLegendGraphic shows the same symbols', () => {
  it('one swatch per item in its shape and colour', async () => {
    const png = await renderLegendGraphic(BY_CODE, {});
    savePng('point-symbols-legend.png', png);
    const img = decode(png);
    const shapes = BY_CODE.items.map((item) => readShape(img, item.color!).shape);
    expect(shapes).toEqual(['square', 'triangle-up', 'triangle-down', 'diamond', 'circle']);
  });
});
