// Loads a picker's options whenever the pickers it depends on change (SPEC.md §4): nothing while
// disabled, a skeleton while loading, the picker's failure text when the list cannot be had.
import { useEffect, useMemo, useState } from 'react';
import type { ResolvedPicker, ResolvedVariant } from '../../engine/types.ts';
import { loadOptions, refValue, type Option, type PickerValues } from '../../engine/options.ts';
import { useConfig } from '../config.tsx';
import { assetRows, routerRows } from '../api.ts';

export type OptionsState = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; options: Option[] };

export function useOptions(picker: ResolvedPicker, variant: ResolvedVariant, enabled: boolean, values: PickerValues): OptionsState {
  const { app } = useConfig();
  const [state, setState] = useState<OptionsState>({ status: 'idle' });
  // Refetch only when a value this picker depends on changes, not on every selection.
  const depsKey = picker.dependsOn.map((d) => refValue(values, d) ?? '').join('|');
  const lists = useVariantLists(variant);

  useEffect(() => {
    if (!enabled) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    loadOptions(picker.source, {
      values,
      router: (q) => routerRows(app, q),
      asset: (name) => assetRows(app, name),
      list: (id) => lists(id, values),
    })
      .then((options) => live && setState({ status: 'ready', options }))
      .catch((error: unknown) => {
        console.warn(`options of picker "${picker.id}" failed`, error);
        if (live) setState({ status: 'error' });
      });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- depsKey stands for the values used
  }, [enabled, depsKey, picker, app, lists]);
  return state;
}

/** A variant's named lists (e.g. the year list behind start and end), fetched once and shared. */
function useVariantLists(variant: ResolvedVariant) {
  const { app } = useConfig();
  return useMemo(() => {
    const cache = new Map<string, Promise<Option[]>>();
    return (id: string, values: PickerValues): Promise<Option[]> => {
      const def = variant.lists.find((l) => l.id === id);
      if (!def) return Promise.reject(new Error(`unknown list ${id}`));
      let hit = cache.get(id);
      if (!hit) {
        hit = loadOptions(def.source, { values, router: (q) => routerRows(app, q), asset: (n) => assetRows(app, n), list: () => Promise.resolve([]) });
        hit.catch(() => cache.delete(id));
        cache.set(id, hit);
      }
      return hit;
    };
  }, [variant, app]);
}
