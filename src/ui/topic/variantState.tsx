// The state of one variant page shared by its pickers and sections: the picker machine's
// values (SPEC.md §4) and helpers to turn the variant's layer templates into map layers.
import { createContext, useContext, type ReactNode } from 'react';
import type { Actor } from 'xstate';
import type { ResolvedVariant } from '../../engine/types.ts';
import type { PickerValues } from '../../engine/options.ts';
import { isLevelEnabled, pickerCascadeMachine } from '../../machines/pickerCascade.ts';
import { useTraceableActor } from '../useTraceableActor.ts';

export interface VariantState {
  variant: ResolvedVariant;
  values: PickerValues;
  actor: Actor<typeof pickerCascadeMachine> | null;
  enabled(id: string): boolean;
}

const VariantContext = createContext<VariantState | null>(null);

const NO_VALUES: PickerValues = {};

export function VariantStateProvider({ variant, children }: { variant: ResolvedVariant; children: ReactNode }) {
  // A page without pickers (CVI, radar) has no picker machine to run.
  if (variant.pickers.length === 0) {
    return <VariantContext.Provider value={{ variant, values: NO_VALUES, actor: null, enabled: () => true }}>{children}</VariantContext.Provider>;
  }
  return <PickerMachineProvider variant={variant}>{children}</PickerMachineProvider>;
}

function PickerMachineProvider({ variant, children }: { variant: ResolvedVariant; children: ReactNode }) {
  const [snapshot, actor] = useTraceableActor(pickerCascadeMachine, {
    pickers: variant.pickers.map((p) => ({ id: p.id, dependsOn: p.dependsOn, kind: p.kind })),
  });
  const state: VariantState = {
    variant,
    values: snapshot.context.selected as PickerValues,
    actor,
    enabled: (id) => isLevelEnabled(snapshot.context, id),
  };
  return <VariantContext.Provider value={state}>{children}</VariantContext.Provider>;
}

export function useVariantState(): VariantState {
  const state = useContext(VariantContext);
  if (!state) throw new Error('useVariantState outside VariantStateProvider');
  return state;
}
