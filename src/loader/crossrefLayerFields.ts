// A topic layer's field names against what the layer catalog publishes for it: its CQL fields
// (the server refuses a filter on anything else: the row would fail), its viewparams (the layer's
// viewParams set), its drawer labels (`fields`) and the field its legend classes by. A misspelt
// name here drew nothing on the page; now it is refused with the real attribute names.
import type { JsonPath } from '../engine/errors.ts';
import type { Published } from '../engine/catalog.ts';
import type { LayerTemplate, Legend } from '../engine/types.ts';
import type { CqlTerm, ViewParam } from '../layers/request.ts';
import type { SourceDocument } from './readDocument.ts';
import type { Issues } from './issues.ts';
import { closestName } from './similar.ts';
import { describeServed, missingFieldMessage, servedBy } from './layerAttributes.ts';

export function checkLayerFields(issues: Issues, doc: SourceDocument, lp: JsonPath, layer: LayerTemplate, published: readonly Published[], legends: readonly Legend[] | undefined): void {
  const served = servedBy(layer, published);
  if (!served) return;
  const has = (field: string) => served.attributes.includes(field);
  (layer.cql as CqlTerm[] | undefined)?.forEach((term, k) => {
    if (!has(term.field)) issues.add(doc, [...lp, 'cql', k, 'field'], missingFieldMessage(term.field, served, 'CQL field'));
  });
  const keys = [...new Set(served.layers.flatMap((l) => Object.keys(l.viewParams ?? {})))];
  (layer.viewparams as ViewParam[] | undefined)?.forEach((vp, k) => {
    if (keys.includes(vp.key)) return;
    const hint = closestName(vp.key, keys);
    const known = keys.length ? `its viewparams are ${keys.join(', ')}` : 'it takes no viewparams';
    issues.add(doc, [...lp, 'viewparams', k, 'key'], `viewparam "${vp.key}" is not one of ${describeServed(served)}: ${known}${hint ? `; did you mean "${hint}"?` : ''}`);
  });
  const labels = layer.fields;
  if (labels && typeof labels === 'object') {
    for (const field of Object.keys(labels)) {
      if (!has(field)) issues.add(doc, [...lp, 'fields', field], missingFieldMessage(field, served, 'drawer field'), 'key');
    }
  }
  const legend = layer.legend === undefined ? undefined : legends?.find((l) => l.id === layer.legend);
  if (legend?.field !== undefined && !has(legend.field)) {
    issues.add(doc, [...lp, 'legend'], `legend "${legend.id}": ${missingFieldMessage(legend.field, served, 'its field')}`);
  }
}
