// A layer's colours from its legend (config/legends.yaml), as MapLibre expressions: the same
// classes the server's WMS styles use (code equal, or min < value <= max), so map, legend card and
// report never disagree. A one-colour layer takes `color`, else its `legendItem`'s colour.
import type { ExpressionSpecification } from 'maplibre-gl';
import type { Legend, LegendItem } from '../../engine/types.ts';
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
  const cases = coloured.flatMap((item) => {
    const test = itemTest(legend.field ?? '', item);
    return test ? [test, item.color ?? DEFAULT_LAYER_COLOR] : [];
  });
  return cases.length ? (['case', ...cases, DEFAULT_LAYER_COLOR] as unknown as ExpressionSpecification) : DEFAULT_LAYER_COLOR;
}

/** The legend entries a layer shows (legend card, layer list, report): one item for a one-colour
 *  layer, else every item of its legend. */
export function legendEntries(layer: Pick<LayerInstance, 'legend' | 'legendItem' | 'color' | 'name'>, legends: readonly Legend[]): LegendItem[] {
  const legend = legendOf(layer, legends);
  if (!legend) return layer.color ? [{ label: layer.name, color: layer.color }] : [];
  if (layer.legendItem !== undefined) return legend.items.filter((i) => String(i.code) === String(layer.legendItem));
  return legend.items;
}
