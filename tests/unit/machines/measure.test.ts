// The measure machine (SPEC.md §2 Measure control, §3 Measure / Measurement result, §4 Measure,
// §6 repeated point, §9 units): unit tests, then model-based paths from @xstate/graph run on live
// actors created through the factory.
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, serializeSnapshot } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { measureMachine, measurementOf, measurePhase } from '../../../src/machines/measure.ts';
import type { MeasureEvent, MeasureSnapshot } from '../../../src/machines/measure.ts';
import { geodesicArea, geodesicLength, geodesicPerimeter } from '../../../src/engine/geodesic.ts';

const A = { type: 'ADD_POINT', lng: 100.9, lat: 12.9 } as const;
const B = { type: 'ADD_POINT', lng: 100.9012, lat: 12.9 } as const;
const C = { type: 'ADD_POINT', lng: 100.9006, lat: 12.901 } as const;

function run(...events: MeasureEvent[]) {
  const hooks: string[] = [];
  const machine = measureMachine.provide({
    actions: {
      measureStart: () => void hooks.push('start'),
      measureFinish: (_, { result }) => void hooks.push(`finish:${result?.pointCount}`),
      measureCancel: () => void hooks.push('cancel'),
      resultDeleted: () => void hooks.push('deleted'),
    },
  });
  const actor = createTraceableActor(machine, { recorder: null }).start();
  for (const event of events) actor.send(event);
  return { snapshot: actor.getSnapshot(), hooks };
}

describe('measure machine (SPEC.md §4 Measure)', () => {
  it('starts not started; START gives started with no points and runs measureStart', () => {
    expect(measurePhase(run().snapshot)).toBe('notStarted');
    const { snapshot, hooks } = run({ type: 'START' });
    expect(measurePhase(snapshot)).toBe('noPoints');
    expect(hooks).toEqual(['start']);
  });

  it('ADD_POINT is ignored before START and when equal to the last point (§6)', () => {
    expect(measurePhase(run(A).snapshot)).toBe('notStarted');
    const { snapshot } = run({ type: 'START' }, A, A, B, B, A);
    expect(snapshot.context.points).toEqual([[A.lng, A.lat], [B.lng, B.lat], [A.lng, A.lat]]);
    expect(measurePhase(snapshot)).toBe('points');
  });

  it('derives the §3 result: last point in decimal (6 places) and DMS, length from 2 points, area from 3', () => {
    const one = run({ type: 'START' }, A).snapshot.context.current!;
    expect(one.lastCoord).toEqual({ lng: 100.9, lat: 12.9, decimal: '12.900000, 100.900000', dms: `12° 54' 0.00" N, 100° 54' 0.00" E` });
    expect([one.length, one.area, one.mode]).toEqual([null, null, 'line']);
    const two = run({ type: 'START' }, A, B).snapshot.context.current!;
    expect(two.length).toBeCloseTo(geodesicLength([[A.lng, A.lat], [B.lng, B.lat]]), 6);
    expect(two.area).toBeNull();
    const three = run({ type: 'START' }, A, B, C).snapshot.context.current!;
    const ring: Array<[number, number]> = [[A.lng, A.lat], [B.lng, B.lat], [C.lng, C.lat]];
    expect(three.mode).toBe('polygon');
    expect(three.area).toBeCloseTo(geodesicArea(ring), 6);
    expect(three.length).toBeCloseTo(geodesicPerimeter(ring), 6);
    expect(three.area! / 1600).toBeCloseTo(7203.845 / 1600, 2); // PostGIS: 7203.845 sq m = 4.502 rai
  });

  it('FINISH stores the result, clears the working points and runs measureFinish; DELETE removes it', () => {
    const { snapshot, hooks } = run({ type: 'START' }, A, B, C, { type: 'FINISH' });
    expect(measurePhase(snapshot)).toBe('finished');
    expect(snapshot.context.points).toEqual([]);
    expect(snapshot.context.current).toBeNull();
    expect(snapshot.context.result?.pointCount).toBe(3);
    expect(hooks).toEqual(['start', 'finish:3']);
    const deleted = run({ type: 'START' }, A, { type: 'FINISH' }, { type: 'DELETE' });
    expect(measurePhase(deleted.snapshot)).toBe('notStarted');
    expect(deleted.snapshot.context.result).toBeNull();
    expect(deleted.hooks).toEqual(['start', 'finish:1', 'deleted']);
  });

  it('CANCEL clears the working geometry and keeps an earlier result; FINISH without points is a cancel', () => {
    const cancelled = run({ type: 'START' }, A, B, { type: 'CANCEL' });
    expect(measurePhase(cancelled.snapshot)).toBe('notStarted');
    expect(cancelled.snapshot.context).toEqual({ points: [], current: null, result: null });
    expect(cancelled.hooks).toEqual(['start', 'cancel']);
    const kept = run({ type: 'START' }, A, B, { type: 'FINISH' }, { type: 'START' }, C, { type: 'CANCEL' });
    expect(measurePhase(kept.snapshot)).toBe('finished');
    expect(kept.snapshot.context.result?.pointCount).toBe(2);
    expect(measurePhase(run({ type: 'START' }, { type: 'FINISH' }).snapshot)).toBe('notStarted');
  });

  it('measurementOf of no points is null', () => {
    expect(measurementOf([])).toBeNull();
  });
});

