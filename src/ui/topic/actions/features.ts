// Feature requests of WFS layer templates (SPEC.md §3, §7):
// - service `ows`: WFS 1.0.0 GetFeature, typeName + viewparams (erosion / accretion SQL views);
// - service `wfs`: WFS 2.0.0 GetFeature, typeNames + CQL_FILTER;
// - service `router`: the router's page=wfsisland with island, ap_tn, pv_tn (+ start, end) and typeNames.
// Always JSON; POST form-encoded unless the template says GET. A viewparam whose picker holds
// several items (several islands, the two Songkhla Lake provinces) cannot be sent in one
// request: one request per item, answers merged (SPEC.md §4 island charts merge result sets).
import type { AppConfig, LayerTemplate, ViewParam } from '../../../engine/types.ts';
import { buildCql, viewparamValue } from '../../../engine/layerInstance.ts';
import { refValue, type Chosen, type PickerValues } from '../../../engine/options.ts';
import { interpolate } from '../../../engine/template.ts';
import { featureCountOf } from '../../../engine/featureCollection.ts';

export interface FeatureCollectionAnswer extends GeoJSON.FeatureCollection {
  totalFeatures?: number | string;
  numberMatched?: number | string;
  numberReturned?: number;
  crs?: unknown;
}

export interface FeatureRequest {
  url: string;
  method: 'GET' | 'POST';
  /** The request parameters (the form body for POST, the query for GET). */
  params: Record<string, string>;
}

/** The picker id of a reference ('islands.name' -> 'islands'). */
const pickerId = (ref: string) => ref.split('.')[0] ?? ref;

/** The picker a viewparam reads: its own, or for `deepest` the deepest chosen one. */
export function viewparamPicker(p: ViewParam, values: PickerValues): string | undefined {
  if (p.picker) return pickerId(p.picker);
  for (const id of [...(p.deepest ?? [])].reverse()) {
    const v = refValue(values, id);
    if (v !== undefined && v !== '') return id;
  }
  return undefined;
}

/** key -> raw value of every viewparam that has one (unescaped; the caller escapes for viewparams text). */
export function viewparamEntries(params: readonly ViewParam[], values: PickerValues): Array<[string, string]> {
  return params.flatMap((p): Array<[string, string]> => {
    const id = viewparamPicker(p, values);
    if (id === undefined) return [];
    const ref = p.picker ?? id;
    const v = refValue(values, ref);
    return v === undefined || v === '' ? [] : [[p.key, v]];
  });
}

export function viewparamsText(entries: ReadonlyArray<[string, string]>): string | undefined {
  return entries.length ? entries.map(([k, v]) => `${k}:${viewparamValue(v)}`).join(';') : undefined;
}

/**
 * The picker values of each request: a picker read by a viewparam that holds several items is
 * split into one request per item (in item order; with two such pickers, every combination).
 */
export function splitValues(template: Pick<LayerTemplate, 'viewparams'>, values: PickerValues): PickerValues[] {
  const ids = [...new Set((template.viewparams ?? []).map((p) => viewparamPicker(p, values)).filter((id): id is string => id !== undefined))];
  let parts: PickerValues[] = [values];
  for (const id of ids) {
    parts = parts.flatMap((part) => {
      const v = part[id];
      if (!Array.isArray(v) || v.length <= 1) return [part];
      return v.map((item: Chosen) => ({ ...part, [id]: [item] }));
    });
  }
  return parts;
}

/** The request for one part. `typeName` is the instantiated `layers` template. */
export function featureRequest(app: AppConfig, template: LayerTemplate, typeName: string, values: PickerValues): FeatureRequest {
  const method = template.method ?? 'POST';
  const entries = viewparamEntries(template.viewparams ?? [], values);
  if (template.service === 'router') {
    const url = interpolate(app.backend.router, { product: app.product });
    return { url, method, params: { page: 'wfsisland', ...Object.fromEntries(entries), typeNames: typeName } };
  }
  const base = interpolate(app.backend.geoserver, { product: app.product });
  if (template.service === 'wfs') {
    const cql = buildCql(template.cql ?? [], values);
    const viewparams = viewparamsText(entries);
    return {
      url: `${base}/wfs`,
      method,
      params: { service: 'WFS', version: '2.0.0', request: 'GetFeature', typeNames: typeName, outputFormat: 'application/json', ...(cql ? { CQL_FILTER: cql } : {}), ...(viewparams ? { viewparams } : {}) },
    };
  }
  const url = template.service?.startsWith('http') ? template.service : `${base}/ows`;
  const viewparams = viewparamsText(entries);
  const cql = buildCql(template.cql ?? [], values);
  return {
    url,
    method,
    params: { service: 'WFS', version: '1.0.0', request: 'GetFeature', typeName, outputFormat: 'application/json', ...(viewparams ? { viewparams } : {}), ...(cql ? { CQL_FILTER: cql } : {}) },
  };
}

/** The URL to fetch: GET carries the parameters in its query; POST sends them as the form body. */
export function requestUrl(r: FeatureRequest): string {
  return r.method === 'GET' ? `${r.url}${r.url.includes('?') ? '&' : '?'}${new URLSearchParams(r.params).toString()}` : r.url;
}

/** A GeoJSON FeatureCollection, or an error naming what came back instead. */
export function asCollection(answer: unknown, url: string): FeatureCollectionAnswer {
  const a = answer as Partial<FeatureCollectionAnswer> | null;
  if (!a || typeof a !== 'object' || a.type !== 'FeatureCollection' || !Array.isArray(a.features)) {
    throw new Error(`answer from ${url} is not a GeoJSON FeatureCollection`);
  }
  return a as FeatureCollectionAnswer;
}

/**
 * Several answers as one collection: features in request order; totalFeatures / numberMatched
 * summed (each part counted as featureCountOf counts it), numberReturned = features returned.
 */
export function mergeCollections(parts: readonly FeatureCollectionAnswer[]): FeatureCollectionAnswer & { totalFeatures: number; numberMatched: number; numberReturned: number } {
  const features = parts.flatMap((p) => p.features);
  const total = parts.reduce((sum, p) => sum + featureCountOf(p), 0);
  const crs = parts.find((p) => p.crs)?.crs;
  return {
    type: 'FeatureCollection',
    features,
    totalFeatures: total,
    numberMatched: total,
    numberReturned: features.length,
    ...(crs ? { crs } : {}),
  };
}

/** The island name of a part, when the layer takes an `island` viewparam (SPEC.md §7 islands). */
export function islandOf(template: Pick<LayerTemplate, 'viewparams'>, values: PickerValues): string | undefined {
  const p = (template.viewparams ?? []).find((v) => v.key === 'island');
  if (!p) return undefined;
  return viewparamEntries([p], values)[0]?.[1];
}
