import { assign, setup } from 'xstate';

/** SPEC.md §4 "Location pickers", generalised to every picker of a topic page: the pickers form a
 *  dependency graph (province > district > sub-district, a sub-cells multi-select that depends on
 *  province, start/end years that depend on nothing, ...). One actor runs them all:
 *  - a picker is enabled only when every picker it depends on is chosen;
 *  - choosing, changing or clearing a picker clears every picker that depends on it, transitively
 *    (and no other picker);
 *  - choosing a disabled or unknown picker is ignored.
 *  Chosen pickers therefore never have an unchosen dependency. */

/** One option of a picker; `extra` carries the option's other fields (e.g. an island's prv_code). */
export interface PickerValue {
  code: string;
  name: string;
  extra?: Record<string, unknown>;
}

/** What a picker holds when chosen: one value, or at least one item for a multi-select. */
export type PickerChoice = PickerValue | PickerValue[];

/** A choice as events and `initial` give it (the machine stores a copy of a list). */
export type PickerChoiceInput = PickerValue | readonly PickerValue[];

/** Every picker's choice by id; null until chosen (a multi-select never holds an empty list). */
export type PickerSelection = Record<string, PickerChoice | null>;

export interface PickerSpec {
  id: string;
  /** Pickers that must be chosen before this one is enabled; changing one of them clears this one. */
  dependsOn: readonly string[];
  /** The config's picker kind: 'multiselect' makes the picker hold a list of items; any other
   *  kind ('select', 'year') makes it hold one value. Without a kind, the shape of each value
   *  chosen decides. A `ResolvedPicker` from the engine fits as it is. */
  kind?: string;
}

export type PickerCascadeInput = {
  /** Values the pickers start with and RESET returns to; a missing id starts unchosen. */
  initial?: Readonly<Record<string, PickerChoiceInput | null>>;
} & (
  | {
      /** Every picker of the page, in display order. At least one. */
      pickers: readonly PickerSpec[];
      levels?: never;
    }
  | {
      /** Shorthand for a linear cascade, parent first, e.g. ['province', 'district', 'subdistrict']:
       *  each level depends on the one before it. */
      levels: readonly string[];
      pickers?: never;
    }
);

/** A picker as the machine keeps it. `multiple` is true for a multi-select, false for a declared
 *  single picker and absent when the picker had no kind. */
interface PickerNode {
  id: string;
  dependsOn: readonly string[];
  multiple?: boolean;
}

export interface PickerCascadeContext {
  /** The pickers in input order. */
  pickers: readonly PickerNode[];
  /** What RESET returns to: the input's `initial`, every other picker null. */
  initial: PickerSelection;
  /** One entry per picker, keys in input order. */
  selected: PickerSelection;
}

export type PickerCascadeEvent =
  /** Choose a single picker's value, or replace a multi-select's items (an empty list is ignored,
   *  SPEC.md §5). Re-choosing the same code(s) changes nothing and keeps the dependents. */
  | { type: 'SELECT'; level: string; value: PickerChoiceInput }
  /** Unchoose a picker and its dependents. */
  | { type: 'CLEAR'; level: string }
  /** Remove one chip from a multi-select; removing the last one clears the picker. */
  | { type: 'REMOVE'; level: string; code: string }
  /** Back to the input's `initial` values. */
  | { type: 'RESET' };

type PickerPhase = 'empty' | 'partial' | 'complete';

/** A picker is enabled when it exists and every picker it depends on is chosen. */
export function isLevelEnabled(context: PickerCascadeContext, level: string): boolean {
  const picker = findPicker(context, level);
  return picker !== undefined && picker.dependsOn.every((parent) => isPickerChosen(context, parent));
}

/** Chosen means non-null: a single value, or a multi-select with at least one item. */
export function isPickerChosen(context: PickerCascadeContext, level: string): boolean {
  return context.selected[level] != null;
}

/** Every picker that depends on `level` directly or transitively, parents first; [] when unknown. */
export function dependentsOf(context: PickerCascadeContext, level: string): string[] {
  const dependents = new Set<string>();
  let frontier = [level];
  while (frontier.length > 0) {
    const parents = new Set(frontier);
    frontier = context.pickers
      .filter((p) => !dependents.has(p.id) && p.id !== level && p.dependsOn.some((d) => parents.has(d)))
      .map((p) => p.id);
    frontier.forEach((id) => dependents.add(id));
  }
  return topologicalOrder(context.pickers).filter((id) => dependents.has(id));
}

/** The chosen pickers' codes, parents first (what a layer filter needs). A multi-select gives one
 *  entry per item, in its item order, all with the picker's id as `level`. Pickers come in input
 *  order, except that a picker listed before one it depends on moves after it. */
