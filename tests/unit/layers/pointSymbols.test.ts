// Map and legend agree on point symbols for every point layer type (issue 23 item 4; SPEC.md §4
// legend): WFS, GeoJSON and routerpoints layers (and circle markers) whose legend gives classes a
// `symbol` draw their points as a MapLibre symbol layer of those shapes, for classes by code and
// by range, in the class colour (or the layer's `color`), or of its `legendItem`; a legend without
// symbols keeps the coloured circles. The map double records what MapLibre is asked; the style is
// checked with MapLibre's own validator and expression evaluator, and each sprite image is drawn
// for real (@napi-rs/canvas) and its pixels read back as a shape.
import { createCanvas, Path2D } from '@napi-rs/canvas';
import { expression, latest, validateStyleMin, type Feature, type LayerSpecification, type StyleSpecification } from '@maplibre/maplibre-gl-style-spec';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { beforeAll, describe, expect, it } from 'vitest';
import { symbolImageId } from '../../../src/engine/symbols.ts';
import type { Legend } from '../../../src/engine/types.ts';
import { drawerOf } from '../../../src/layers/drawers.ts';
import { DEFAULT_LAYER_COLOR, symbolExpression } from '../../../src/layers/draw/legendStyle.ts';
import type { MapLayer } from '../../../src/layers/types.ts';
import { BY_CODE, BY_RANGE } from '../../server/render/symbolLegends.ts';
import { readShape } from '../../server/render/symbolShapes.ts';

const legends: Legend[] = [BY_CODE, BY_RANGE, { ...BY_CODE, id: 'no-symbols', items: BY_CODE.items.map(({ symbol: _, ...i }) => i) }];

beforeAll(() => {
  // The sprite images are drawn on a real canvas (Skia), as the browser's would be.
  Object.assign(globalThis, { Path2D, document: { createElement: () => createCanvas(1, 1) } });
});

interface Recorded { sources: Record<string, unknown>; layers: LayerSpecification[]; images: Map<string, { width: number; height: number; data: Uint8ClampedArray }> }

function recordingMap(): { map: MapLibreMap; rec: Recorded } {
  const rec: Recorded = { sources: {}, layers: [], images: new Map() };
  const map = {
    addSource: (id: string, spec: unknown) => void (rec.sources[id] = spec),
    addLayer: (layer: LayerSpecification) => void rec.layers.push(layer),
    hasImage: (id: string) => rec.images.has(id),
    addImage: (id: string, image: { width: number; height: number; data: Uint8ClampedArray }) => void rec.images.set(id, image),
  };
  return { map: map as unknown as MapLibreMap, rec };
}

function layer(type: string, extra: Partial<MapLayer> = {}): MapLayer {
  return { id: 'litter', name: 'จุดสำรวจขยะ', type, zIndex: 1, visible: true, legend: 'test-kind', geoJson: { type: 'FeatureCollection', features: [] }, ...extra };
}

function draw(l: MapLayer) {
  const { map, rec } = recordingMap();
  const ids = drawerOf(l.type)!.add(map, l, { legends });
  const style = { version: 8, sources: rec.sources, layers: rec.layers } as unknown as StyleSpecification;
  expect(validateStyleMin(style).map((e) => e.message)).toEqual([]);
  return { ids, rec, symbol: rec.layers.find((x) => x.type === 'symbol') };
}

/** The icon-image a feature of `properties` gets, evaluated as MapLibre does. */
function imageOf(spec: unknown, properties: Record<string, unknown>): string {
  const parsed = expression.createExpression(spec, latest.layout_symbol['icon-image'] as never);
  if (parsed.result !== 'success') throw new Error(parsed.value.map((e) => e.message).join('; '));
  const value = parsed.value.evaluate({ zoom: 12 }, { type: 'Point', properties } as unknown as Feature);
  return String((value as { name?: string }).name ?? value);
}

/** The shape a sprite image shows in `color`. */
function shapeOfImage(image: { width: number; height: number; data: Uint8ClampedArray }, color: string) {
  const at = (x: number, y: number) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)] as [number, number, number, number];
  return readShape({ width: image.width, height: image.height, at }, color).shape;
}

describe('point layers draw their legend symbols', () => {
  it('WFS and GeoJSON: a symbol layer, one image per class, each image the class shape in its colour', () => {
    for (const type of ['wfs', 'geojson']) {
      const { ids, rec, symbol } = draw(layer(type));
      expect(ids).toEqual(['litter::fill', 'litter::outline', 'litter::line', 'litter::symbol']);
      expect(rec.layers.some((x) => x.type === 'circle')).toBe(false);
      const icon = (symbol as { layout: Record<string, unknown> }).layout['icon-image'];
      for (const item of BY_CODE.items) {
        const id = imageOf(icon, { kind: item.code });
        const shape = item.symbol ?? 'circle';
        expect(id).toBe(symbolImageId(shape, item.color!));
        expect(shapeOfImage(rec.images.get(id)!, item.color!), `${type} ${String(item.code)}`).toBe(shape);
      }
      expect(imageOf(icon, { kind: 'other' })).toBe(symbolImageId('circle', DEFAULT_LAYER_COLOR));
      expect(rec.images.has(symbolImageId('circle', DEFAULT_LAYER_COLOR))).toBe(true);
    }
  });

  it('classes by range (min < v <= max), numbers or numeric strings', () => {
    const { symbol, rec } = draw(layer('wfs', { legend: 'test-kg' }));
    const icon = (symbol as { layout: Record<string, unknown> }).layout['icon-image'];
    const [small, large] = BY_RANGE.items;
    expect(imageOf(icon, { litter_kg: 4.5 })).toBe(symbolImageId('square', small!.color!));
    expect(imageOf(icon, { litter_kg: 10 })).toBe(symbolImageId('square', small!.color!));
    expect(imageOf(icon, { litter_kg: '11.600' })).toBe(symbolImageId('triangle-down', large!.color!));
    expect(imageOf(icon, {})).toBe(symbolImageId('circle', DEFAULT_LAYER_COLOR));
    expect(shapeOfImage(rec.images.get(symbolImageId('triangle-down', large!.color!))!, large!.color!)).toBe('triangle-down');
  });

  it('routerpoints draws only the symbol layer; a circle marker scales its symbols to its radius', () => {
    expect(draw(layer('routerpoints')).ids).toEqual(['litter::symbol']);
    const marker = draw(layer('circlemarker', { draw: { radiusPx: 12 } })).symbol as { layout: Record<string, unknown> };
    expect(marker.layout['icon-size']).toBe(2);
  });

  it("one item's symbol for a layer of one legendItem; the layer's colour over the class colours", () => {
    const one = draw(layer('wfs', { legendItem: 'up' })).symbol as { layout: Record<string, unknown> };
    expect(one.layout['icon-image']).toBe(symbolImageId('triangle-up', '#C000C0'));
    const recoloured = symbolExpression({ legend: 'test-kind', color: '#123456' }, legends);
    expect(imageOf(recoloured, { kind: 'sq' })).toBe(symbolImageId('square', '#123456'));
    expect(imageOf(recoloured, { kind: 'dia' })).toBe(symbolImageId('diamond', '#123456'));
  });

  it('a legend without symbols keeps the coloured circles', () => {
    const { ids, rec } = draw(layer('wfs', { legend: 'no-symbols' }));
    expect(ids.at(-1)).toBe('litter::circle');
    expect(rec.images.size).toBe(0);
  });
});
