// What the report shows, read from the running app: the visible layers in drawing order, the
// charts of the current page that have data (compiled by the chart module, as the sidebar shows
// them), and the page heading of those charts. Adding a layer type or a chart spec makes it
// appear here with no change to report code.
import { compileChart } from '../../engine/charts/compile.ts';
import type { ChartSpec } from '../../engine/charts/spec.ts';
import type { ConfigBundle } from '../../engine/types.ts';
import type { MapLayer } from '../../map/layerStore.ts';
import { drawOrder } from '../../map/layers/order.ts';
import type { ReportChart, ReportInput } from '../../report/model.ts';
import { chartInputOf, type RowResult } from '../topic/rowResults.ts';

/** The GetLegendGraphic picture of a WMS layer that config gives no legend. */
export function legendGraphicUrl(layer: MapLayer): string | null {
  if (layer.type !== 'wms' || !layer.url || !layer.options?.layers) return null;
  const params = new URLSearchParams({ SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetLegendGraphic', FORMAT: 'image/png', LAYER: layer.options.layers });
  return `${layer.url}${layer.url.includes('?') ? '&' : '?'}${params.toString()}`;
}

export function reportInputs(bundle: ConfigBundle, layers: readonly MapLayer[], page: string, results: Readonly<Record<string, RowResult>>): ReportInput {
  const [route = '', ...rest] = page.split('/');
  const topic = bundle.topics.find((t) => t.route === route);
  const variant = topic?.variants.find((v) => v.path === rest.join('/'));
  const specs = (variant?.sections ?? []).filter((s): s is ChartSpec & { kind: 'chart' } => s.kind === 'chart');
  const charts = specs.flatMap((spec): ReportChart[] => {
    const input = chartInputOf(results[spec.from]);
    const chart = input ? compileChart(spec, input, bundle.legends) : null;
    return chart ? [{ id: spec.id, title: spec.title, chart }] : [];
  });
  const heading = [topic?.title.th, topic && topic.variants.length > 1 ? variant?.tab?.th : undefined].filter(Boolean).join(' — ');
  return { layers: drawOrder(layers), legends: bundle.legends, charts, chartHeading: heading, legendImage: legendGraphicUrl };
}
