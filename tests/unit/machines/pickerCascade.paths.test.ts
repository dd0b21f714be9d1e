// Model-based tests: @xstate/graph walks every state the picker cascade can reach with a fixed
// alphabet of events, and every path is replayed on a real actor created through the factory.
import { adjacencyMapToArray, createTestModel, getAdjacencyMap, serializeSnapshot } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { isLevelEnabled, pickerCascadeMachine, selectedCodes } from '../../../src/machines/pickerCascade.ts';
import type { PickerCascadeEvent } from '../../../src/machines/pickerCascade.ts';

type CascadeSnapshot = SnapshotFrom<typeof pickerCascadeMachine>;

/** Two values per level, so re-choosing a level with a different value is explored too. */
function eventAlphabet(levels: readonly string[]): PickerCascadeEvent[] {
  return [
    ...levels.flatMap((level): PickerCascadeEvent[] => [
      { type: 'SELECT', level, value: { code: `${level}-1`, name: `${level} one` } },
      { type: 'SELECT', level, value: { code: `${level}-2`, name: `${level} two` } },
      { type: 'CLEAR', level },
    ]),
    { type: 'SELECT', level: 'unknown', value: { code: 'x', name: 'x' } },
    { type: 'RESET' },
  ];
}

/** Chosen levels form a prefix; exactly the levels up to the first unchosen one are enabled;
 *  the state value names the depth. */
function expectCascadeInvariants({ value, context }: CascadeSnapshot) {
  const chosen = context.levels.map((level) => context.selected[level] != null);
  const depth = chosen.includes(false) ? chosen.indexOf(false) : chosen.length;
  expect(chosen.slice(depth), 'no level is chosen after an unchosen level').not.toContain(true);
  expect(context.levels.map((level) => isLevelEnabled(context, level))).toEqual(
    context.levels.map((_, index) => index <= depth),
  );
  expect(selectedCodes(context)).toHaveLength(depth);
  expect(value).toBe(depth === 0 ? 'empty' : depth === context.levels.length ? 'complete' : 'partial');
}

/** The next `selected` that SPEC.md §4 prescribes for one event, computed independently of the machine. */
function expectedSelection({ context }: CascadeSnapshot, event: PickerCascadeEvent) {
  const { levels, selected } = context;
  if (event.type === 'RESET') return Object.fromEntries(levels.map((level) => [level, null]));
  const index = levels.indexOf(event.level);
  const ignored =
    index === -1 ||
    (event.type === 'SELECT' && !isLevelEnabled(context, event.level)) ||
    (event.type === 'CLEAR' && selected[event.level] == null);
  if (ignored) return selected;
  const chosenValue = event.type === 'SELECT' ? event.value : null;
  return Object.fromEntries(
    levels.map((level, i) => [level, i < index ? selected[level] : i === index ? chosenValue : null]),
  );
}

const cascades = [
  { name: 'location cascade', levels: ['province', 'district', 'subdistrict'], reachableStates: 1 + 2 + 4 + 8 },
  { name: 'single-level cascade', levels: ['province'], reachableStates: 1 + 2 },
];

describe.each(cascades)('picker cascade model: $name', ({ levels, reachableStates }) => {
  const options = { input: { levels }, events: eventAlphabet(levels) };
  const adjacency = getAdjacencyMap(pickerCascadeMachine, options);
  const model = createTestModel(pickerCascadeMachine, options);
  // One shortest path per reachable state (by value and context), not per incoming transition.
  const paths = model.getShortestPaths({ serializeState: (state) => serializeSnapshot(state), allowDuplicatePaths: true });

  it(`§4 reaches exactly ${reachableStates} states (every chosen prefix of the levels)`, () => {
    expect(Object.keys(adjacency)).toHaveLength(reachableStates);
    const pathEnds = paths.map((path) => serializeSnapshot(path.state));
    expect(pathEnds.sort()).toEqual(Object.keys(adjacency).sort());
  });

  it('§4 every transition clears later levels, ignores disabled levels and keeps the invariants', () => {
    for (const { state, event, nextState } of adjacencyMapToArray(adjacency)) {
      expect(nextState.context.selected, `${state.value} + ${JSON.stringify(event)}`).toEqual(
        expectedSelection(state, event),
      );
      expectCascadeInvariants(nextState);
    }
  });

  const pathName = ({ state, steps }: (typeof paths)[number]) =>
    `${state.value} [${selectedCodes(state.context).map(({ code }) => code).join(' > ')}] in ${steps.length - 1} events`;

  it.each(paths.map((path) => [pathName(path), path] as const))('§4 path to %s keeps the invariants', async (_, path) => {
    const actor = createTraceableActor(pickerCascadeMachine, { input: { levels }, recorder: null }).start();
    // @xstate/graph types an executor's event by its type only; at run time it is the full event.
    const send = ({ event }: { event: EventObject }) => void actor.send(event as PickerCascadeEvent);
    await path.test({
      events: { SELECT: send, CLEAR: send, RESET: send },
      states: {
        '*': (modelState) => {
          const actual = actor.getSnapshot();
          expect({ value: actual.value, context: actual.context }).toEqual({
            value: modelState.value,
            context: modelState.context,
          });
          expectCascadeInvariants(actual);
        },
      },
    });
    actor.stop();
  });
});