export function selectedCodes(context: PickerCascadeContext): Array<{ level: string; code: string }> {
  return topologicalOrder(context.pickers).flatMap((level) => {
    const choice = context.selected[level];
    if (choice == null) return [];
    return (Array.isArray(choice) ? choice : [choice]).map(({ code }) => ({ level, code }));
  });
}

/** empty: nothing chosen; complete: every picker chosen; partial: anything in between. */
function pickerPhase(context: PickerCascadeContext): PickerPhase {
  const chosen = context.pickers.filter((p) => isPickerChosen(context, p.id)).length;
  return chosen === 0 ? 'empty' : chosen === context.pickers.length ? 'complete' : 'partial';
}

/** The selection after `event`, or null when SPEC.md §4/§5 say the event changes nothing. */
function nextSelection(context: PickerCascadeContext, event: PickerCascadeEvent): PickerSelection | null {
  if (event.type === 'RESET') return { ...context.initial };
  const picker = findPicker(context, event.level);
  if (!picker) return null;
  const current = context.selected[picker.id] ?? null;
  switch (event.type) {
    case 'SELECT': {
      if (!isLevelEnabled(context, picker.id)) return null;
      const choice = normaliseChoice(picker, event.value);
      if (choice === null || (current !== null && sameCodes(current, choice))) return null;
      return withChoice(context, picker.id, choice);
    }
    case 'CLEAR':
      return current === null ? null : withChoice(context, picker.id, null);
    case 'REMOVE': {
      if (current === null) return null;
      const items = Array.isArray(current) ? current : [current];
      const kept = items.filter((item) => item.code !== event.code);
      if (kept.length === items.length) return null;
      return withChoice(context, picker.id, kept.length === 0 ? null : kept);
    }
  }
}

function findPicker(context: PickerCascadeContext, level: string): PickerNode | undefined {
  return context.pickers.find((p) => p.id === level);
}

/** `selected` with `level` set to `choice` and every dependent of `level` cleared. */
function withChoice(context: PickerCascadeContext, level: string, choice: PickerChoice | null): PickerSelection {
  const cleared = new Set(dependentsOf(context, level));
  return Object.fromEntries(
    context.pickers.map(({ id }) => [id, id === level ? choice : cleared.has(id) ? null : (context.selected[id] ?? null)]),
  );
}

/** A chosen value in the picker's shape, or null when it cannot be chosen: an empty list (SPEC.md §5
 *  "multi-select ignores an empty selection"), a list for a single picker, or not a value at all.
 *  A single value for a multi-select becomes a one-item list; repeated codes in a list keep the first. */
function normaliseChoice(picker: PickerNode, value: unknown): PickerChoice | null {
  if (Array.isArray(value)) {
    if (picker.multiple === false || !value.every(isPickerValue)) return null;
    const items = value.filter((item, i) => value.findIndex((other) => other.code === item.code) === i);
    return items.length === 0 ? null : items;
  }
  if (!isPickerValue(value)) return null;
  return picker.multiple === true ? [value] : value;
}

function isPickerValue(value: unknown): value is PickerValue {
  return typeof value === 'object' && value !== null && typeof (value as PickerValue).code === 'string';
}

/** Same code, or for lists the same set of codes (reordering chips is not a change). */
function sameCodes(a: PickerChoice, b: PickerChoice): boolean {
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (!Array.isArray(a) || !Array.isArray(b)) return (a as PickerValue).code === (b as PickerValue).code;
  const codes = new Set(a.map(({ code }) => code));
  return a.length === b.length && b.every(({ code }) => codes.has(code));
}

/** Picker ids with every picker after all it depends on; input order where the graph allows. */
function topologicalOrder(pickers: readonly PickerNode[]): string[] {
  const placed = new Set<string>();
  const order: string[] = [];
  while (order.length < pickers.length) {
    const next = pickers.find((p) => !placed.has(p.id) && p.dependsOn.every((d) => placed.has(d)));
    if (!next) break; // only with a cycle, which initialContext rejects
    placed.add(next.id);
    order.push(next.id);
  }
  return order;
}

// Thrown at actor creation (the actor starts in an error snapshot): a misconfigured page is a
// programming error, not a user state.
function fail(message: string): never {
  throw new Error(`pickerCascade: ${message}`);
}

function pickerNodes(input: PickerCascadeInput): PickerNode[] {
  if (input.levels && input.pickers) fail('give input.pickers or input.levels, not both');
  if (input.levels) {
    if (input.levels.length === 0) fail('input.levels needs at least one level');
    return input.levels.map((id, i) => ({ id, dependsOn: i === 0 ? [] : [input.levels[i - 1] as string] }));
  }
  if (!input.pickers || input.pickers.length === 0) fail('input.pickers needs at least one picker');
  return input.pickers.map(({ id, dependsOn, kind }) => ({
    id,
    dependsOn: [...new Set(dependsOn)],
    ...(kind === undefined ? {} : { multiple: kind === 'multiselect' }),
  }));
}

