// Requests for lists and totals of a published layer (issue 23 item 2), as query entries of
// /{product}/v2/values and /{product}/v2/totals: the layer name filled from the pickers
// (coastallu_{year}), and `filter.<column>` once per chosen value of the picker it names.
// Pure; the client fetches (src/api/layerData.ts). `chosen` gives the values a picker reference
// sends (options.ts refValues over the current picker values).
import { templateVariables } from './template.ts';
import type { LayerValuesSource } from './types.ts';

/** Query entries: a name may repeat (a multi-select's values). */
export type LayerDataQuery = Array<[string, string]>;

/** The chosen value(s) of a picker reference ('province', 'islands.name'); [] when none. */
type RefValues = (ref: string) => string[];

/** What every request over a layer names: the layer and the filters from the pickers. */
interface LayerSelection {
  layer: string;
  filter?: Record<string, string>;
}

/** The published name with its {picker} variables filled, or null while one has no single value. */
function layerName(template: string, chosen: RefValues): string | null {
  let name = template;
  for (const variable of templateVariables(template)) {
    const picked = chosen(variable);
    if (picked.length !== 1) return null;
    name = name.replaceAll(`{${variable}}`, picked[0]!);
  }
  return name;
}

/** `layer` and `filter.<column>` entries; a filter whose picker has no value narrows nothing. */
function selectionQuery(selection: LayerSelection, chosen: RefValues): LayerDataQuery | null {
  const layer = layerName(selection.layer, chosen);
  if (layer === null) return null;
  const filters = Object.entries(selection.filter ?? {}).flatMap(([column, ref]) => chosen(ref).map((v): [string, string] => [`filter.${column}`, v]));
  return [['layer', layer], ...filters];
}

/** The values request of a picker source, or null while its layer name cannot be made. */
export function valuesQuery(source: LayerValuesSource, chosen: RefValues): LayerDataQuery | null {
  const base = selectionQuery(source, chosen);
  if (!base) return null;
  const own: LayerDataQuery = [['value', source.value]];
  if (source.label !== undefined) own.push(['label', source.label]);
  if (source.sort !== undefined) own.push(['sort', source.sort]);
  if (source.order !== undefined) own.push(['order', source.order]);
  return [...base, ...own];
}

export interface TotalsRequest extends LayerSelection {
  op: 'sum' | 'count' | 'mean';
  field?: string;
  groupBy: readonly string[];
}

/** The totals request, or null while its layer name cannot be made. */
export function totalsQuery(request: TotalsRequest, chosen: RefValues): LayerDataQuery | null {
  const base = selectionQuery(request, chosen);
  if (!base) return null;
  const own: LayerDataQuery = [['op', request.op]];
  if (request.field !== undefined) own.push(['field', request.field]);
  if (request.groupBy.length) own.push(['groupBy', [...new Set(request.groupBy)].join(',')]);
  return [...base, ...own];
}

/** Picker ids a layer request reads: its name's variables and its filters. */
export function selectionPickerRefs(selection: LayerSelection): string[] {
  return [...templateVariables(selection.layer), ...Object.values(selection.filter ?? {}).map((r) => r.split('.')[0] ?? r)];
}
