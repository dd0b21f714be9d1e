// Which legend item a feature's value falls in (config/legends.yaml): equal to the item's code, or
// min < value <= max. One rule for the map's colours (layers/draw/legendStyle.ts builds the same
// test as a MapLibre expression), the server's WMS styles, the charts' classes and the drawer.
import type { LegendItem } from './types.ts';
import { numberOf } from './charts/group.ts';

/** The index of the legend item a value falls in: equal to its code, or min < value <= max (the
 *  classes the map and the WMS styles use). Null for none. */
export function legendClass(items: readonly LegendItem[], raw: unknown): number | null {
  if (raw === undefined || raw === null) return null;
  const n = numberOf(raw);
  const index = items.findIndex((item) =>
    item.code !== undefined
      ? String(item.code) === String(raw)
      : (item.min !== undefined || item.max !== undefined) && n !== null && (item.min === undefined || n > item.min) && (item.max === undefined || n <= item.max),
  );
  return index < 0 ? null : index;
}

