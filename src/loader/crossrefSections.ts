// Cross-reference checks of a variant's sections: each kind's module (src/sections/<kind>/
// definition.ts) declares its rows, charts and template variables and checks its references
// through a SectionCheckContext whose paths are relative to the section.
import type { JsonPath } from '../engine/errors.ts';
import type { LayerTemplate, Legend, SectionBase, Source } from '../engine/types.ts';
import type { SourceDocument } from './readDocument.ts';
import type { Issues } from './issues.ts';
import type { Path, SectionCheckContext } from '../sections/types.ts';
import { sectionDefinitionOf } from '../sections/definitions.ts';
import { definitionOf, layerTypes } from '../layers/definitions.ts';
import { checkLegendItem } from './crossrefLayers.ts';
import type { Published } from '../engine/catalog.ts';
import { describeServed, missingFieldMessage, servedBy } from './layerAttributes.ts';

interface SectionDeclared {
  rows: Array<{ id: string; layer: string; path: JsonPath }>;
  charts: Array<{ id: string; path: JsonPath }>;
  /** Template variables every layer of the variant may use (a switches section's id). */
  variables: string[];
  /** Variables only some layers get: {year} for the layer of a yearLayers section. */
  layerVariables(layerId: string): readonly string[];
}

/** What the variant's other checks offer the sections (paths absolute). */
interface SectionRefs {
  layers: readonly LayerTemplate[];
  legendIds?: readonly string[] | undefined;
  legends?: readonly Legend[] | undefined;
  formIds: readonly string[];
  /** What the layer catalog publishes (absent when it failed its own checks). */
  published?: readonly Published[] | undefined;
  layer(path: JsonPath, id: string): void;
  picker(path: JsonPath, ref: string): void;
  source(path: JsonPath, source: Source): void;
  validations(path: JsonPath, ids: readonly string[] | undefined): void;
}

export function declaredBySections(at: JsonPath, sections: readonly SectionBase[]): SectionDeclared {
  const out: SectionDeclared = { rows: [], charts: [], variables: [], layerVariables: () => [] };
  const perLayer = new Map<string, string[]>();
  sections.forEach((s, i) => {
    const d = sectionDefinitionOf(s).declares?.(s);
    const sp: JsonPath = [...at, 'sections', i];
    d?.rows?.forEach((r) => out.rows.push({ ...r, path: [...sp, ...r.path] }));
    d?.charts?.forEach((c) => out.charts.push({ ...c, path: [...sp, ...c.path] }));
    out.variables.push(...(d?.variables ?? []));
    for (const [layer, names] of Object.entries(d?.layerVariables ?? {})) perLayer.set(layer, [...(perLayer.get(layer) ?? []), ...names]);
  });
  out.layerVariables = (layerId) => perLayer.get(layerId) ?? [];
  return out;
}

/** 'a, b or c' */
function oneOf(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
}

export function checkSections(issues: Issues, doc: SourceDocument, at: JsonPath, sections: readonly SectionBase[], declared: SectionDeclared, refs: SectionRefs): void {
  const rowIds = declared.rows.map((r) => r.id);
  const layerIds = refs.layers.map((l) => l.id);
  const dataTypes = layerTypes.filter((t) => definitionOf(t).offersData);
  sections.forEach((s, i) => {
    const sp: JsonPath = [...at, 'sections', i];
    const abs = (path: Path): JsonPath => [...sp, ...path];
    const ctx: SectionCheckContext = {
      layer: (path, id) => refs.layer(abs(path), id),
      dataLayer: (path, id) => {
        const layerId = declared.rows.find((r) => r.id === id)?.layer ?? (layerIds.includes(id) ? id : undefined);
        if (layerId === undefined) return issues.unknown(doc, abs(path), 'row', id, rowIds);
        const layer = refs.layers.find((l) => l.id === layerId);
        // An unknown layer of a row is reported at the row; a type no module has, by the schema.
        if (!layer || !layerTypes.includes(layer.type as never) || definitionOf(layer.type).offersData) return;
        issues.add(doc, abs(path), `layer "${layer.id}" (type ${layer.type}) offers no data to chart or download; use a ${oneOf(dataTypes)} layer`);
      },
      dataFields: (path, id, fields, need = 'all') => {
        const layerId = declared.rows.find((r) => r.id === id)?.layer ?? id;
        const layer = refs.layers.find((l) => l.id === layerId);
        // a layer that offers no data is reported as such by dataLayer, its fields are moot
        const offers = layer && layerTypes.includes(layer.type as never) && definitionOf(layer.type).offersData;
        const served = layer && offers && refs.published ? servedBy(layer, refs.published) : undefined;
        if (!served) return;
        const missing = fields.filter((f) => !served.attributes.includes(f));
        if (need === 'any' ? missing.length < fields.length : missing.length === 0) return;
        const message = need === 'any' && fields.length > 1
          ? `none of the fields ${fields.map((f) => `"${f}"`).join(', ')} is an attribute of ${describeServed(served)} in the layer catalog (config/layers.yaml) (attributes: ${served.attributes.join(', ')})`
          : missingFieldMessage(missing[0] ?? '', served);
        issues.add(doc, abs(path), message);
      },
      legend: (path, id) => {
        if (refs.legendIds && !refs.legendIds.includes(id)) issues.unknown(doc, abs(path), 'legend', id, refs.legendIds);
      },
      legendItem: (path, legendId, code) => checkLegendItem(issues, doc, abs(path), refs.legends?.find((l) => l.id === legendId), code),
      picker: (path, ref) => refs.picker(abs(path), ref),
      validations: (path, ids) => refs.validations(abs(path), ids),
      source: (path, source) => refs.source(abs(path), source),
      form: (path, id) => {
        if (!refs.formIds.includes(id)) issues.unknown(doc, abs(path), 'form', id, refs.formIds);
      },
      add: (path, message) => issues.add(doc, abs(path), message),
    };
    sectionDefinitionOf(s).crossCheck?.(s, ctx);
  });
  issues.duplicates(doc, declared.rows, 'row id');
  issues.duplicates(doc, declared.charts, 'chart id');
}
