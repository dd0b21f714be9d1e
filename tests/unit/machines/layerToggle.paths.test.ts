// Model-based tests: @xstate/graph walks every state the layer-toggle row can reach with a fixed
// alphabet of events (the row's own events plus the load actor's done/error events, so the promise
// result is an event of the model), checks every transition and the actions it runs against
// SPEC.md §4/§5/§8 as computed here, and replays on a real actor created through the factory (whose
// load promises the test settles itself) the shortest path to every reachable state and, for
// transition coverage, that path followed by every event of the alphabet.
// (@xstate/graph's createTestModel refuses machines that invoke actors, so the paths come from its
// path generators and this file executes them.)
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, serializeSnapshot } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { buttonLabel, fromLoader, isBusy, layerToggleMachine } from '../../../src/machines/layerToggle.ts';
import type { LayerLoadOutput, LayerToggleEvent } from '../../../src/machines/layerToggle.ts';

type RowSnapshot = SnapshotFrom<typeof layerToggleMachine>;
type Phase = 'inactive' | 'loading' | 'active';

/** The row as the test models it, independently of the machine. */
interface RowModel {
  phase: Phase;
  result: { featureCount: number | null; empty: boolean } | null;
  error: string | null;
}

type DoneEvent = { type: 'xstate.done.actor.load'; output: LayerLoadOutput; actorId: 'load' };
type ErrorEvent = { type: 'xstate.error.actor.load'; error: { message: string }; actorId: 'load' };
type ModelEvent = LayerToggleEvent | DoneEvent | ErrorEvent;

const done = (output: LayerLoadOutput): DoneEvent => ({ type: 'xstate.done.actor.load', output, actorId: 'load' });
const failure = (message: string): ErrorEvent => ({ type: 'xstate.error.actor.load', error: { message }, actorId: 'load' });

/** User events, and the load outcomes: 12 features, 0 features (SPEC.md §5 empty), no count
 *  (a WMS layer) and a failure (SPEC.md §8). */
const events: ModelEvent[] = [
  { type: 'TOGGLE' },
  { type: 'LAYER_REMOVED' },
  { type: 'RESET' },
  done({ featureCount: 12 }),
  done({ featureCount: 0 }),
  done({}),
  failure('HTTP 500'),
];

/** The caller hooks, by name; the other actions are the machine's own bookkeeping. */
const hooks = ['hide', 'loaded', 'empty', 'failed'] as const;
type Hook = (typeof hooks)[number];

/** What SPEC.md §4/§5/§8 prescribe for one event: the next row, the hooks that run and whether a
 *  load starts (entering loading) or is cancelled (leaving loading without its result). */
function expected(row: RowModel, event: ModelEvent): { next: RowModel; hooks: Hook[]; starts: boolean; cancels: boolean } {
  const inactive: RowModel = { phase: 'inactive', result: null, error: null };
  const unchanged = { next: row, hooks: [], starts: false, cancels: false };
  if (event.type === 'RESET') return { next: inactive, hooks: [], starts: false, cancels: row.phase === 'loading' };
  switch (row.phase) {
    case 'inactive':
      // LAYER_REMOVED and load events are ignored: no layer, no load running.
      return event.type === 'TOGGLE'
        ? { next: { phase: 'loading', result: null, error: null }, hooks: [], starts: true, cancels: false }
        : unchanged;
    case 'loading':
      if (event.type === 'TOGGLE') return unchanged; // clicks while loading are ignored
      if (event.type === 'LAYER_REMOVED') return { next: inactive, hooks: [], starts: false, cancels: true };
      if (event.type === 'xstate.error.actor.load') {
        return { next: { ...inactive, error: event.error.message }, hooks: ['failed'], starts: false, cancels: false };
      }
      {
        const count = event.output.featureCount ?? null;
        const result = { featureCount: count, empty: count === 0 };
        return { next: { phase: 'active', result, error: null }, hooks: [result.empty ? 'empty' : 'loaded'], starts: false, cancels: false };
      }
    case 'active':
      if (event.type === 'TOGGLE') return { next: inactive, hooks: ['hide'], starts: false, cancels: false };
      if (event.type === 'LAYER_REMOVED') return { next: inactive, hooks: [], starts: false, cancels: false };
      return unchanged;
  }
}

