// A layer's colours from its legend (config/legends.yaml), as MapLibre expressions: the same
// classes the server's WMS styles use (code equal, or min < value <= max), so map, legend card and
// report never disagree. A one-colour layer takes `color`, else its `legendItem`'s colour. Items
// with a `symbol` also give point features that mark, so colour is never the only cue.
import type { ExpressionSpecification } from 'maplibre-gl';
import type { Legend, LegendItem } from '../../engine/types.ts';
import { symbolImageId, type SymbolShape } from '../../engine/symbols.ts';
import type { LayerInstance } from '../types.ts';

export const DEFAULT_LAYER_COLOR = '#3388ff';

function itemTest(field: string, item: LegendItem): ExpressionSpecification | null {
  const value: ExpressionSpecification = ['get', field];
  if (item.code !== undefined) return ['==', ['to-string', value], String(item.code)];
  if (item.min === undefined && item.max === undefined) return null;
  const n: ExpressionSpecification = ['to-number', value];
  const tests: ExpressionSpecification[] = [['has', field]];
  if (item.min !== undefined) tests.push(['>', n, item.min]);
  if (item.max !== undefined) tests.push(['<=', n, item.max]);
  return ['all', ...tests];
}

/** The legend of a layer, if it names one that exists. */
export function legendOf(layer: Pick<LayerInstance, 'legend'>, legends: readonly Legend[]): Legend | undefined {
  return layer.legend ? legends.find((l) => l.id === layer.legend) : undefined;
}

/** The colour of each feature: a constant, or a `case` over the legend's classes. */
export function colorExpression(layer: Pick<LayerInstance, 'color' | 'legend' | 'legendItem'>, legends: readonly Legend[]): string | ExpressionSpecification {
  if (layer.color) return layer.color;
  const legend = legendOf(layer, legends);
  if (!legend) return DEFAULT_LAYER_COLOR;
  if (layer.legendItem !== undefined) return legend.items.find((i) => String(i.code) === String(layer.legendItem))?.color ?? DEFAULT_LAYER_COLOR;
  const coloured = legend.items.filter((i) => i.color);
  if (!legend.field) return coloured[0]?.color ?? DEFAULT_LAYER_COLOR;
  return classCases(legend, (item) => item.color, DEFAULT_LAYER_COLOR);
}

/** A `case` giving each feature the output of its legend class (items without one are skipped). */
function classCases(legend: Legend, output: (item: LegendItem) => string | undefined, fallback: string): string | ExpressionSpecification {
  const cases = legend.items.flatMap((item) => {
    const out = output(item);
    const test = out === undefined ? null : itemTest(legend.field ?? '', item);
    return test ? [test, out] : [];
  });
  return cases.length ? (['case', ...cases, fallback] as unknown as ExpressionSpecification) : fallback;
}

/** The mark of a feature of no symbol class. */
export const FALLBACK_SYMBOL = { shape: 'circle', color: DEFAULT_LAYER_COLOR } as const satisfies { shape: SymbolShape; color: string };

/** The symbol images a layer draws (each item's `symbol` in its colour, and the fallback), or
 *  none when its legend gives no item a symbol: then it draws coloured circles. */
export function symbolImages(layer: Pick<LayerInstance, 'legend'>, legends: readonly Legend[]): Array<{ id: string; shape: SymbolShape; color: string }> {
  const legend = legendOf(layer, legends);
  const marked = legend?.field ? legend.items.filter((i) => i.symbol) : [];
  if (marked.length === 0) return [];
  const all = [...marked.map((i) => ({ shape: i.symbol!, color: i.color ?? DEFAULT_LAYER_COLOR })), FALLBACK_SYMBOL];
  const byId = new Map(all.map((m) => [symbolImageId(m.shape, m.color), m]));
  return [...byId].map(([id, m]) => ({ id, ...m }));
}

/** The icon-image of each feature: its legend class's symbol in the class colour (the same
 *  classes as colorExpression); null when the legend has no symbols. */
export function symbolExpression(layer: Pick<LayerInstance, 'legend'>, legends: readonly Legend[]): string | ExpressionSpecification | null {
  const legend = legendOf(layer, legends);
  if (!legend || symbolImages(layer, legends).length === 0) return null;
  const image = (item: LegendItem) => (item.symbol ? symbolImageId(item.symbol, item.color ?? DEFAULT_LAYER_COLOR) : undefined);
  return classCases(legend, image, symbolImageId(FALLBACK_SYMBOL.shape, FALLBACK_SYMBOL.color));
}

/** The legend entries a layer shows (legend card, layer list, report): one item for a one-colour
 *  layer, else every item of its legend. */
export function legendEntries(layer: Pick<LayerInstance, 'legend' | 'legendItem' | 'color' | 'name'>, legends: readonly Legend[]): LegendItem[] {
  const legend = legendOf(layer, legends);
  if (!legend) return layer.color ? [{ label: layer.name, color: layer.color }] : [];
  if (layer.legendItem !== undefined) return legend.items.filter((i) => String(i.code) === String(layer.legendItem));
  return legend.items;
}
