// The page's side of a restore (issue 11): a page starts its restore from the URL it opened
// with; a picker takes its codes once its options are loaded; a toggle row shows itself once
// the pickers are settled (so does a layer added by a button or a switch, issue 24).
import { useEffect } from 'react';
import type { AppConfig, ResolvedPicker, ResolvedVariant } from '../../engine/types.ts';
import { toChosen, type Chosen, type Option } from '../../engine/options.ts';
import { useStore } from '../../state/store.ts';
import { decodeUrlState } from '../../engine/urlState.ts';
import { planRestore } from './restorePlan.ts';
import { beginRestore, cancelRestore, dropPickers, pickersSettled, rememberLinkChoice, reportSkipped, restoreStore, takePicker, takeRow } from './restore.ts';
import { openPageState } from './pageState.ts';

/** Opens the page's URL state and restores what `search` names; stops when the page is left. */
export function startPageRestore(pageKey: string, search: string, variant: ResolvedVariant, app: AppConfig): () => void {
  openPageState(pageKey);
  const { state, problems } = decodeUrlState(search);
  rememberLinkChoice(pageKey, state?.pickers ?? {});
  if (state) {
    const plan = planRestore(state, variant, app);
    beginRestore(pageKey, { ...plan, problems: [...problems, ...plan.problems] }, app);
  } else problems.forEach(reportSkipped);
  return () => cancelRestore(pageKey);
}

/** Pickers that depend on `id`, directly or not. */
function dependentsOf(variant: ResolvedVariant, id: string): string[] {
  const out = new Set<string>();
  let frontier = [id];
  while (frontier.length > 0) {
    frontier = variant.pickers.filter((p) => !out.has(p.id) && p.dependsOn.some((d) => frontier.includes(d))).map((p) => p.id);
    frontier.forEach((d) => out.add(d));
  }
  return [...out];
}

/**
 * The choice a link asks of a picker whose options are loaded: undefined when it asks none,
 * null when none of its codes is an option (the picker and its dependents are then skipped).
 */
export function restoredChoice(pageKey: string, picker: ResolvedPicker, variant: ResolvedVariant, options: readonly Option[]): Chosen | Chosen[] | null | undefined {
  const codes = takePicker(pageKey, picker.id);
  if (!codes) return undefined;
  const found = options.filter((o) => codes.includes(o.value)).map(toChosen);
  const multiple = picker.kind === 'multiselect';
  const choice = multiple ? (found.length > 0 ? found : null) : codes.length === 1 ? (found[0] ?? null) : null;
  if (choice === null || found.length !== codes.length) reportSkipped(`p.${picker.id}=${codes.join(',')}`);
  if (choice === null) dropPickers(pageKey, dependentsOf(variant, picker.id));
  return choice;
}

/** A picker whose list failed cannot be restored, nor can its dependents. */
export function skipFailedPicker(pageKey: string, picker: ResolvedPicker, variant: ResolvedVariant): void {
  if (restoreStore.get().pickers[picker.id]) dropPickers(pageKey, [picker.id, ...dependentsOf(variant, picker.id)], `p.${picker.id}`);
}

/** Calls `show()` once when the link asks for this row and the pickers are settled. */
export function useRowRestore(pageKey: string, rowId: string, show: () => void): void {
  useRowsRestore(pageKey, (id) => id === rowId, () => show());
}

/**
 * Calls `show(rowId)` once for each row the link asks for that `matches` (a section with layers
 * named by their values: switches), once the pickers are settled.
 */
export function useRowsRestore(pageKey: string, matches: (rowId: string) => boolean, show: (rowId: string) => void): void {
  const due = useStore(restoreStore, (s) => pickersSettled(s, pageKey) && s.waiting.some((r) => matches(r.id)));
  useEffect(() => {
    if (!due) return;
    for (const row of restoreStore.get().waiting.filter((r) => matches(r.id))) if (takeRow(pageKey, row.id)) show(row.id);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when it becomes due
  }, [due]);
}
