// Cross-reference checks of a variant's layer templates: legend, group and picker references,
// template variables, and each layer type's own checks (src/layers/<type>/definition.ts
// crossCheck), reported at `file:line:column` of the layer.
import type { JsonPath } from '../engine/errors.ts';
import type { Legend, VariantDoc } from '../engine/types.ts';
import { templateProblem, templateVariables } from '../engine/template.ts';
import type { SourceDocument } from './readDocument.ts';
import type { Issues } from './issues.ts';
import { closestName } from './similar.ts';
import { definitionOf, layerTypes } from '../layers/definitions.ts';
import type { CqlTerm, ViewParam } from '../layers/request.ts';
import type { Published } from '../engine/catalog.ts';
import { checkLayerFields } from './crossrefLayerFields.ts';

interface LayerCheckContext {
  legends?: readonly Legend[];
  pickerIds: readonly string[];
  /** Reports a wrong picker reference (unknown picker, unknown field). */
  pickerRef(path: JsonPath, ref: string): void;
  /** Template variables each layer may use, by layer id ({year} only for year-list layers). */
  variables(layerId: string): ReadonlySet<string>;
  /** The variant's pickers are not all known (an unknown cascade): skip what depends on them. */
  incomplete: boolean;
  /** What the layer catalog publishes (absent when the catalog failed its own checks). */
  published?: readonly Published[];
}

const TEMPLATE_KEYS = ['name', 'layerId', 'layers', 'url'] as const;

/** Reports a legendItem that is no item code of its legend (nothing when the legend is unknown:
 *  that is reported at the legend). */
export function checkLegendItem(issues: Issues, doc: SourceDocument, path: JsonPath, legend: Legend | undefined, code: string | number): void {
  if (!legend || legend.items.some((item) => String(item.code) === String(code))) return;
  issues.unknown(doc, path, `item of legend "${legend.id}"`, String(code), legend.items.flatMap((item) => (item.code !== undefined ? [String(item.code)] : [])));
}

export function checkLayers(issues: Issues, doc: SourceDocument, at: JsonPath, v: VariantDoc, ctx: LayerCheckContext): void {
  const layers = v.layers ?? [];
  const layerIds = layers.map((l) => l.id);
  const legendIds = ctx.legends?.map((l) => l.id);
  layers.forEach((layer, i) => {
    const lp: JsonPath = [...at, 'layers', i];
    if (!(layerTypes as readonly string[]).includes(layer.type)) return; // refused by the schema
    if (layer.legend && legendIds && !legendIds.includes(layer.legend)) issues.unknown(doc, [...lp, 'legend'], 'legend', layer.legend, legendIds);
    if (layer.legendItem !== undefined) {
      if (!layer.legend) issues.add(doc, [...lp, 'legendItem'], 'legendItem needs a legend');
      else checkLegendItem(issues, doc, [...lp, 'legendItem'], ctx.legends?.find((l) => l.id === layer.legend), layer.legendItem);
    }
    if (layer.group) {
      const group = layers.find((l) => l.id === layer.group);
      if (!group) issues.unknown(doc, [...lp, 'group'], 'layer', layer.group, layerIds);
      else if (!definitionOf(group.type).drawsChildren) issues.add(doc, [...lp, 'group'], `layer "${layer.group}" is not of type group`);
    }
    (layer.cql as CqlTerm[] | undefined)?.forEach((c, k) => ctx.pickerRef([...lp, 'cql', k, 'picker'], c.picker));
    (layer.viewparams as ViewParam[] | undefined)?.forEach((vp, k) => {
      if (vp.picker) ctx.pickerRef([...lp, 'viewparams', k, 'picker'], vp.picker);
      vp.deepest?.forEach((d, n) => ctx.pickerRef([...lp, 'viewparams', k, 'deepest', n], d));
    });
    if (typeof layer.splitBy === 'string') ctx.pickerRef([...lp, 'splitBy'], layer.splitBy);
    if (!ctx.incomplete) checkTemplates(issues, doc, lp, layer, ctx.variables(layer.id));
    if (ctx.published) checkLayerFields(issues, doc, lp, layer, ctx.published, ctx.legends);
    for (const problem of definitionOf(layer.type).crossCheck?.(layer, { ...(ctx.legends ? { legends: ctx.legends } : {}), pickerIds: ctx.pickerIds, layers }) ?? []) {
      issues.add(doc, [...lp, ...problem.path], problem.message);
    }
  });
}

function checkTemplates(issues: Issues, doc: SourceDocument, lp: JsonPath, layer: Readonly<Record<string, unknown>>, vars: ReadonlySet<string>): void {
  const texts: Array<[JsonPath, string]> = TEMPLATE_KEYS.flatMap((key) => (typeof layer[key] === 'string' ? [[[key], layer[key]] as [JsonPath, string]] : []));
  const params = layer.params;
  if (params && typeof params === 'object') for (const [k, t] of Object.entries(params)) if (typeof t === 'string') texts.push([['params', k], t]);
  for (const [sub, t] of texts) {
    const problem = templateProblem(t);
    if (problem) issues.add(doc, [...lp, ...sub], `template ${problem}`);
    for (const name of templateVariables(t)) {
      if (vars.has(name)) continue;
      const hint = closestName(name, [...vars]);
      const why = name === 'year' ? ' ({year} exists only for layers listed by a yearLayers section)' : hint ? ` (did you mean {${hint}}?)` : '';
      issues.add(doc, [...lp, ...sub], `template variable {${name}} is not provided by any picker of this variant${why}`);
    }
  }
}
