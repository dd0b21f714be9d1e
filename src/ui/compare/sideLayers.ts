// What each compare side draws (issue 25 item 1): every yearly layer the variant names in
// `compare.layers`, instantiated with the page's picker values and the side's year (vector types
// load their features), and the satellite image of the side's year when the page says so and a
// satellite year is chosen (otherwise the chosen one, on both sides).
import type { AppConfig, CompareDoc, Legend, ResolvedVariant } from '../../engine/types.ts';
import type { PickerValues } from '../../engine/options.ts';
import type { LoadDeps, MapLayer, TemplateBase } from '../../layers/types.ts';
import { definitionOf } from '../../layers/definitions.ts';
import { satelliteOptions, satelliteTileUrl } from '../../map/satellite/satellite.ts';
import type { CompareSideLayers } from '../../map/compare/compareState.ts';

/** The satellite tiles a side shows, or null. */
function sideSatellite(app: Pick<AppConfig, 'satellite' | 'product'>, spec: CompareDoc, selected: string | null, year: string): string | null {
  if (!selected) return null;
  const own = spec.satellite ? satelliteOptions(app.satellite).find((o) => String(o.year) === year) : undefined;
  return satelliteTileUrl(app, own?.id ?? selected);
}

/** The side's layers for `year` with their templates, top first (the order of `compare.layers`). */
function sideEntries(app: AppConfig, variant: ResolvedVariant, spec: CompareDoc, values: PickerValues, year: string): Array<{ template: TemplateBase; layer: MapLayer }> {
  return spec.layers.flatMap((id, i) => {
    const template = variant.layers.find((l) => l.id === id);
    if (!template) return [];
    const { fit: _fit, ...instance } = definitionOf(template.type).instantiate(template, { app, values, vars: { year } });
    return [{ template, layer: { ...instance, zIndex: spec.layers.length - i, visible: true } }];
  });
}

/** The side's layers with the features of the vector ones loaded, and its satellite tiles. */
export async function loadSide(app: AppConfig, variant: ResolvedVariant, spec: CompareDoc, values: PickerValues, year: string, satellite: string | null, deps: LoadDeps): Promise<CompareSideLayers> {
  const layers = await Promise.all(
    sideEntries(app, variant, spec, values, year).map(async ({ template, layer }) => {
      const def = definitionOf(layer.type);
      if (!def.load) return layer;
      const loaded = await def.load(template, { ...layer, options: layer.options ?? {} }, { app, values, vars: { year }, deps });
      return { ...layer, geoJson: loaded.geoJson };
    }),
  );
  return { layers, satellite: sideSatellite(app, spec, satellite, year) };
}

/** Line colour of each year in the legend of the first compare layer. */
export function yearColours(variant: ResolvedVariant, spec: CompareDoc, legends: readonly Legend[]): Record<string, string> {
  const template = variant.layers.find((l) => l.id === spec.layers[0]);
  const legend = legends.find((l) => l.id === template?.legend);
  return Object.fromEntries((legend?.items ?? []).flatMap((item) => (item.code !== undefined && item.color ? [[String(item.code), item.color]] : [])));
}

/** The years the slider plays: its timeline layer's (its type's `timelineYears`), else the compare years. */
export function timelineYears(variant: ResolvedVariant, spec: CompareDoc): number[] {
  const template = spec.timeline ? variant.layers.find((l) => l.id === spec.timeline) : undefined;
  return (template && definitionOf(template.type).timelineYears?.(template)) ?? spec.years;
}

/** The report's layers in compare mode (issue 25 item 5): both sides' layers, each named with its
 *  side ('ซ้าย: แนวชายฝั่ง พ.ศ. 2562'), so the legend and the map of the report carry both years. */
export function compareReportLayers(left: readonly MapLayer[], right: readonly MapLayer[], names: { first: string; second: string }): MapLayer[] {
  const named = (layers: readonly MapLayer[], side: string, key: string) => layers.map((l) => ({ ...l, id: `${l.id}@${key}`, name: `${side}: ${l.name}` }));
  return [...named(left, names.first, 'left'), ...named(right, names.second, 'right')];
}
