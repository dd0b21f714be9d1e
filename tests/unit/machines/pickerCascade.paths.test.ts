// Model-based tests: @xstate/graph walks every state the picker machine can reach with a fixed
// alphabet of events, checks every transition against SPEC.md §4/§5 computed here from the test's
// own picker graph, and replays one shortest path per reachable state on a real actor created
// through the factory, checking the same rules after every event.
import { adjacencyMapToArray, createTestModel, getAdjacencyMap, serializeSnapshot } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { dependentsOf, isLevelEnabled, pickerCascadeMachine, selectedCodes } from '../../../src/machines/pickerCascade.ts';
import type {
  PickerCascadeEvent,
  PickerCascadeInput,
  PickerChoice,
  PickerChoiceInput,
  PickerSelection,
  PickerValue,
} from '../../../src/machines/pickerCascade.ts';

type PickerSnapshot = SnapshotFrom<typeof pickerCascadeMachine>;

/** A picker as the test sees it: its dependencies and the events the model may send it. */
interface ModelPicker {
  id: string;
  dependsOn: string[];
  multiselect?: boolean;
  /** Sample values: one or two per picker keeps the state space small. */
  values: PickerChoice[];
  /** Chip codes REMOVE is tried with. */
  removable?: string[];
}

const value = (id: string, n: number): PickerValue => ({ code: `${id}-${n}`, name: `${id} ${n}` });

/** SPEC.md §2 topic page: province > district > subdistrict, a sub-cells multi-select that depends
 *  on province, and an independent year. */
const pagePickers: ModelPicker[] = [
  { id: 'province', dependsOn: [], values: [value('province', 1), value('province', 2)] },
  { id: 'district', dependsOn: ['province'], values: [value('district', 1), value('district', 2)], removable: ['district-1'] },
  { id: 'subdistrict', dependsOn: ['district'], values: [value('subdistrict', 1)] },
  {
    id: 'sub-cells',
    dependsOn: ['province'],
    multiselect: true,
    // [] is ignored (SPEC.md §5); [a] then [a, b] adds a chip; REMOVE a from [a, b] leaves [b].
    values: [[value('cell', 1)], [value('cell', 1), value('cell', 2)], []],
    removable: ['cell-1', 'cell-2'],
  },
  { id: 'year', dependsOn: [], values: [value('year', 1), value('year', 2)] },
];

const chain = (levels: string[]): ModelPicker[] =>
  levels.map((id, i) => ({ id, dependsOn: i === 0 ? [] : [levels[i - 1] ?? ''], values: [value(id, 1), value(id, 2)] }));

interface Model {
  name: string;
  pickers: ModelPicker[];
  input: PickerCascadeInput;
  reachableStates: number;
}

// Page: with no province only the year varies (3); with one of 2 provinces the district subtree has
// 1 + 2 * 2 = 5 values, sub-cells 4 (none, [1], [1, 2], [2]) and the year 3.
const pageStates = 3 + 2 * 5 * 4 * 3;
const pageSpecs = pagePickers.map(({ id, dependsOn, multiselect }) => ({
  id,
  dependsOn,
  kind: multiselect ? 'multiselect' : 'select',
}));
const models: Model[] = [
  { name: 'topic page graph', pickers: pagePickers, input: { pickers: pageSpecs }, reachableStates: pageStates },
  {
    name: 'topic page graph with initial values',
    pickers: pagePickers,
    input: {
      pickers: pageSpecs,
      initial: { province: value('province', 1), 'sub-cells': [value('cell', 2)], year: value('year', 2) },
    },
    reachableStates: pageStates,
  },
  {
    name: 'linear levels input',
    pickers: chain(['province', 'district', 'subdistrict']),
    input: { levels: ['province', 'district', 'subdistrict'] },
    reachableStates: 1 + 2 + 4 + 8,
  },
  { name: 'single level', pickers: chain(['province']), input: { levels: ['province'] }, reachableStates: 1 + 2 },
];

