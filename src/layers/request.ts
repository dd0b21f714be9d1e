// Request building shared by the layer types (SPEC.md §3, §7): template variables from picker
// values, CQL_FILTER from the chosen levels joined by ' and ', GeoServer viewparams, and the
// splitting of a multi-valued picker into one request per item. Values are quoted and escaped
// here, never pasted raw; a multi-select stays an array end to end.
import type { AppConfig } from '../engine/types.ts';
import { interpolate } from '../engine/template.ts';
import { refValue, refValues, type Chosen, type PickerValues } from '../engine/options.ts';
import type { InstantiateContext } from './types.ts';

export interface CqlTerm { field: string; picker: string; op?: '=' | 'in' | 'like' }
export interface ViewParam { key: string; picker?: string; deepest?: readonly string[] }

/** A CQL string literal: single quotes doubled (the CQL escape). */
export function cqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function buildCql(terms: readonly CqlTerm[], values: PickerValues): string | undefined {
  const parts = terms.flatMap((t) => {
    const all = refValues(values, t.picker).filter((v) => v !== '');
    if (all.length === 0) return [];
    const { op } = t;
    if (op === 'in') return [`${t.field} IN (${all.map(cqlLiteral).join(',')})`];
    const one = all.join(',');
    if (op === 'like') return [`${t.field} LIKE ${cqlLiteral(`%${one}%`)}`];
    return [`${t.field} = ${cqlLiteral(one)}`];
  });
  return parts.length ? parts.join(' and ') : undefined;
}

/** GeoServer viewparams: `;` separates pairs and `:`; `,` and `\` inside values are backslash-escaped. */
export function viewparamValue(value: string): string {
  return value.replace(/[\\;:,]/g, (c) => `\\${c}`);
}

const pickerIdOf = (ref: string) => ref.split('.')[0] ?? ref;

/** The picker a viewparam reads: its own, or for `deepest` the deepest chosen one. */
export function viewparamPicker(p: ViewParam, values: PickerValues): string | undefined {
  if (p.picker) return pickerIdOf(p.picker);
  for (const id of [...(p.deepest ?? [])].reverse()) {
    const v = refValue(values, id);
    if (v !== undefined && v !== '') return id;
  }
  return undefined;
}

/** key -> raw value of every viewparam that has one (unescaped). */
export function viewparamEntries(params: readonly ViewParam[], values: PickerValues): Array<[string, string]> {
  return params.flatMap((p): Array<[string, string]> => {
    const id = viewparamPicker(p, values);
    if (id === undefined) return [];
    const v = refValue(values, p.picker ?? id);
    return v === undefined || v === '' ? [] : [[p.key, v]];
  });
}

export function viewparamsText(entries: ReadonlyArray<[string, string]>): string | undefined {
  return entries.length ? entries.map(([k, v]) => `${k}:${viewparamValue(v)}`).join(';') : undefined;
}

export function buildViewparams(params: readonly ViewParam[], values: PickerValues): string | undefined {
  return viewparamsText(viewparamEntries(params, values));
}

/**
 * The picker values of each request when the layer is split by a multi-select (`splitBy`): one
 * request per chosen item, in item order, each labelled with the item's name, when a viewparam
 * reads that picker for these values (a `deepest` list reads a deeper level once one is chosen:
 * then one request). Unsplit: one part.
 */
export function splitParts(splitBy: string | undefined, params: readonly ViewParam[], values: PickerValues): Array<{ label?: string; values: PickerValues }> {
  const v = splitBy ? values[splitBy] : undefined;
  const read = params.some((p) => viewparamPicker(p, values) === splitBy);
  if (!splitBy || !read || !Array.isArray(v) || v.length === 0) return [{ values }];
  return v.map((item: Chosen) => ({ label: item.name, values: { ...values, [splitBy]: [item] } }));
}

/** Template variables: {product}, every picker (its code, or codes joined by ','), then `vars`. */
export function templateVars(ctx: InstantiateContext): Record<string, string> {
  const vars: Record<string, string> = { product: ctx.app.product };
  for (const key of Object.keys(ctx.values)) {
    const v = refValue(ctx.values, key);
    if (v !== undefined) vars[key] = v;
  }
  return { ...vars, ...ctx.vars };
}

export function fill(text: string, ctx: InstantiateContext): string {
  return interpolate(text, templateVars(ctx));
}

/** Our own GeoServer-style endpoint (`wms`, `wfs`, `ows`), or an external URL as it is. */
export function serviceUrl(app: AppConfig, service: string): string {
  if (/^https?:\/\//.test(service)) return service;
  return `${interpolate(app.backend.geoserver, { product: app.product })}/${service}`;
}

export function routerUrl(app: AppConfig): string {
  return interpolate(app.backend.router, { product: app.product });
}

export function assetUrl(app: AppConfig, name: string): string {
  return `${app.backend.assets ?? `${app.basePath}/assets/data`}/${name}`;
}

/** The common instance fields of a template. */
export function baseInstance(t: { id: string; type: string; name: string; layerId?: string; legend?: string; legendItem?: string | number; color?: string; opacity?: number; fit?: boolean }, ctx: InstantiateContext) {
  return {
    id: fill(t.layerId ?? t.id, ctx),
    name: fill(t.name, ctx),
    type: t.type,
    ...(t.legend ? { legend: t.legend } : {}),
    ...(t.legendItem !== undefined ? { legendItem: t.legendItem } : {}),
    ...(t.color ? { color: t.color } : {}),
    ...(t.opacity !== undefined ? { opacity: t.opacity } : {}),
    ...(t.fit ? { fit: true } : {}),
  };
}
