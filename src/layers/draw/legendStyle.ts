// A layer's colours from its legend (config/legends.yaml), as MapLibre expressions: the same
// classes the server's WMS styles use (code equal, or min < value <= max), so map, legend card and
// report never disagree. A one-colour layer takes `color`, else its `legendItem`'s colour. Items
// with a `symbol` also give point features that mark (every point type, and the server's WMS the
// same), so colour is never the only cue.
import type { ExpressionSpecification } from 'maplibre-gl';
import type { Legend, LegendItem } from '../../engine/types.ts';
import { itemSymbol, symbolImageId, type SymbolShape } from '../../engine/symbols.ts';
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

/** The one legend item every feature of a layer takes (its `legendItem`, or the first coloured
 *  item of a legend without `field`; undefined when that item does not exist), or CLASSES when
 *  each feature takes the class its value selects. */
const CLASSES = Symbol('classes');
function fixedItem(layer: Pick<LayerInstance, 'legendItem'>, legend: Legend): LegendItem | undefined | typeof CLASSES {
  if (layer.legendItem !== undefined) return legend.items.find((i) => String(i.code) === String(layer.legendItem));
  if (!legend.field) return legend.items.find((i) => i.color);
  return CLASSES;
}

/** The colour of each feature: a constant, or a `case` over the legend's classes. */
export function colorExpression(layer: Pick<LayerInstance, 'color' | 'legend' | 'legendItem'>, legends: readonly Legend[]): string | ExpressionSpecification {
  if (layer.color) return layer.color;
  const legend = legendOf(layer, legends);
  if (!legend) return DEFAULT_LAYER_COLOR;
  const fixed = fixedItem(layer, legend);
  if (fixed !== CLASSES) return fixed?.color ?? DEFAULT_LAYER_COLOR;
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

type SymbolLayer = Pick<LayerInstance, 'legend' | 'legendItem' | 'color'>;
interface Mark { id: string; shape: SymbolShape; color: string }

/** The marks of a layer's points, by the same classes as colorExpression: each item's symbol
 *  (itemSymbol) in its colour (or the layer's `color`); null when its legend gives no symbols. */
function pointMarks(layer: SymbolLayer, legends: readonly Legend[]): { marks: Mark[]; image: string | ExpressionSpecification } | null {
  const legend = legendOf(layer, legends);
  if (!legend || !legend.items.some((i) => i.symbol)) return null;
  const mark = (item: LegendItem | undefined): Mark => {
    const shape = itemSymbol(legend, item) ?? FALLBACK_SYMBOL.shape;
    const color = layer.color ?? item?.color ?? FALLBACK_SYMBOL.color;
    return { id: symbolImageId(shape, color), shape, color };
  };
  const fallback = mark(undefined);
  const fixed = fixedItem(layer, legend);
  if (fixed !== CLASSES) {
    const one = fixed ? mark(fixed) : fallback;
    return { marks: [one], image: one.id };
  }
  const marks = [...new Map([...legend.items.map(mark), fallback].map((m) => [m.id, m])).values()];
  return { marks, image: classCases(legend, (item) => mark(item).id, fallback.id) };
}

/** The symbol images a layer draws (one per shape and colour, with the fallback), or none when its
 *  legend gives no item a symbol: then it draws coloured circles. */
export function symbolImages(layer: SymbolLayer, legends: readonly Legend[]): Mark[] {
  return pointMarks(layer, legends)?.marks ?? [];
}

/** The icon-image of each feature: its legend class's symbol in the class colour; null when the
 *  legend has no symbols. */
export function symbolExpression(layer: SymbolLayer, legends: readonly Legend[]): string | ExpressionSpecification | null {
  return pointMarks(layer, legends)?.image ?? null;
}

/** The legend entries a layer shows (legend card, layer list, report): one item for a one-colour
 *  layer, else every item of its legend. */
export function legendEntries(layer: Pick<LayerInstance, 'legend' | 'legendItem' | 'color' | 'name'>, legends: readonly Legend[]): LegendItem[] {
  const legend = legendOf(layer, legends);
  if (!legend) return layer.color ? [{ label: layer.name, color: layer.color }] : [];
  if (layer.legendItem !== undefined) return legend.items.filter((i) => String(i.code) === String(layer.legendItem));
  return legend.items;
}
