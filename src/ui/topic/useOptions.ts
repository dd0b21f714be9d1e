// Loads a picker's options whenever the pickers it depends on change (SPEC.md §4): nothing while
// disabled, a skeleton while loading, the picker's failure text when the list cannot be had.
// The same loader serves any `source` of config (e.g. a section's year list). A list that depends
// on other pickers waits a moment after they change, so arrowing through the provinces asks for
// the districts of the one the user stops at, not of every province passed (issue 11).
import { useEffect, useMemo, useState } from 'react';
import type { ResolvedPicker, ResolvedVariant, Source } from '../../engine/types.ts';
import { loadOptions, refValue, type Option, type PickerValues } from '../../engine/options.ts';
import { sourcePickerRefs } from '../../engine/resolve.ts';
import { useConfig } from '../../state/config.tsx';
import { assetRows, layerDataRows, routerRows } from '../../state/api.ts';
import { useOptionalVariantState, variantListLoader, type ListLoader } from './variantState.tsx';

/** How long a picker-driven list waits for the pickers to stop changing: long enough that arrowing
 *  through a select asks for one list only, even when choosing an area loads code or fits the map
 *  between two key presses (300 ms let a request out for the first province, tests/e2e/defects). */
const LIST_DEBOUNCE_MS = 500;

/** A failed list keeps its error (the Thai note says why) and a `retry` (issue 23 item 3). */
type OptionsState = { status: 'idle' | 'loading' } | { status: 'error'; error?: unknown; retry?: () => void } | { status: 'ready'; options: Option[] };

export function useOptions(picker: ResolvedPicker, variant: ResolvedVariant, enabled: boolean, values: PickerValues): OptionsState {
  // Refetch only when a value this picker depends on changes, not on every selection.
  // Reload when anything the source reads changes, gating pickers and optional filters alike.
  const depsKey = [...new Set([...picker.dependsOn, ...sourcePickerRefs(picker.source)])].map((d) => refValue(values, d) ?? '').join('|');
  return useSourceOptions(picker.source, variant, enabled, values, depsKey, picker.id);
}

/**
 * Options of any config source. `depsKey` stands for the picker values the source reads (it is
 * reloaded when it changes); by default the values named by the source's params or filter.
 */
export function useSourceOptions(source: Source | undefined, variant: ResolvedVariant, enabled: boolean, values: PickerValues, depsKey?: string, what = 'list'): OptionsState {
  const { app } = useConfig();
  const [state, setState] = useState<OptionsState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const key = depsKey ?? (source ? sourcePickerRefs(source).map((d) => refValue(values, d) ?? '').join('|') : '');
  const lists = useVariantLists(variant);

  useEffect(() => {
    if (!enabled || !source) {
      setState({ status: 'idle' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    const load = () =>
      loadOptions(source, {
        values,
        router: (q) => routerRows(app, q),
        asset: (name) => assetRows(app, name),
        list: (id) => lists(id, values),
        layerValues: (q) => layerDataRows(app, 'values', q),
      })
        .then((options) => live && setState({ status: 'ready', options }))
        .catch((error: unknown) => {
          console.warn(`options of ${what} failed`, error);
          if (live) setState({ status: 'error', error, retry: () => setAttempt((n) => n + 1) });
        });
    const dependsOnPickers = key.replace(/\|/g, '') !== '';
    const timer = dependsOnPickers ? setTimeout(() => void load(), LIST_DEBOUNCE_MS) : undefined;
    if (!timer) void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for the values used
  }, [enabled, key, source, app, lists, attempt]);
  return state;
}

/** A variant's named lists: the page's shared loader, or one of its own outside a page. */
function useVariantLists(variant: ResolvedVariant): ListLoader {
  const { app } = useConfig();
  const shared = useOptionalVariantState()?.lists;
  return useMemo(() => shared ?? variantListLoader(variant, app), [variant, app, shared]);
}
