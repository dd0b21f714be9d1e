// Where a WMS layer's features are, for fitting the map (SPEC.md §7): the router's
// page=wfs&mode=getbound with the layer and its cql_filter (the chosen levels joined by 'and'),
// else page=locations&mode=pv-center with the chosen province / district / sub-district codes.
// A layer filtered by beach system asks page=beachsystem&mode=getBBox with its beach codes first
// (its beach system is the area the user chose).
// Failures are logged only (SPEC.md §8 "Bounds or lookup failure").
import type { LayerInstance } from '../../../layers/types.ts';
import type { CqlTerm } from '../../../layers/request.ts';
import { refValue, type PickerValues } from '../../../engine/options.ts';
import type { ResolvedPicker } from '../../../engine/types.ts';
import { isValidBBox, type BBox } from './fit.ts';

export type RouterFetch = (query: Record<string, string>) => Promise<{ data?: unknown; bbox?: unknown }>;

/** The router query of page=wfs&mode=getbound for a layer instance. */
function getboundQuery(layer: Pick<LayerInstance, 'options'>): Record<string, string> | null {
  const o = layer.options;
  const name = o.layers ?? o.typeName;
  if (!name) return null;
  return {
    page: 'wfs',
    mode: 'getbound',
    layer: name,
    ...(o.CQL_FILTER ? { cql_filter: o.CQL_FILTER } : {}),
    ...(o.viewparams ? { viewparams: o.viewparams } : {}),
  };
}

const LEVEL_PARAMS: Record<string, string> = { prv_code: 'pv-code', amp_code: 'ap-code', tam_code: 'tb-code' };

/** The router query of page=locations&mode=pv-center from the template's administrative CQL terms; null when none is chosen. */
export function pvCenterQuery(template: Readonly<Record<string, unknown>>, values: PickerValues): Record<string, string> | null {
  const query: Record<string, string> = { page: 'locations', mode: 'pv-center' };
  let any = false;
  for (const term of (Array.isArray(template.cql) ? template.cql : []) as CqlTerm[]) {
    const param = LEVEL_PARAMS[term.field];
    const v = param ? refValue(values, term.picker) : undefined;
    // One area only: a list of codes has no single centre.
    if (param && v && !v.includes(',')) {
      query[param] = v;
      any = true;
    }
  }
  return any ? query : null;
}

const BEACH_FIELDS = new Set(['code_b_m', 'code_b_c', 'code_b_s']);

/** The router query of page=beachsystem&mode=getBBox from the template's beach CQL terms; null when none is chosen. */
export function beachBBoxQuery(template: Readonly<Record<string, unknown>>, values: PickerValues): Record<string, string> | null {
  const query: Record<string, string> = { page: 'beachsystem', mode: 'getBBox' };
  let any = false;
  for (const term of (Array.isArray(template.cql) ? template.cql : []) as CqlTerm[]) {
    const v = BEACH_FIELDS.has(term.field) ? refValue(values, term.picker) : undefined;
    if (v && !v.includes(',')) {
      query[term.field] = v;
      any = true;
    }
  }
  return any ? query : null;
}

/** The CQL terms of the pickers that choose an area (config `area`), for the bounds lookups above. */
export function areaTemplate(pickers: ReadonlyArray<Pick<ResolvedPicker, 'id' | 'area'>>): { cql: CqlTerm[] } {
  return { cql: pickers.flatMap((p) => (p.area ? [{ field: p.area, picker: p.id } as CqlTerm] : [])) };
}

/** The first of `queries` that answers valid bounds; failures are logged only. */
async function firstBounds(queries: ReadonlyArray<Record<string, string> | null>, router: RouterFetch, warn: (message: string, error?: unknown) => void): Promise<BBox | null> {
  for (const query of queries) {
    if (!query) continue;
    try {
      const box = bboxFromAnswer(await router(query));
      if (box) return box;
    } catch (error) {
      warn(`bounds (page=${query.page}&mode=${query.mode}) failed`, error);
    }
  }
  return null;
}

/** The bounds of the area chosen by `template`'s terms (beach system first, then administrative). */
export function areaBounds(template: Readonly<Record<string, unknown>>, values: PickerValues, router: RouterFetch, warn: (message: string, error?: unknown) => void): Promise<BBox | null> {
  return firstBounds([beachBBoxQuery(template, values), pvCenterQuery(template, values)], router, warn);
}

function bboxFromAnswer(answer: { data?: unknown; bbox?: unknown }): BBox | null {
  if (isValidBBox(answer.bbox)) return answer.bbox;
  const first = Array.isArray(answer.data) ? (answer.data[0] as { bbox?: unknown } | undefined) : undefined;
  return isValidBBox(first?.bbox) ? first.bbox : null;
}

/** The bounds of a WMS layer instance: its beach system's, else getbound's, else its area's; null (logged) when none answers. */
export function wmsLayerBounds(
  layer: Pick<LayerInstance, 'options' | 'id'>,
  template: Readonly<Record<string, unknown>>,
  values: PickerValues,
  router: RouterFetch,
  warn: (message: string, error?: unknown) => void = (m, e) => console.warn(m, e ?? ''),
): Promise<BBox | null> {
  return firstBounds([beachBBoxQuery(template, values), getboundQuery(layer), pvCenterQuery(template, values)], router, warn);
}