function eventAlphabet(pickers: readonly ModelPicker[]): PickerCascadeEvent[] {
  return [
    ...pickers.flatMap(({ id, values, removable = [] }): PickerCascadeEvent[] => [
      ...values.map((choice): PickerCascadeEvent => ({ type: 'SELECT', level: id, value: choice })),
      ...removable.map((code): PickerCascadeEvent => ({ type: 'REMOVE', level: id, code })),
      { type: 'CLEAR', level: id },
    ]),
    { type: 'SELECT', level: 'unknown', value: { code: 'x', name: 'x' } },
    { type: 'RESET' },
  ];
}

/** The pickers that depend on `id`, directly or not, from the test's own graph. */
function transitiveDependents(pickers: readonly ModelPicker[], id: string): Set<string> {
  const found = new Set<string>();
  const visit = (parent: string) => {
    for (const p of pickers) {
      if (p.dependsOn.includes(parent) && !found.has(p.id)) {
        found.add(p.id);
        visit(p.id);
      }
    }
  };
  visit(id);
  return found;
}

const isList = (choice: PickerChoiceInput): choice is readonly PickerValue[] => Array.isArray(choice);
const itemsOf = (choice: PickerChoiceInput | null | undefined): PickerValue[] =>
  choice == null ? [] : isList(choice) ? [...choice] : [choice];
const codesOf = (choice: PickerChoiceInput | null | undefined) => itemsOf(choice).map(({ code }) => code).sort();

/** The next `selected` that SPEC.md §4/§5 prescribe for one event, computed without the machine. */
function expectedSelection(
  pickers: readonly ModelPicker[],
  initial: PickerSelection,
  selected: PickerSelection,
  event: PickerCascadeEvent,
): PickerSelection {
  if (event.type === 'RESET') return initial;
  const picker = pickers.find(({ id }) => id === event.level);
  if (!picker) return selected;
  const current = selected[picker.id] ?? null;
  let next: PickerChoice | null;
  if (event.type === 'SELECT') {
    const enabled = picker.dependsOn.every((d) => selected[d] != null);
    const empty = isList(event.value) && event.value.length === 0;
    const same = current !== null && codesOf(current).join() === codesOf(event.value).join();
    if (!enabled || empty || same) return selected;
    next = isList(event.value) ? [...event.value] : event.value;
  } else if (event.type === 'CLEAR') {
    if (current === null) return selected;
    next = null;
  } else {
    const kept = itemsOf(current).filter(({ code }) => code !== event.code);
    if (kept.length === itemsOf(current).length) return selected;
    next = kept.length === 0 ? null : kept; // a single picker holds one item, so it clears
  }
  const cleared = transitiveDependents(pickers, picker.id);
  return Object.fromEntries(
    pickers.map(({ id }) => [id, id === picker.id ? next : cleared.has(id) ? null : (selected[id] ?? null)]),
  );
}

/** Every rule that must hold in any state, checked against the test's own graph. */
function expectInvariants(pickers: readonly ModelPicker[], { value: stateValue, context }: PickerSnapshot) {
  const chosen = (id: string) => context.selected[id] != null;
  for (const { id, dependsOn } of pickers) {
    const unchosen = dependsOn.filter((d) => !chosen(d));
    if (chosen(id)) expect(unchosen, `chosen "${id}" has no unchosen dependency`).toEqual([]);
    expect(isLevelEnabled(context, id), `"${id}" is enabled exactly when its dependencies are chosen`).toBe(
      unchosen.length === 0,
    );
    expect(context.selected[id], `"${id}" never holds an empty list`).not.toEqual([]);
  }
  expect(isLevelEnabled(context, 'unknown')).toBe(false);
  expect(Object.keys(context.selected)).toEqual(pickers.map(({ id }) => id));

  // selectedCodes: one entry per chosen item, each picker after the pickers it depends on.
  const codes = selectedCodes(context);
  expect(codes).toHaveLength(pickers.reduce((n, { id }) => n + itemsOf(context.selected[id]).length, 0));
  const position = (id: string) => codes.findIndex(({ level }) => level === id);
  for (const { id, dependsOn } of pickers.filter((p) => chosen(p.id))) {
    for (const parent of dependsOn) expect(position(parent)).toBeLessThan(position(id));
  }

  const count = pickers.filter(({ id }) => chosen(id)).length;
  expect(stateValue).toBe(count === 0 ? 'empty' : count === pickers.length ? 'complete' : 'partial');
}