const modelOf = ({ value, context }: RowSnapshot): RowModel => ({ phase: value, result: context.result, error: context.error });

/** Rules that hold in every state. */
function expectInvariants(snapshot: RowSnapshot) {
  const { value, context } = snapshot;
  expect(buttonLabel(snapshot)).toBe(value === 'active' ? 'ซ่อน' : 'แสดง');
  expect(isBusy(snapshot)).toBe(value === 'loading');
  expect(context.result !== null, 'a result exactly when active').toBe(value === 'active');
  if (context.error !== null) expect(value, 'an error only in inactive').toBe('inactive');
  if (context.result) expect(context.result.empty).toBe(context.result.featureCount === 0);
  expect(Object.keys(snapshot.children), 'a load runs exactly while loading').toEqual(value === 'loading' ? ['load'] : []);
}

const input = { row: 'erosion' };
// @xstate/graph types events by the machine's own events; the load's done/error events are events
// of the model too.
const options = { input, events: events as LayerToggleEvent[] };

describe('layer toggle model (SPEC.md §4 Analysis/layer toggles)', () => {
  const adjacency = getAdjacencyMap(layerToggleMachine, options);
  // One path per reachable state (by value and context), not per incoming transition.
  const shortest = getShortestPaths(layerToggleMachine, options);
  const transitions = adjacencyMapToArray(adjacency);

  it('§4 §5 §8 reaches exactly the 6 row states', () => {
    const states = Object.values(adjacency).map(({ state }) => modelOf(state));
    expect(states).toHaveLength(6);
    expect(states).toEqual(
      expect.arrayContaining([
        { phase: 'inactive', result: null, error: null },
        { phase: 'loading', result: null, error: null },
        { phase: 'active', result: { featureCount: 12, empty: false }, error: null },
        { phase: 'active', result: { featureCount: 0, empty: true }, error: null },
        { phase: 'active', result: { featureCount: null, empty: false }, error: null },
        { phase: 'inactive', result: null, error: 'HTTP 500' },
      ]),
    );
    expect(shortest.map(({ state }) => serializeSnapshot(state)).sort()).toEqual(Object.keys(adjacency).sort());
  });

  it('§4 every transition: the prescribed next state, hooks and load start/stop; hide runs exactly when the user hides an active row', () => {
    expect(transitions).toHaveLength(6 * events.length);
    for (const { state, event, nextState } of transitions) {
      const label = `${JSON.stringify(modelOf(state))} + ${JSON.stringify(event)}`;
      const want = expected(modelOf(state), event as ModelEvent);
      expect(modelOf(nextState), label).toEqual(want.next);
      expectInvariants(nextState);

      // The same step through xstate's pure transition, to see the actions it would run.
      const [pureNext, actions] = transition(layerToggleMachine, state, event);
      expect(modelOf(pureNext), label).toEqual(want.next);
      const types = actions.map(({ type }) => type);
      expect(types.filter((type): type is Hook => (hooks as readonly string[]).includes(type)), label).toEqual(want.hooks);
      expect(types.includes('xstate.spawnChild'), `${label} starts a load`).toBe(want.starts);
      if (want.cancels) expect(types, `${label} cancels the load`).toContain('xstate.stopChild');
      if (event.type === 'LAYER_REMOVED') expect(types, label).not.toContain('hide');
      if (state.value === 'loading' && event.type === 'TOGGLE') {
        expect(pureNext, `${label} changes nothing`).toBe(state);
        expect(actions, label).toEqual([]);
      }
    }
  });

  /** A path as this file runs it: the initial state, then one event and its resulting state per step. */
  interface RowPath {
    name: string;
    steps: Array<{ event: ModelEvent; state: RowSnapshot }>;
  }
  const short = (event: ModelEvent) =>
    event.type === 'xstate.done.actor.load'
      ? `done(${event.output.featureCount ?? 'no count'})`
      : event.type === 'xstate.error.actor.load'
        ? `error(${event.error.message})`
        : event.type;
  const describeState = ({ value, context: { result, error } }: RowSnapshot) =>
    result
      ? `${value}(${result.featureCount ?? 'no count'}${result.empty ? ', empty' : ''})`
      : error === null
        ? value
        : `${value}(error ${error})`;
  const toStates: RowPath[] = shortest.map(({ state, steps }) => ({
    name: `to ${describeState(state)} via [${steps.slice(1).map(({ event }) => short(event as ModelEvent)).join(', ')}]`,
    steps: steps.map(({ event, state: reached }) => ({ event: event as ModelEvent, state: reached })),
  }));
  // Transition coverage: the shortest path to each state, then each event from there.
  const everyTransition: RowPath[] = transitions.map(({ state, event, nextState }) => {
    const to = toStates[shortest.findIndex((path) => serializeSnapshot(path.state) === serializeSnapshot(state))];
    if (!to) throw new Error(`no path to ${describeState(state)}`);
    return {
      name: `${describeState(state)} + ${short(event as ModelEvent)}`,
      steps: [...to.steps, { event: event as ModelEvent, state: nextState }],
    };
  });

  it('§4 the paths cover every reachable state and every transition', () => {
    expect(toStates).toHaveLength(6);
    expect(everyTransition).toHaveLength(6 * events.length);
    expect(new Set(everyTransition.map(({ name }) => name)).size).toBe(everyTransition.length);
  });

  it.each([...toStates, ...everyTransition].map((path) => [path.name, path] as const))('§4 path %s on a live actor keeps the invariants', async (_, path) => {
    const loads: Array<{ signal: AbortSignal; resolve: (output: LayerLoadOutput) => void; reject: (error: Error) => void }> = [];
    const ran: Hook[] = [];
    const machine = layerToggleMachine.provide({
      actors: { load: fromLoader(({ signal }) => new Promise((resolve, reject) => void loads.push({ signal, resolve, reject }))) },
      actions: {
        hide: () => void ran.push('hide'),
        loaded: () => void ran.push('loaded'),
        empty: () => void ran.push('empty'),
        failed: () => void ran.push('failed'),
      },
    });
    const actor = createTraceableActor(machine, { input, recorder: null }).start();

    /** Sends a row event to the actor, or settles the running load for a done/error event. */
    const send = async (modelEvent: ModelEvent) => {
      const before = actor.getSnapshot();
      const want = expected(modelOf(before), modelEvent);
      const [loadsBefore, ranBefore] = [loads.length, ran.length];
      const running = loads.at(-1);
      if (modelEvent.type === 'xstate.done.actor.load') running?.resolve(modelEvent.output);
      else if (modelEvent.type === 'xstate.error.actor.load') running?.reject(new Error(modelEvent.error.message));
      else actor.send(modelEvent);
      await new Promise((settled) => setTimeout(settled, 0));

      const after = actor.getSnapshot();
      const label = `${JSON.stringify(modelOf(before))} + ${modelEvent.type}`;
      expect(modelOf(after), label).toEqual(want.next);
      expect(ran.slice(ranBefore), `${label} runs exactly these hooks`).toEqual(want.hooks);
      expect(loads.length - loadsBefore, `${label} starts a load`).toBe(want.starts ? 1 : 0);
      if (want.cancels) expect(running?.signal.aborted, `${label} aborts the load`).toBe(true);
      if (modelEvent.type === 'TOGGLE' && before.value === 'loading') expect(after, `${label} changes nothing`).toBe(before);
    };
    // The first step is the initial state (event xstate.init); every later step is one event.
    for (const [i, { event, state }] of path.steps.entries()) {
      if (i > 0) await send(event);
      const actual = actor.getSnapshot();
      expect({ value: actual.value, context: actual.context }).toEqual({ value: state.value, context: state.context });
      expectInvariants(actual);
    }
    // Over the whole path, hide ran once per user hide of an active row and never otherwise.
    const userHides = path.steps.filter(({ event }, i) => i > 0 && event.type === 'TOGGLE' && path.steps[i - 1]?.state.value === 'active');
    expect(ran.filter((hook) => hook === 'hide')).toHaveLength(userHides.length);
    actor.stop();
  });
});
