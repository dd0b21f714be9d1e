// Checks of the layer catalog (config/layers.yaml) against the other documents: the legends its
// layers name exist, and every layer name a topic asks the reference server for is published
// (a year a topic offers, in a year list or a picker of fixed options, must be a year the catalog
// publishes).
import type { JsonPath } from '../engine/errors.ts';
import type { CatalogDoc, Published } from '../engine/catalog.ts';
import type { TopicDoc } from '../engine/types.ts';
import type { Loaded, SourceDocument } from './readDocument.ts';
import type { Issues } from './issues.ts';
import { closestName } from './similar.ts';
import { requestedTemplates, templatePattern } from './layerAttributes.ts';
import { templateVariables } from '../engine/template.ts';
import { isUse } from '../engine/resolve.ts';
import { sectionDefinitionOf } from '../sections/definitions.ts';

export function checkCatalogLegends(issues: Issues, catalog: Loaded<CatalogDoc>, legendIds: readonly string[]): void {
  catalog.data.layers.forEach((layer, i) => {
    if ('legend' in layer && layer.legend !== undefined && !legendIds.includes(layer.legend)) {
      issues.unknown(catalog.doc, ['layers', i, 'legend'], 'legend', layer.legend, legendIds);
    }
  });
}

/** Published names, and a listed example of each family (cvi_<variables> answers any combination). */
function publishedNames(published: readonly Published[]): string[] {
  return published.map((p) => (p.kind === 'family' ? 'cvi_1' : p.name));
}

const matches = (template: string, names: readonly string[]) => names.some((n) => templatePattern(template).test(n));

interface Requested {
  path: JsonPath;
  template: string;
  layerId: string;
  variant: number;
}

/** The server layer names of a topic's layers (`layers:` of WMS/WFS layers on the reference server). */
function requestedNames(topic: TopicDoc): Requested[] {
  return topic.variants.flatMap((v, vi) =>
    (v.layers ?? []).flatMap((layer, li) =>
      requestedTemplates(layer).map((template) => ({ path: ['variants', vi, 'layers', li, 'layers'], template, layerId: layer.id, variant: vi })),
    ),
  );
}

function report(issues: Issues, doc: SourceDocument, path: JsonPath, name: string, names: readonly string[], why = ''): void {
  const hint = closestName(name, names);
  issues.add(doc, path, `layer "${name}"${why} is not published by the layer catalog (config/layers.yaml)${hint ? `; did you mean "${hint}"?` : ''}`);
}

export function checkPublished(issues: Issues, topic: Loaded<TopicDoc>, published: readonly Published[]): void {
  const names = publishedNames(published);
  for (const r of requestedNames(topic.data)) {
    if (!matches(r.template, names)) {
      report(issues, topic.doc, r.path, r.template, names);
      continue;
    }
    // the values a section gives a variable of this layer (a year list's years) must be published
    topic.data.variants[r.variant]!.sections?.forEach((s, si) => {
      for (const o of sectionDefinitionOf(s).declares?.(s).layerOptions ?? []) {
        if (o.layer !== r.layerId) continue;
        o.values.forEach((value, vi) => {
          const name = r.template.replaceAll(`{${o.variable}}`, String(value));
          if (!/\{/.test(name) && !names.includes(name)) report(issues, topic.doc, ['variants', r.variant, 'sections', si, ...o.path, vi], name, names);
        });
      }
    });
    checkPickerOptions(issues, topic, r, names);
  }
}

/** A picker of fixed options ({year} of a year picker), given in the picker or in a variant list
 *  it reads, that fills the template: each option must name a published layer (a year the catalog
 *  does not publish draws nothing on the page). */
function checkPickerOptions(issues: Issues, topic: Loaded<TopicDoc>, r: Requested, names: readonly string[]): void {
  const vars = templateVariables(r.template);
  const variant = topic.data.variants[r.variant]!;
  const checked = new Set<string>();
  variant.pickers?.forEach((picker, pi) => {
    if (isUse(picker) || !vars.includes(picker.id)) return;
    const listIndex = 'list' in picker.source ? (variant.lists ?? []).findIndex((l) => 'list' in picker.source && l.id === picker.source.list) : -1;
    const source = listIndex >= 0 ? variant.lists![listIndex]!.source : picker.source;
    const at: JsonPath = listIndex >= 0 ? ['variants', r.variant, 'lists', listIndex, 'source', 'options'] : ['variants', r.variant, 'pickers', pi, 'source', 'options'];
    if (!('options' in source)) return;
    source.options.forEach((option, oi) => {
      const value = String(typeof option === 'object' ? option.value : option);
      const name = r.template.replaceAll(`{${picker.id}}`, value);
      const key = `${at.join('.')}.${oi}`;
      if (matches(name, names) || checked.has(key)) return;
      checked.add(key); // a list shared by two pickers (start, end) is reported once
      report(issues, topic.doc, [...at, oi], name.replace(/\{[^}]+\}/g, '*'), names, ` (layer "${r.layerId}" with ${picker.id} ${value})`);
    });
  });
}
