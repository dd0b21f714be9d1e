// Where a WMS layer's features are, for fitting the map (SPEC.md §7): the router's
// page=wfs&mode=getbound with the layer and its cql_filter (the chosen levels joined by 'and'),
// else page=locations&mode=pv-center with the chosen province / district / sub-district codes.
// Failures are logged only (SPEC.md §8 "Bounds or lookup failure").
import type { LayerInstance } from '../../../layers/types.ts';
import type { CqlTerm } from '../../../layers/request.ts';
import { refValue, type PickerValues } from '../../../engine/options.ts';
import { isValidBBox, type BBox } from './fit.ts';

export type RouterFetch = (query: Record<string, string>) => Promise<{ data?: unknown; bbox?: unknown }>;

/** The router query of page=wfs&mode=getbound for a layer instance. */
export function getboundQuery(layer: Pick<LayerInstance, 'options'>): Record<string, string> | null {
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

function bboxFromAnswer(answer: { data?: unknown; bbox?: unknown }): BBox | null {
  if (isValidBBox(answer.bbox)) return answer.bbox;
  const first = Array.isArray(answer.data) ? (answer.data[0] as { bbox?: unknown } | undefined) : undefined;
  return isValidBBox(first?.bbox) ? first.bbox : null;
}

/** The bounds of a WMS layer instance, or null (logged) when neither lookup gives one. */
export async function wmsLayerBounds(
  layer: Pick<LayerInstance, 'options' | 'id'>,
  template: Readonly<Record<string, unknown>>,
  values: PickerValues,
  router: RouterFetch,
  warn: (message: string, error?: unknown) => void = (m, e) => console.warn(m, e ?? ''),
): Promise<BBox | null> {
  const q1 = getboundQuery(layer);
  if (q1) {
    try {
      const box = bboxFromAnswer(await router(q1));
      if (box) return box;
    } catch (error) {
      warn(`bounds of layer ${layer.id} (getbound) failed`, error);
    }
  }
  const q2 = pvCenterQuery(template, values);
  if (q2) {
    try {
      const box = bboxFromAnswer(await router(q2));
      if (box) return box;
    } catch (error) {
      warn(`bounds of layer ${layer.id} (pv-center) failed`, error);
    }
  }
  return null;
}
