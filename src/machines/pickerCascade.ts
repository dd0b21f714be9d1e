import { assign, setup } from 'xstate';

/** SPEC.md §4 "Location pickers": a cascade of dependent pickers (province > district > sub-district,
 *  or BeachM > BeachC > BeachS). Choosing a level clears every later level; a level is enabled only
 *  when every earlier level is chosen. The levels come from input, so one machine serves every cascade. */

export interface PickerValue {
  code: string;
  name: string;
}

export interface PickerCascadeInput {
  /** Level names, parent first, e.g. ['province', 'district', 'subdistrict']. At least one. */
  levels: readonly string[];
}

export interface PickerCascadeContext {
  levels: readonly string[];
  /** One entry per level; null until chosen. Chosen levels always form a prefix of `levels`. */
  selected: Record<string, PickerValue | null>;
}

export type PickerCascadeEvent =
  | { type: 'SELECT'; level: string; value: PickerValue }
  | { type: 'CLEAR'; level: string }
  | { type: 'RESET' };

/** The first level is always enabled; any other only when every earlier level is chosen. */
export function isLevelEnabled(context: PickerCascadeContext, level: string): boolean {
  const index = context.levels.indexOf(level);
  return index >= 0 && context.levels.slice(0, index).every((earlier) => isLevelChosen(context, earlier));
}

/** The chosen levels with their codes, parent first (what a layer filter needs). */
export function selectedCodes(context: PickerCascadeContext): Array<{ level: string; code: string }> {
  const codes: Array<{ level: string; code: string }> = [];
  for (const level of context.levels) {
    const value = context.selected[level];
    if (!value) break;
    codes.push({ level, code: value.code });
  }
  return codes;
}

function isLevelChosen(context: PickerCascadeContext, level: string): boolean {
  return context.selected[level] != null;
}

function initialContext(levels: readonly string[]): PickerCascadeContext {
  // Thrown at actor creation: a misconfigured cascade is a programming error, not a user state.
  if (levels.length === 0) throw new Error('pickerCascade: input.levels needs at least one level');
  if (new Set(levels).size !== levels.length) {
    throw new Error(`pickerCascade: input.levels has a duplicate level in [${levels.join(', ')}]`);
  }
  return { levels: [...levels], selected: Object.fromEntries(levels.map((level) => [level, null])) };
}

/** `selected` with `level` set to `value` and every later level cleared. */
function withLevel(context: PickerCascadeContext, level: string, value: PickerValue | null) {
  const index = context.levels.indexOf(level);
  return Object.fromEntries(
    context.levels.map((name, i) => [name, i < index ? (context.selected[name] ?? null) : i === index ? value : null]),
  );
}

type LevelParams = { level: string };
const levelOf = ({ event }: { event: { level: string } }): LevelParams => ({ level: event.level });

export const pickerCascadeMachine = setup({
  types: {
    context: {} as PickerCascadeContext,
    events: {} as PickerCascadeEvent,
    input: {} as PickerCascadeInput,
  },
  guards: {
    isLevelEnabled: ({ context }, { level }: LevelParams) => isLevelEnabled(context, level),
    completesCascade: ({ context }, { level }: LevelParams) =>
      isLevelEnabled(context, level) && context.levels.at(-1) === level,
    isLevelChosen: ({ context }, { level }: LevelParams) => isLevelChosen(context, level),
    clearsFirstLevel: ({ context }, { level }: LevelParams) =>
      isLevelChosen(context, level) && context.levels[0] === level,
  },
  actions: {
    choose: assign({
      selected: ({ context }, { level, value }: { level: string; value: PickerValue }) =>
        withLevel(context, level, value),
    }),
    clearFrom: assign({ selected: ({ context }, { level }: LevelParams) => withLevel(context, level, null) }),
    clearAll: assign({
      selected: ({ context }) => Object.fromEntries(context.levels.map((level) => [level, null])),
    }),
  },
}).createMachine({
  id: 'pickerCascade',
  context: ({ input }) => initialContext(input.levels),
  // One finite state per kind of depth: nothing chosen, some levels chosen, every level chosen.
  // Exact depth is selectedCodes(context).length; naming states per depth would cap the level count.
  initial: 'empty',
  states: {
    empty: {},
    partial: {},
    complete: {},
  },
  // Transitions live on the root because every state reacts alike; guards make invalid events no-ops.
  on: {
    SELECT: [
      {
        guard: { type: 'completesCascade', params: levelOf },
        target: '.complete',
        actions: { type: 'choose', params: ({ event }) => ({ level: event.level, value: event.value }) },
      },
      {
        guard: { type: 'isLevelEnabled', params: levelOf },
        target: '.partial',
        actions: { type: 'choose', params: ({ event }) => ({ level: event.level, value: event.value }) },
      },
    ],
    CLEAR: [
      { guard: { type: 'clearsFirstLevel', params: levelOf }, target: '.empty', actions: 'clearAll' },
      {
        guard: { type: 'isLevelChosen', params: levelOf },
        target: '.partial',
        actions: { type: 'clearFrom', params: levelOf },
      },
    ],
    RESET: { target: '.empty', actions: 'clearAll' },
  },
});
