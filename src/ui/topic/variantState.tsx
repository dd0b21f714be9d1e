// The state of one variant page shared by its pickers and sections: the picker machine's
// values (SPEC.md §4), the page's named lists (fetched once, shared by e.g. start and end year)
// and the context the layer actions need.
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import type { AppConfig, ResolvedVariant } from '../../engine/types.ts';
import { loadOptions, type Option, type PickerValues } from '../../engine/options.ts';
import { isLevelEnabled, pickerCascadeMachine } from '../../machines/pickerCascade.ts';
import { useTraceableActor } from '../../machines/useTraceableActor.ts';
import { useConfig } from '../../state/config.tsx';
import { assetRows, layerDataRows, routerRows } from '../../state/api.ts';
import type { ActionContext } from './actions/layerActions.ts';
import { publishPickers } from '../urlState/pageState.ts';

export type ListLoader = (id: string, values: PickerValues) => Promise<Option[]>;

export interface VariantState {
  variant: ResolvedVariant;
  values: PickerValues;
  actor: Actor<typeof pickerCascadeMachine> | null;
  enabled(id: string): boolean;
  /** The topic route, e.g. 'cmline-changearea'. */
  route: string;
  /** route/variant path: the page that owns the layers its sections add. */
  pageKey: string;
  /** The variant's named lists (config `lists`), loaded once per page. */
  lists: ListLoader;
}

const VariantContext = createContext<VariantState | null>(null);

const NO_VALUES: PickerValues = {};

/** Loads a variant's named lists once each (a failed load is asked again next time). */
export function variantListLoader(variant: ResolvedVariant, app: AppConfig): ListLoader {
  const cache = new Map<string, Promise<Option[]>>();
  return (id, values) => {
    const def = variant.lists.find((l) => l.id === id);
    if (!def) return Promise.reject(new Error(`unknown list ${id}`));
    let hit = cache.get(id);
    if (!hit) {
      hit = loadOptions(def.source, { values, router: (q) => routerRows(app, q), asset: (n) => assetRows(app, n), list: () => Promise.resolve([]), layerValues: (q) => layerDataRows(app, 'values', q) });
      hit.catch(() => cache.delete(id));
      cache.set(id, hit);
    }
    return hit;
  };
}

interface ProviderProps {
  variant: ResolvedVariant;
  route?: string;
  pageKey?: string;
  children: ReactNode;
}

export function VariantStateProvider({ variant, route = '', pageKey, children }: ProviderProps) {
  const { app } = useConfig();
  const lists = useMemo(() => variantListLoader(variant, app), [variant, app]);
  const key = pageKey ?? `${route}/${variant.path}`;
  // A page without pickers (CVI, radar) has no picker machine to run.
  if (variant.pickers.length === 0) {
    return (
      <VariantContext.Provider value={{ variant, values: NO_VALUES, actor: null, enabled: () => true, route, pageKey: key, lists }}>{children}</VariantContext.Provider>
    );
  }
  return (
    <PickerMachineProvider variant={variant} route={route} pageKey={key} lists={lists}>
      {children}
    </PickerMachineProvider>
  );
}

function PickerMachineProvider({ variant, route, pageKey, lists, children }: { variant: ResolvedVariant; route: string; pageKey: string; lists: ListLoader; children: ReactNode }) {
  const [snapshot, actor] = useTraceableActor(pickerCascadeMachine, {
    pickers: variant.pickers.map((p) => ({ id: p.id, dependsOn: p.dependsOn, kind: p.kind })),
  });
  const values = snapshot.context.selected as PickerValues;
  useEffect(() => publishPickers(pageKey, values), [pageKey, values]);
  const state: VariantState = {
    variant,
    values,
    actor,
    enabled: (id) => isLevelEnabled(snapshot.context, id),
    route,
    pageKey,
    lists,
  };
  return <VariantContext.Provider value={state}>{children}</VariantContext.Provider>;
}

export function useVariantState(): VariantState {
  const state = useContext(VariantContext);
  if (!state) throw new Error('useVariantState outside VariantStateProvider');
  return state;
}

export function useOptionalVariantState(): VariantState | null {
  return useContext(VariantContext);
}

/** What the layer actions need, for the current picker values. */
export function actionContext(state: VariantState, app: AppConfig): ActionContext {
  return { app, variant: state.variant, values: state.values, route: state.route, pageKey: state.pageKey };
}
