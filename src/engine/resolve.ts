// Expands `use: <cascade>` entries into concrete pickers and works out which pickers each one
// depends on, so the renderer and the cascade machine get a flat, ordered list.
import type { CascadeDef, PickerDef, PickerEntry, ResolvedPicker, Source, UseCascade } from './types.ts';
import { interpolate, templateVariables } from './template.ts';
import { selectionPickerRefs } from './layerData.ts';

export function isUse(entry: PickerEntry): entry is UseCascade {
  return (entry as UseCascade).use !== undefined;
}

/** Picker ids a source reads: router params (required), asset filters (optional narrowing), a
 *  layer's name variables (required) and filters (optional narrowing). */
export function sourcePickerRefs(source: Source): string[] {
  if ('layer' in source) return selectionPickerRefs(source);
  const refs = 'router' in source ? Object.values(source.params ?? {}) : 'asset' in source ? Object.values(source.filter ?? {}) : [];
  return refs.map((r) => r.split('.')[0] ?? r);
}

export function resolvePickers(entries: readonly PickerEntry[], cascades: readonly CascadeDef[]): ResolvedPicker[] {
  const out: ResolvedPicker[] = [];
  for (const entry of entries) {
    if (!isUse(entry)) {
      out.push(resolveOne(entry));
      continue;
    }
    const cascade = cascades.find((c) => c.id === entry.use);
    if (!cascade) continue; // reported by the cross-reference checks
    const levels = entry.only ? cascade.pickers.filter((p) => entry.only?.includes(p.id)) : cascade.pickers;
    const kept = new Set(levels.map((p) => p.id));
    for (const p of levels) {
      const withParams = fillParams(p, entry.with ?? {});
      const defaults = entry.defaults?.[p.id];
      const resolved = resolveOne({ ...withParams, ...(defaults ? { default: defaults } : {}) }, cascade.id);
      // A level whose parent was left out by `only` depends on nothing from it.
      resolved.dependsOn = resolved.dependsOn.filter((d) => kept.has(d) || !cascade.pickers.some((c) => c.id === d));
      out.push(resolved);
    }
  }
  return out;
}

function resolveOne(p: PickerDef, cascade?: string): ResolvedPicker {
  // A router call cannot be made without its params, so they gate the picker; an asset filter
  // only narrows a list that is complete without it (islands need a province, not a district).
  const required = 'router' in p.source ? sourcePickerRefs(p.source) : 'layer' in p.source ? templateVariables(p.source.layer) : [];
  const dependsOn = [...new Set([...required, ...(p.dependsOn ?? [])])];
  return { ...p, dependsOn, ...(cascade ? { cascade } : {}) };
}

function fillParams(p: PickerDef, params: Record<string, string>): PickerDef {
  if (!('router' in p.source)) return p;
  const router = Object.fromEntries(
    Object.entries(p.source.router).map(([k, v]) => [k, safeInterpolate(v, params)]),
  ) as typeof p.source.router;
  return { ...p, source: { ...p.source, router } };
}

function safeInterpolate(template: string, params: Record<string, string>): string {
  try {
    return interpolate(template, params);
  } catch {
    return template; // a missing parameter is reported by the cross-reference checks
  }
}
