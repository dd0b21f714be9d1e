// The GPS machine (SPEC.md §2 GPS toggle, §4 GPS, §8 GPS error, §9 GPS constants): unit tests of
// the browser watch actor and the machine, then model-based paths from @xstate/graph on live actors
// created through the factory.
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, serializeSnapshot } from '@xstate/graph';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, transition } from 'xstate';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { GEOLOCATION_UNSUPPORTED, GPS_OPTIONS, gpsMachine } from '../../../src/machines/gps.ts';
import type { GpsEvent, GpsSnapshot } from '../../../src/machines/gps.ts';

const FIX = { type: 'LOCATION', lat: 13.0402201, lng: 102.1102309, accuracy: 12 } as const;
const FIX2 = { type: 'LOCATION', lat: 13.05, lng: 102.12, accuracy: 30 } as const;
const DENIED = { type: 'ERROR', message: 'User denied Geolocation' } as const;

/** A machine whose watch actor the test drives, with the hooks logged. */
function harness() {
  const hooks: string[] = [];
  const watch = { running: 0, send: null as ((e: GpsEvent) => void) | null };
  const machine = gpsMachine.provide({
    actors: {
      watch: fromCallback<GpsEvent>(({ sendBack }) => {
        watch.running++;
        watch.send = sendBack;
        return () => void (watch.running--, (watch.send = null));
      }),
    },
    actions: {
      started: () => void hooks.push('started'),
      stopped: () => void hooks.push('stopped'),
      located: (_, { fix }) => void hooks.push(`location:${fix.accuracy}`),
      failed: (_, { message }) => void hooks.push(`error:${message}`),
    },
  });
  const actor = createTraceableActor(machine, { recorder: null }).start();
  return { actor, hooks, watch };
}

afterEach(() => vi.unstubAllGlobals());

describe('gps machine (SPEC.md §4 GPS)', () => {
  it('§9 options: high accuracy, max age 10000 ms, timeout 10000 ms', () => {
    expect(GPS_OPTIONS).toEqual({ enableHighAccuracy: true, maximumAge: 10000, timeout: 10000 });
  });

  it('TOGGLE starts watching, a fix is stored, TOGGLE stops and forgets it', () => {
    const { actor, hooks, watch } = harness();
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('active');
    expect(watch.running).toBe(1);
    watch.send?.(FIX);
    expect(actor.getSnapshot().context.position).toEqual({ lat: FIX.lat, lng: FIX.lng, accuracy: 12 });
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(actor.getSnapshot().context).toEqual({ position: null, error: null });
    expect(watch.running).toBe(0);
    expect(hooks).toEqual(['started', 'location:12', 'stopped']);
  });

  it('§8 an error stops it, keeps the message and runs failed then stopped', () => {
    const { actor, hooks, watch } = harness();
    actor.send({ type: 'TOGGLE' });
    watch.send?.(DENIED);
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(actor.getSnapshot().context.error).toBe(DENIED.message);
    expect(watch.running).toBe(0);
    expect(hooks).toEqual(['started', `error:${DENIED.message}`, 'stopped']);
  });

  it('the browser watch uses watchPosition with the §9 options and clears it on stop', () => {
    const watchPosition = vi.fn((ok: PositionCallback, _error?: PositionErrorCallback, _options?: PositionOptions) => {
      ok({ coords: { latitude: 13, longitude: 102, accuracy: 8 } } as GeolocationPosition);
      return 7;
    });
    const clearWatch = vi.fn();
    vi.stubGlobal('navigator', { geolocation: { watchPosition, clearWatch } });
    const actor = createTraceableActor(gpsMachine, { recorder: null }).start();
    actor.send({ type: 'TOGGLE' });
    expect(watchPosition.mock.calls[0]?.[2]).toEqual(GPS_OPTIONS);
    expect(actor.getSnapshot().context.position).toEqual({ lat: 13, lng: 102, accuracy: 8 });
    actor.send({ type: 'TOGGLE' });
    expect(clearWatch).toHaveBeenCalledWith(7);
  });

  it('without geolocation the watch answers the unsupported error', () => {
    vi.stubGlobal('navigator', {});
    const actor = createTraceableActor(gpsMachine, { recorder: null }).start();
    actor.send({ type: 'TOGGLE' });
    expect(actor.getSnapshot().value).toBe('inactive');
    expect(actor.getSnapshot().context.error).toBe(GEOLOCATION_UNSUPPORTED);
  });
});

// ---- model-based paths ----
interface Model {
  active: boolean;
  position: { lat: number; lng: number; accuracy: number } | null;
  error: string | null;
}
const modelOf = ({ value, context }: GpsSnapshot): Model => ({ active: value === 'active', ...context });
function expected(m: Model, e: GpsEvent): { next: Model; hooks: string[] } {
  if (e.type === 'TOGGLE') {
    return m.active
      ? { next: { active: false, position: null, error: null }, hooks: ['stopped'] }
      : { next: { active: true, position: null, error: null }, hooks: ['started'] };
  }
  if (!m.active) return { next: m, hooks: [] };
  if (e.type === 'LOCATION') return { next: { active: true, position: { lat: e.lat, lng: e.lng, accuracy: e.accuracy }, error: null }, hooks: ['located'] };
  return { next: { active: false, position: null, error: e.message }, hooks: ['failed', 'stopped'] };
}
const events: GpsEvent[] = [{ type: 'TOGGLE' }, FIX, FIX2, DENIED];
const machine = gpsMachine.provide({ actors: { watch: fromCallback(() => {}) } });

describe('gps model (SPEC.md §4 GPS)', () => {
  const adjacency = getAdjacencyMap(machine, { events });
  const transitions = adjacencyMapToArray(adjacency);
  const shortest = getShortestPaths(machine, { events });

  it('reaches exactly the 5 states and every transition matches the model, hooks included', () => {
    expect(Object.keys(adjacency)).toHaveLength(5);
    expect(transitions).toHaveLength(5 * events.length);
    for (const { state, event, nextState } of transitions) {
      const want = expected(modelOf(state), event);
      const label = `${JSON.stringify(modelOf(state))} + ${JSON.stringify(event)}`;
      expect(modelOf(nextState), label).toEqual(want.next);
      const [, actions] = transition(machine, state, event);
      const hookNames = ['started', 'stopped', 'located', 'failed'];
      expect(actions.map(({ type }) => type).filter((t) => hookNames.includes(t)), label).toEqual(want.hooks);
      expect(Object.keys(nextState.children), label).toEqual(nextState.value === 'active' ? ['watch'] : []);
    }
  });

  it.each(
    transitions.map(({ state, event, nextState }) => {
      const to = shortest.find((p) => serializeSnapshot(p.state) === serializeSnapshot(state));
      return [`${JSON.stringify(modelOf(state))} + ${event.type}`, [...(to?.steps.slice(1).map((s) => s.event) ?? []), event], nextState] as const;
    }),
  )('path to %s replays on a live factory actor', (_, path, want) => {
    const { actor, watch } = harness();
    for (const event of path) {
      if (event.type === 'TOGGLE') actor.send(event);
      else watch.send?.(event as GpsEvent);
    }
    expect(modelOf(actor.getSnapshot())).toEqual(modelOf(want));
    expect(watch.running).toBe(actor.getSnapshot().value === 'active' ? 1 : 0);
    actor.stop();
  });
});
