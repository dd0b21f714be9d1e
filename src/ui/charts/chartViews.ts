// The vega view behind each drawn chart, by its element: the report PDF asks the view itself for a
// PNG (vega's canvas renderer, in the page's fonts) instead of rasterising the SVG.
import type { View } from 'vega';

const views = new WeakMap<Element, View>();

export function setChartView(element: Element, view: View | null): void {
  if (view) views.set(element, view);
  else views.delete(element);
}

/** The view drawn into `element` (a `.vega-chart-canvas`), if any. */
export function chartViewOf(element: Element): View | undefined {
  return views.get(element);
}