/** One event's effect: exactly the prescribed selection, and no picker changed except the target
 *  and, cleared, its transitive dependents. */
function expectTransition(
  pickers: readonly ModelPicker[],
  initial: PickerSelection,
  before: PickerSnapshot,
  event: PickerCascadeEvent,
  after: PickerSnapshot,
) {
  const label = `${JSON.stringify(before.context.selected)} + ${JSON.stringify(event)}`;
  expect(after.context.selected, label).toEqual(expectedSelection(pickers, initial, before.context.selected, event));
  if (event.type === 'RESET') return;
  const dependents = transitiveDependents(pickers, event.level);
  for (const { id } of pickers) {
    if (id === event.level || JSON.stringify(after.context.selected[id]) === JSON.stringify(before.context.selected[id])) {
      continue;
    }
    expect(dependents.has(id), `${label} changed "${id}", which does not depend on "${event.level}"`).toBe(true);
    expect(after.context.selected[id], `${label} cleared dependent "${id}"`).toBeNull();
  }
}

describe.each(models)('picker machine model: $name', ({ pickers, input, reachableStates }) => {
  const options = { input, events: eventAlphabet(pickers) };
  const adjacency = getAdjacencyMap(pickerCascadeMachine, options);
  const model = createTestModel(pickerCascadeMachine, options);
  // One shortest path per reachable state (by value and context), not per incoming transition.
  const paths = model.getShortestPaths({ serializeState: (state) => serializeSnapshot(state), allowDuplicatePaths: true });
  const initialState = paths.find((path) => path.steps.length === 1)?.state;
  if (!initialState) throw new Error('no path to the initial state');
  const initial = initialState.context.selected;

  it(`§4 reaches exactly ${reachableStates} states`, () => {
    expect(Object.keys(adjacency)).toHaveLength(reachableStates);
    const pathEnds = paths.map((path) => serializeSnapshot(path.state));
    expect(pathEnds.sort()).toEqual(Object.keys(adjacency).sort());
  });

  it('§4 starts from the input’s initial values', () => {
    const given = input.initial ?? {};
    expect(initial).toEqual(Object.fromEntries(pickers.map(({ id }) => [id, given[id] ?? null])));
    expectInvariants(pickers, initialState);
  });

  it('§4 dependentsOf names the transitive dependents', () => {
    for (const { id } of pickers) {
      expect(new Set(dependentsOf(initialState.context, id)), id).toEqual(transitiveDependents(pickers, id));
    }
  });

  it('§4 §5 every transition clears only transitive dependents, ignores disabled pickers and keeps the invariants', () => {
    const transitions = adjacencyMapToArray(adjacency);
    expect(transitions).toHaveLength(reachableStates * options.events.length);
    for (const { state, event, nextState } of transitions) {
      expectTransition(pickers, initial, state, event, nextState);
      expectInvariants(pickers, nextState);
    }
  });

  const pathName = ({ state, steps }: (typeof paths)[number]) =>
    `${String(state.value)} [${selectedCodes(state.context)
      .map(({ level, code }) => `${level}=${code}`)
      .join(' ')}] in ${steps.length - 1} events`;

  it.each(paths.map((path) => [pathName(path), path] as const))('§4 path to %s keeps the invariants', async (_, path) => {
    const actor = createTraceableActor(pickerCascadeMachine, { input, recorder: null }).start();
    // @xstate/graph types an executor's event by its type only; at run time it is the full event.
    const send = ({ event }: { event: EventObject }) => {
      const before = actor.getSnapshot();
      actor.send(event as PickerCascadeEvent);
      expectTransition(pickers, initial, before, event as PickerCascadeEvent, actor.getSnapshot());
    };
    await path.test({
      events: { SELECT: send, CLEAR: send, REMOVE: send, RESET: send },
      states: {
        '*': (modelState) => {
          const actual = actor.getSnapshot();
          expect({ value: actual.value, context: actual.context }).toEqual({
            value: modelState.value,
            context: modelState.context,
          });
          expectInvariants(pickers, actual);
        },
      },
    });
    actor.stop();
  });
});
