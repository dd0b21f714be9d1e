// What the report shows, read from the running app: the visible layers in drawing order, the
// charts of the current page that have data (compiled by the chart module, as the sidebar shows
// them), and the page heading of those charts. Adding a layer type or a chart spec makes it
// appear here with no change to report code.
import { compileChart } from '../../engine/charts/compile.ts';
import type { ChartInput } from '../../engine/charts/group.ts';
import type { ChartSpec } from '../../engine/charts/spec.ts';
import type { ConfigBundle, RouterQuery } from '../../engine/types.ts';
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

/** A chart section: its spec, and the router call that feeds it when it has one. */
type ChartSection = ChartSpec & { kind: 'chart'; router?: RouterQuery };

/** The topic and variant of a page (route/variant path). */
function pageOf(bundle: ConfigBundle, page: string) {
  const [route = '', ...rest] = page.split('/');
  const topic = bundle.topics.find((t) => t.route === route);
  return { topic, variant: topic?.variants.find((v) => v.path === rest.join('/')) };
}

function chartSections(variant: ReturnType<typeof pageOf>['variant']): ChartSection[] {
  return (variant?.sections ?? []).filter((s): s is ChartSection => s.kind === 'chart');
}

/** The chart sections of a page (route/variant path). */
export function pageChartSpecs(bundle: ConfigBundle, page: string): ChartSection[] {
  return chartSections(pageOf(bundle, page).variant);
}

/** `routerInputs`: the answers of the charts that take their rows from a router call, by chart id. */
export function reportInputs(
  bundle: ConfigBundle,
  layers: readonly MapLayer[],
  page: string,
  results: Readonly<Record<string, RowResult>>,
  routerInputs: Readonly<Record<string, ChartInput | null>> = {},
): ReportInput {
  const { topic, variant } = pageOf(bundle, page);
  const charts = chartSections(variant).flatMap((spec): ReportChart[] => {
    const input = spec.router ? routerInputs[spec.id] ?? null : chartInputOf(results[spec.from]);
    const chart = input ? compileChart(spec, input, bundle.legends, bundle.glossary) : null;
    return chart ? [{ id: spec.id, title: spec.title, chart }] : [];
  });
  const heading = [topic?.title.th, topic && topic.variants.length > 1 ? variant?.tab?.th : undefined].filter(Boolean).join(' — ');
  return { layers: drawOrder(layers), legends: bundle.legends, charts, chartHeading: heading, legendImage: legendGraphicUrl };
}