function checkGraph(pickers: readonly PickerNode[]): void {
  const ids = pickers.map(({ id }) => id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) fail(`picker "${duplicate}" is listed twice in [${ids.join(', ')}]`);
  for (const { id, dependsOn } of pickers) {
    const unknown = dependsOn.find((d) => !ids.includes(d));
    if (unknown !== undefined) {
      fail(`picker "${id}" depends on unknown picker "${unknown}" (pickers: ${ids.join(', ')})`);
    }
  }
  const cycle = findCycle(pickers);
  if (cycle) fail(`pickers depend on each other in a cycle: ${cycle.join(' > ')}`);
}

/** A dependency cycle, parent first, starting and ending on the same picker (e.g. a > b > a when
 *  b depends on a and a on b), or null. */
function findCycle(pickers: readonly PickerNode[]): string[] | null {
  const acyclic = new Set<string>();
  // `path` follows dependsOn from a picker to its parents, so the cycle found is child first.
  const visit = (id: string, path: readonly string[]): string[] | null => {
    if (path.includes(id)) return [...path.slice(path.indexOf(id)), id].reverse();
    if (acyclic.has(id)) return null;
    for (const parent of pickers.find((p) => p.id === id)?.dependsOn ?? []) {
      const cycle = visit(parent, [...path, id]);
      if (cycle) return cycle;
    }
    acyclic.add(id);
    return null;
  };
  for (const { id } of pickers) {
    const cycle = visit(id, []);
    if (cycle) return cycle;
  }
  return null;
}

function initialSelection(pickers: readonly PickerNode[], initial: PickerCascadeInput['initial']): PickerSelection {
  const ids = pickers.map(({ id }) => id);
  for (const id of Object.keys(initial ?? {})) {
    if (!ids.includes(id)) fail(`input.initial names unknown picker "${id}" (pickers: ${ids.join(', ')})`);
  }
  const selection: PickerSelection = Object.fromEntries(
    pickers.map((picker) => {
      const value = initial?.[picker.id] ?? null;
      const choice = value === null ? null : normaliseChoice(picker, value);
      // An empty list is simply unchosen; anything else that cannot be chosen is a mistake.
      if (choice === null && value !== null && !(Array.isArray(value) && value.length === 0)) {
        fail(`input.initial.${picker.id} is not a value this picker can hold`);
      }
      return [picker.id, choice];
    }),
  );
  for (const { id, dependsOn } of pickers) {
    const missing = dependsOn.find((d) => selection[d] == null);
    if (selection[id] != null && missing !== undefined) {
      fail(`input.initial chooses "${id}" but not "${missing}", which it depends on`);
    }
  }
  return selection;
}

function initialContext(input: PickerCascadeInput): PickerCascadeContext {
  const pickers = pickerNodes(input);
  checkGraph(pickers);
  const initial = initialSelection(pickers, input.initial);
  return { pickers, initial, selected: { ...initial } };
}

/** Eventless transitions that move to whichever phase the context is in, from any other phase. */
function settle(from: PickerPhase) {
  return (['empty', 'partial', 'complete'] as const)
    .filter((phase) => phase !== from)
    .map((phase) => ({ guard: { type: 'isInPhase' as const, params: { phase } }, target: phase }));
}

export const pickerCascadeMachine = setup({
  types: {
    context: {} as PickerCascadeContext,
    events: {} as PickerCascadeEvent,
    input: {} as PickerCascadeInput,
  },
  guards: {
    changesSelection: ({ context, event }) => nextSelection(context, event) !== null,
    isInPhase: ({ context }, { phase }: { phase: PickerPhase }) => pickerPhase(context) === phase,
  },
  actions: {
    apply: assign({ selected: ({ context, event }) => nextSelection(context, event) ?? context.selected }),
  },
}).createMachine({
  id: 'pickerCascade',
  context: ({ input }) => initialContext(input),
  // One finite state per phase: nothing chosen, some pickers chosen, every picker chosen. Which
  // pickers are chosen lives in context; states per picker would not fit an arbitrary graph.
  // Events only change `selected`; each state's eventless transitions then settle the phase
  // (also on start, when `initial` already chooses some pickers).
  initial: 'empty',
  states: {
    empty: { always: settle('empty') },
    partial: { always: settle('partial') },
    complete: { always: settle('complete') },
  },
  // Every state reacts alike; the guard makes an event that changes nothing a no-op, so
  // `snapshot.can(event)` tells the UI whether an event would do anything.
  on: {
    SELECT: { guard: 'changesSelection', actions: 'apply' },
    CLEAR: { guard: 'changesSelection', actions: 'apply' },
    REMOVE: { guard: 'changesSelection', actions: 'apply' },
    RESET: { guard: 'changesSelection', actions: 'apply' },
  },
});