// ---- model-based paths ----
type Phase = ReturnType<typeof measurePhase>;
type Pt = [number, number];
interface Model {
  phase: Phase;
  points: Pt[];
  result: Pt[] | null;
}
const modelOf = (s: MeasureSnapshot): Model => ({ phase: measurePhase(s), points: s.context.points, result: s.context.result?.points ?? null });

/** What SPEC.md §4 prescribes, computed independently of the machine. */
function expected(m: Model, event: MeasureEvent): Model {
  const started = m.phase === 'noPoints' || m.phase === 'points';
  const leave = (): Model => ({ phase: m.result ? 'finished' : 'notStarted', points: [], result: m.result });
  switch (event.type) {
    case 'START':
      return started ? m : { phase: 'noPoints', points: [], result: m.result };
    case 'ADD_POINT': {
      const last = m.points.at(-1);
      if (!started || (last && last[0] === event.lng && last[1] === event.lat)) return m;
      return { phase: 'points', points: [...m.points, [event.lng, event.lat]], result: m.result };
    }
    case 'FINISH':
      if (m.phase === 'points') return { phase: 'finished', points: [], result: m.points };
      return m.phase === 'noPoints' ? leave() : m;
    case 'CANCEL':
      return started ? leave() : m;
    case 'DELETE':
      if (!m.result) return m;
      return { phase: m.phase === 'finished' ? 'notStarted' : m.phase, points: m.points, result: null };
  }
}

const events: MeasureEvent[] = [{ type: 'START' }, A, B, C, { type: 'FINISH' }, { type: 'CANCEL' }, { type: 'DELETE' }];
// Bounded: no further exploration from states with 3 working points (the state space is otherwise infinite).
const options = { events, stopWhen: (s: MeasureSnapshot) => s.context.points.length >= 3 };

describe('measure model (SPEC.md §4 Measure)', () => {
  const adjacency = getAdjacencyMap(measureMachine, options);
  const transitions = adjacencyMapToArray(adjacency);
  const shortest = getShortestPaths(measureMachine, options);

  it('every explored transition matches the model and keeps the invariants', () => {
    expect(transitions.length).toBeGreaterThan(100);
    for (const { state, event, nextState } of transitions) {
      const label = `${JSON.stringify(modelOf(state))} + ${JSON.stringify(event)}`;
      expect(modelOf(nextState), label).toEqual(expected(modelOf(state), event as MeasureEvent));
      const [pure, actions] = transition(measureMachine, state, event);
      expect(modelOf(pure), label).toEqual(modelOf(nextState));
      const types = actions.map(({ type }) => type);
      expect(types.includes('measureStart'), `${label} measureStart`).toBe(event.type === 'START' && ['notStarted', 'finished'].includes(measurePhase(state)));
      expect(types.includes('measureFinish'), `${label} measureFinish`).toBe(measurePhase(state) === 'points' && event.type === 'FINISH');
      const { context } = nextState;
      expect(context.current === null).toBe(context.points.length === 0);
      if (context.current) expect(context.current.pointCount).toBe(context.points.length);
      if (measurePhase(nextState) === 'finished') expect(context.result).not.toBeNull();
    }
  });

  it.each(
    transitions.map(({ state, event, nextState }) => {
      const to = shortest.find((path) => serializeSnapshot(path.state) === serializeSnapshot(state));
      return [`${JSON.stringify(modelOf(state))} + ${event.type}`, [...(to?.steps.slice(1).map((s) => s.event) ?? []), event], nextState] as const;
    }).filter((_, i) => i % 7 === 0),
  )('path to %s replays on a live factory actor', (_, path, want) => {
    const actor = createTraceableActor(measureMachine, { recorder: null }).start();
    for (const event of path) actor.send(event as MeasureEvent);
    expect(modelOf(actor.getSnapshot())).toEqual(modelOf(want));
    actor.stop();
  });

  it('the shortest paths reach every explored state', () => {
    expect(shortest.map(({ state }) => serializeSnapshot(state)).sort()).toEqual(Object.keys(adjacency).sort());
  });
});
