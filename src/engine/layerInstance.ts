// Builds a concrete map layer from a layer template and the page's picker values (SPEC.md §3):
// WMS options with CQL_FILTER from the chosen levels joined by ' and ', WFS viewparams
// 'key:value;...'. Values are quoted and escaped here, never pasted raw.
import type { AppConfig, CqlTerm, LayerTemplate, ViewParam } from './types.ts';
import { interpolate } from './template.ts';
import { refValue, type PickerValues } from './options.ts';

export interface LayerInstance {
  id: string;
  name: string;
  type: LayerTemplate['type'];
  url?: string;
  options: Record<string, string>;
  legend?: string;
  color?: string;
  opacity?: number;
  fit?: boolean;
}

/** A CQL string literal: single quotes doubled (the CQL escape). */
export function cqlLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

export function buildCql(terms: readonly CqlTerm[], values: PickerValues): string | undefined {
  const parts = terms.flatMap((t) => {
    const raw = refValue(values, t.picker);
    if (raw === undefined || raw === '') return [];
    const op = t.op ?? '=';
    if (op === 'in') return [`${t.field} IN (${raw.split(',').map(cqlLiteral).join(',')})`];
    if (op === 'like') return [`${t.field} LIKE ${cqlLiteral(`%${raw}%`)}`];
    return [`${t.field} = ${cqlLiteral(raw)}`];
  });
  return parts.length ? parts.join(' and ') : undefined;
}

/** GeoServer viewparams: `;` separates pairs and `:`; `,` and `\` inside values are backslash-escaped. */
export function viewparamValue(value: string): string {
  return value.replace(/[\\;:,]/g, (c) => `\\${c}`);
}

export function buildViewparams(params: readonly ViewParam[], values: PickerValues): string | undefined {
  const parts = params.flatMap((p) => {
    const v = p.picker ? refValue(values, p.picker) : deepest(p.deepest ?? [], values);
    return v === undefined ? [] : [`${p.key}:${viewparamValue(v)}`];
  });
  return parts.length ? parts.join(';') : undefined;
}

function deepest(ids: readonly string[], values: PickerValues): string | undefined {
  for (const id of [...ids].reverse()) {
    const v = refValue(values, id);
    if (v !== undefined && v !== '') return v;
  }
  return undefined;
}

export function instantiateLayer(t: LayerTemplate, app: AppConfig, values: PickerValues, extraVars: Readonly<Record<string, string>> = {}): LayerInstance {
  const vars: Record<string, string> = { product: app.product, ...extraVars };
  for (const key of Object.keys(values)) {
    const v = refValue(values, key);
    if (v !== undefined && vars[key] === undefined) vars[key] = v;
  }
  const text = (template: string) => interpolate(template, vars);
  const options: Record<string, string> = {};
  if (t.layers) options[t.type === 'wms' ? 'layers' : 'typeName'] = text(t.layers);
  if (t.type === 'wms') Object.assign(options, { format: 'image/png', transparent: 'true', version: '1.1.0' });
  const cql = buildCql(t.cql ?? [], values);
  if (cql) options.CQL_FILTER = cql;
  const viewparams = buildViewparams(t.viewparams ?? [], values);
  if (viewparams) options.viewparams = viewparams;
  const base = interpolate(app.backend.geoserver, { product: app.product });
  const url = t.service === 'wms' || t.service === 'wfs' || t.service === 'ows' ? `${base}/${t.service}` : t.service?.startsWith('http') ? t.service : undefined;
  return {
    id: text(t.layerId ?? t.id),
    name: text(t.name),
    type: t.type,
    ...(url ? { url } : {}),
    options,
    ...(t.legend ? { legend: t.legend } : {}),
    ...(t.color ? { color: t.color } : {}),
    ...(t.opacity !== undefined ? { opacity: t.opacity } : {}),
    ...(t.fit ? { fit: true } : {}),
  };
}
