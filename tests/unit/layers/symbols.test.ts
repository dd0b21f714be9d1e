// Colour is never the only cue (issue 14 item 6): the rate points of /shoreline-trend are also
// told apart by symbol. The icon-image expression is evaluated for real with
// @maplibre/maplibre-gl-style-spec, on the real legends: erosion classes a downward triangle,
// accretion an upward one, no change a circle, each in its class colour; a point of no class the
// fallback circle; a legend without symbols draws circles (no expression).
import { expression, latest, type Feature } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { SYMBOL_SHAPES, symbolImageId, symbolPath } from '../../../src/engine/symbols.ts';
import { FALLBACK_SYMBOL, symbolExpression, symbolImages } from '../../../src/layers/draw/legendStyle.ts';
import { layerDrawers } from '../../../src/layers/drawers.ts';
import { realBundle } from '../actions/helpers.ts';

const { legends } = await realBundle();
const layer = { legend: 'transect-rate' };

function image(properties: Record<string, unknown>): string {
  const exp = symbolExpression(layer, legends);
  const parsed = expression.createExpression(exp, latest.layout_symbol['icon-image'] as never);
  if (parsed.result !== 'success') throw new Error(`invalid expression: ${parsed.value.map((e) => e.message).join('; ')}`);
  const value = parsed.value.evaluate({ zoom: 10 }, { type: 'Point', properties } as unknown as Feature);
  return String((value as { name?: string }).name ?? value);
}

describe('rate points by symbol', () => {
  it('erosion points down, accretion up, no change a circle, each in its class colour', () => {
    const colour = (code: string) => legends.find((l) => l.id === 'transect-rate')!.items.find((i) => i.code === code)!.color!;
    for (const code of ['severe_erosion', 'moderate_erosion', 'low_erosion']) expect(image({ rate_class: code })).toBe(symbolImageId('triangle-down', colour(code)));
    for (const code of ['low_accretion', 'moderate_accretion', 'severe_accretion']) expect(image({ rate_class: code })).toBe(symbolImageId('triangle-up', colour(code)));
    expect(image({ rate_class: 'none' })).toBe(symbolImageId('circle', colour('none')));
    expect(image({ rate_class: null })).toBe(symbolImageId(FALLBACK_SYMBOL.shape, FALLBACK_SYMBOL.color));
    expect(image({})).toBe(symbolImageId(FALLBACK_SYMBOL.shape, FALLBACK_SYMBOL.color));
  });

  it('one image per symbol and colour (and the fallback); none for a legend without symbols', () => {
    const images = symbolImages(layer, legends);
    expect(images).toHaveLength(8);
    expect(new Set(images.map((i) => i.id)).size).toBe(8);
    expect(images.filter((i) => i.shape === 'triangle-down')).toHaveLength(3);
    expect(symbolImages({ legend: 'change-rate' }, legends)).toEqual([]);
    expect(symbolExpression({ legend: 'change-rate' }, legends)).toBeNull();
    expect(symbolExpression({}, legends)).toBeNull();
  });

  it('every shape has a closed path in the 16 px box; routerpoints has its own drawer', () => {
    for (const shape of SYMBOL_SHAPES) {
      const d = symbolPath(shape);
      expect(d).toMatch(/^M[\d. ]+.*Z$/);
      for (const n of d.match(/-?\d+(\.\d+)?/g)!.map(Number)) expect(Math.abs(n)).toBeLessThanOrEqual(16);
    }
    expect(symbolPath('triangle-down')).not.toBe(symbolPath('triangle-up'));
    expect(layerDrawers.routerpoints).not.toBe(layerDrawers.wfs);
  });
});
