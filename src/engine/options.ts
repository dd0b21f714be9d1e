// Interprets a picker's `source` at run time: fixed options, a router call filled from other
// pickers, a bundled asset, a variant list, or the distinct values of a published layer filtered
// by other pickers (/{product}/v2/values). Pure apart from the injected fetchers.
import { valuesQuery, type LayerDataQuery } from './layerData.ts';
import type { FieldMap, Source } from './types.ts';

export interface Option {
  value: string;
  label: string;
  color?: string;
  /** Extra fields of the answer row named in `fields.extra` (bbox, prv_name, ...). */
  extra: Record<string, unknown>;
}

/** A chosen value, as the picker machine holds it: code, name and the row's extra fields. */
export interface Chosen { code: string; name: string; extra?: Record<string, unknown> }
export type PickerValue = Chosen | Chosen[] | null;
export type PickerValues = Readonly<Record<string, PickerValue | undefined>>;

export function toChosen(o: Option): Chosen {
  return { code: o.value, name: o.label, extra: o.extra };
}

export interface SourceContext {
  values: PickerValues;
  router: (query: Record<string, string>) => Promise<unknown[]>;
  asset: (name: string) => Promise<unknown[]>;
  list: (id: string) => Promise<Option[]>;
  /** Rows `{value, label}` of /{product}/v2/values for these query entries. */
  layerValues: (query: LayerDataQuery) => Promise<unknown[]>;
}

/** The text before `before` (the whole text when it does not occur there or at its start). */
function cutLabel(label: string, before: string | undefined): string {
  const at = before ? label.indexOf(before) : -1;
  return at > 0 ? label.slice(0, at) : label;
}

export function optionsFromRows(rows: readonly unknown[], fields: FieldMap = {}): Option[] {
  const valueKey = fields.value ?? 'code';
  const labelKey = fields.label ?? 'name';
  return rows.flatMap((row): Option[] => {
    if (Array.isArray(row)) {
      // Year pairs arrive as [code or layer name, Buddhist-year label].
      return row.length >= 1 ? [{ value: String(row[0]), label: String(row[1] ?? row[0]), extra: {} }] : [];
    }
    if (typeof row === 'number' || typeof row === 'string') return [{ value: String(row), label: String(row), extra: {} }];
    if (!row || typeof row !== 'object') return [];
    const r = row as Record<string, unknown>;
    const value = r[valueKey];
    if (value === undefined || value === null) return [];
    const extra = Object.fromEntries((fields.extra ?? []).map((k) => [k, r[k]]));
    return [{ value: String(value), label: cutLabel(String(r[labelKey] ?? value), fields.labelBefore), extra }];
  });
}

/** Every value a picker reference sends, one per chosen item: 'province' -> [its code];
 *  'islands.name' -> the names of the chosen islands. [] when nothing is chosen. Multi-select
 *  values stay an array end to end (a name holding a comma stays one value). */
export function refValues(values: PickerValues, ref: string): string[] {
  const [id = ref, field = 'code'] = ref.split('.');
  const v = values[id];
  if (!v) return [];
  const pick = (o: Chosen) => (field === 'code' || field === 'value' || field === 'id' ? o.code : field === 'name' || field === 'label' ? o.name : String(o.extra?.[field] ?? ''));
  return (Array.isArray(v) ? v : [v]).map(pick);
}

/** The value a picker reference sends as one query parameter: a single choice as it is, several
 *  joined by ',' (the provider router's list parameters, e.g. pv=90,93, SPEC.md §7). */
export function refValue(values: PickerValues, ref: string): string | undefined {
  const all = refValues(values, ref);
  return all.length ? all.join(',') : undefined;
}

export async function loadOptions(source: Source, ctx: SourceContext): Promise<Option[]> {
  if ('options' in source) {
    return source.options.map((o) => (typeof o === 'number' ? { value: String(o), label: String(o), extra: {} } : { value: String(o.value), label: o.label, extra: {}, ...(o.color ? { color: o.color } : {}) }));
  }
  if ('list' in source) return ctx.list(source.list);
  if ('layer' in source) {
    // No request while a picker the layer name needs ({year}) has no single value.
    const query = valuesQuery(source, (ref) => refValues(ctx.values, ref));
    return query ? optionsFromRows(await ctx.layerValues(query), { value: 'value', label: 'label' }) : [];
  }
  if ('router' in source) {
    const query: Record<string, string> = { ...source.router };
    for (const [key, ref] of Object.entries(source.params ?? {})) {
      const value = refValue(ctx.values, ref);
      if (value !== undefined) query[key] = value;
    }
    return optionsFromRows(await ctx.router(query), source.fields);
  }
  const rows = await ctx.asset(source.asset);
  const filters = Object.entries(source.filter ?? {}).map(([field, ref]) => [field, refValues(ctx.values, ref)] as const);
  const kept = rows.filter((row) => filters.every(([field, want]) => want.length === 0 || want.includes(String((row as Record<string, unknown>)[field]))));
  return optionsFromRows(kept, source.fields);
}
