// What the report shows, read from the running app: the visible layers in drawing order, the
// charts the current page draws (src/ui/charts/drawnCharts.ts: as the sidebar compiled them,
// whatever fed them), in the order the page's sections declare their charts, and the page
// heading of those charts. A section kind that declares a chart (its definition's `declares`)
// and draws it with RowChart appears here with no change to report code; so does a layer type.
import type { ConfigBundle } from '../../engine/types.ts';
import type { MapLayer } from '../../map/layerStore.ts';
import { drawOrder } from '../../map/layers/order.ts';
import type { ReportChart, ReportInput } from '../../report/model.ts';
import { sectionDefinitionOf } from '../../sections/definitions.ts';
import { definitionOf } from '../../layers/definitions.ts';

/** Legend pictures are asked for at 3x and shown at a third of their pixels: ~290 ppi on paper
 *  (issue 26 item 4: at 1x the analysis layer's legend printed blurred, at 97 ppi). */
export const LEGEND_PICTURE_SCALE = 3;

/** The server's picture of the legend of a layer that config gives no legend (GetLegendGraphic). */
function legendGraphicUrl(layer: MapLayer): string | null {
  return definitionOf(layer.type).legendGraphicUrl?.(layer, LEGEND_PICTURE_SCALE) ?? null;
}

/** The topic and variant of a page (route/variant path). */
function pageOf(bundle: ConfigBundle, page: string) {
  const [route = '', ...rest] = page.split('/');
  const topic = bundle.topics.find((t) => t.route === route);
  return { topic, variant: topic?.variants.find((v) => v.path === rest.join('/')) };
}

/** The chart ids the sections of a page declare, in section order. */
function pageChartIds(bundle: ConfigBundle, page: string): string[] {
  const { variant } = pageOf(bundle, page);
  return (variant?.sections ?? []).flatMap((s) => (sectionDefinitionOf(s).declares?.(s).charts ?? []).map((c) => c.id));
}

/** `drawn`: the charts the page draws now, by chart id (drawnChartsStore). */
export function reportInputs(bundle: ConfigBundle, layers: readonly MapLayer[], page: string, drawn: Readonly<Record<string, ReportChart>>): ReportInput {
  const { topic, variant } = pageOf(bundle, page);
  const charts = pageChartIds(bundle, page).flatMap((id) => (drawn[id] ? [drawn[id]] : []));
  const heading = [topic?.title.th, topic && topic.variants.length > 1 ? variant?.tab?.th : undefined].filter(Boolean).join(' — ');
  return { layers: drawOrder(layers), legends: bundle.legends, charts, chartHeading: heading, legendImage: legendGraphicUrl };
}
