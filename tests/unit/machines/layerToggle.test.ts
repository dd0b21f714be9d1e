import { featureCountOf } from '../../../src/engine/featureCollection.ts';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import {
  buttonLabel,
  fromLoader,
  isBusy,
  isShown,
  layerToggleMachine,
  loadErrorMessage,
  summariseLoad,
} from '../../../src/machines/layerToggle.ts';
import type { LayerLoadInput, LayerLoadOutput, LayerToggleInput } from '../../../src/machines/layerToggle.ts';

/** One load the row started, settled by the test. */
interface PendingLoad {
  input: LayerLoadInput;
  signal: AbortSignal;
  resolve: (output: LayerLoadOutput | void) => void;
  reject: (error: unknown) => void;
}

const tick = () => new Promise((done) => setTimeout(done, 0));

/** A row whose loads wait for the test, with every caller hook logged in `calls`. */
function startRow(input: LayerToggleInput = { row: 'erosion' }) {
  const loads: PendingLoad[] = [];
  const calls: string[] = [];
  const machine = layerToggleMachine.provide({
    actors: {
      load: fromLoader(
        ({ input: loadInput, signal }) =>
          new Promise<LayerLoadOutput | void>((resolve, reject) => loads.push({ input: loadInput, signal, resolve, reject })),
      ),
    },
    actions: {
      hide: ({ context }) => void calls.push(`hide ${context.row}`),
      loaded: (_, { summary }) => void calls.push(`loaded ${summary.featureCount}`),
      empty: (_, { summary }) => void calls.push(`empty ${summary.featureCount}`),
      // The context the hook sees already holds the error: the caller may read either.
      failed: ({ context }, { message }) => void calls.push(`failed ${message} / ${context.error}`),
    },
  });
  const actor = createTraceableActor(machine, { input, recorder: null }).start();
  const lastLoad = () => {
    const load = loads.at(-1);
    if (!load) throw new Error('no load started');
    return load;
  };
  return {
    actor,
    loads,
    calls,
    send: (type: 'TOGGLE' | 'LAYER_REMOVED' | 'RESET') => actor.send({ type }),
    /** Resolves the last load and lets the promise actor report back. */
    resolve: async (output: LayerLoadOutput | void) => {
      lastLoad().resolve(output);
      await tick();
    },
    reject: async (error: unknown) => {
      lastLoad().reject(error);
      await tick();
    },
    view: () => {
      const snapshot = actor.getSnapshot();
      return { state: snapshot.value, label: buttonLabel(snapshot), busy: isBusy(snapshot), ...snapshot.context };
    },
  };
}

/** A row shown with `output` as its load result. */
async function startActive(output: LayerLoadOutput = { featureCount: 12 }) {
  const row = startRow();
  row.send('TOGGLE');
  await row.resolve(output);
  row.calls.length = 0;
  return row;
}

describe('layer toggle row (SPEC.md §4 Analysis/layer toggles)', () => {
  it("§4 starts inactive with the button 'แสดง'", () => {
    const row = startRow();
    expect(row.view()).toEqual({ state: 'inactive', label: 'แสดง', busy: false, row: 'erosion', result: null, error: null });
    expect(row.loads).toHaveLength(0);
  });

  it('starts with an empty row id when the input names none', () => {
    const actor = createTraceableActor(layerToggleMachine, { input: {}, recorder: null }).start();
    expect(actor.getSnapshot()).toMatchObject({ value: 'inactive', context: { row: '', result: null, error: null } });
  });

  it('§4 inactive + TOGGLE: loading, one load started with the row id, spinner on', () => {
    const row = startRow();
    row.send('TOGGLE');
    expect(row.view()).toEqual({ state: 'loading', label: 'แสดง', busy: true, row: 'erosion', result: null, error: null });
    expect(row.loads.map(({ input }) => input)).toEqual([{ row: 'erosion' }]);
    expect(row.calls).toEqual([]);
  });

  it('§4 "while erosion or accretion loads a spinner shows and clicks are ignored": TOGGLE in loading changes nothing', async () => {
    const row = startRow();
    row.send('TOGGLE');
    const before = row.actor.getSnapshot();
    expect(before.can({ type: 'TOGGLE' })).toBe(false);
    row.send('TOGGLE');
    row.send('TOGGLE');
    expect(row.actor.getSnapshot()).toBe(before);
    expect(row.loads).toHaveLength(1);
    expect(row.loads[0]?.signal.aborted).toBe(false);
    await row.resolve({ featureCount: 3 });
    expect(row.view()).toMatchObject({ state: 'active', result: { featureCount: 3, empty: false } });
  });

  it("§4 load done: active with the button 'ซ่อน', the feature count in context and `loaded` run", async () => {
    const row = startRow();
    row.send('TOGGLE');
    await row.resolve({ featureCount: 12 });
    expect(row.view()).toEqual({
      state: 'active',
      label: 'ซ่อน',
      busy: false,
      row: 'erosion',
      result: { featureCount: 12, empty: false },
      error: null,
    });
    expect(row.calls).toEqual(['loaded 12']);
  });

  it('§4 a load with no feature count (a WMS layer) ends active and not empty', async () => {
    const row = startRow();
    row.send('TOGGLE');
    await row.resolve();
    expect(row.view()).toMatchObject({ state: 'active', result: { featureCount: null, empty: false } });
    expect(row.calls).toEqual(['loaded null']);
  });

  it("§5 §8 an empty result (totalFeatures 0) is no failure: active, `empty` flag, `empty` hook for the toast 'ไม่พบข้อมูลที่ต้องการ' and no re-fit", async () => {
    const row = startRow();
    row.send('TOGGLE');
    await row.resolve({ featureCount: 0 });
    expect(row.view()).toMatchObject({ state: 'active', label: 'ซ่อน', result: { featureCount: 0, empty: true }, error: null });
    expect(row.calls).toEqual(['empty 0']);
  });

  it('§4 §8 "Erosion/accretion fetch failure: logged, row inactive, chart cleared": the row reverts, keeps the message and runs `failed`', async () => {
    const row = startRow();
    row.send('TOGGLE');
    await row.reject(new Error('HTTP 500'));
    expect(row.view()).toEqual({ state: 'inactive', label: 'แสดง', busy: false, row: 'erosion', result: null, error: 'HTTP 500' });
    expect(row.calls).toEqual(['failed HTTP 500 / HTTP 500']);
  });

  it('§4 a TOGGLE after a failure retries with a fresh load and forgets the error', async () => {
    const row = startRow();
    row.send('TOGGLE');
    await row.reject(new Error('timeout'));
    row.send('TOGGLE');
    expect(row.view()).toMatchObject({ state: 'loading', error: null });
    expect(row.loads).toHaveLength(2);
    await row.resolve({ featureCount: 1 });
    expect(row.view()).toMatchObject({ state: 'active', result: { featureCount: 1 }, error: null });
  });

  it('§4 a raw fromPromise load and the default (unprovided) load also revert the row with their message', async () => {
    const raw = layerToggleMachine.provide({
      actors: { load: fromPromise<LayerLoadOutput, LayerLoadInput>(() => Promise.reject(new Error('HTTP 404'))) },
    });
    const rawActor = createTraceableActor(raw, { input: { row: 'accretion' }, recorder: null }).start();
    rawActor.send({ type: 'TOGGLE' });
    await tick();
    expect(rawActor.getSnapshot()).toMatchObject({ value: 'inactive', context: { error: 'HTTP 404' } });

    const bare = createTraceableActor(layerToggleMachine, { input: { row: 'coastline' }, recorder: null }).start();
    bare.send({ type: 'TOGGLE' });
    await tick();
    expect(bare.getSnapshot()).toMatchObject({
      value: 'inactive',
      context: { error: 'layerToggle: no load actor provided for row "coastline"' },
    });
  });

  it('§4 "hiding removes the layer and clears erosion/accretion charts and the download flag": active + TOGGLE runs `hide` once', async () => {
    const row = await startActive();
    row.send('TOGGLE');
    expect(row.view()).toEqual({ state: 'inactive', label: 'แสดง', busy: false, row: 'erosion', result: null, error: null });
    expect(row.calls).toEqual(['hide erosion']);
  });

  it('§4 hiding an empty result also runs `hide` (its empty layer is on the map)', async () => {
    const row = await startActive({ featureCount: 0 });
    row.send('TOGGLE');
    expect(row.calls).toEqual(['hide erosion']);
  });

  it('§4 "if the layer is removed elsewhere the toggle returns to inactive": LAYER_REMOVED in active does not run `hide`', async () => {
    const row = await startActive();
    row.send('LAYER_REMOVED');
    expect(row.view()).toMatchObject({ state: 'inactive', label: 'แสดง', result: null, error: null });
    expect(row.calls).toEqual([]);
  });

  it('§4 LAYER_REMOVED while loading returns to inactive and cancels the load; its late result is dropped', async () => {
    const row = startRow();
    row.send('TOGGLE');
    row.send('LAYER_REMOVED');
    expect(row.view()).toMatchObject({ state: 'inactive', result: null, error: null });
    expect(row.loads[0]?.signal.aborted).toBe(true);
    await row.resolve({ featureCount: 5 });
    expect(row.view()).toMatchObject({ state: 'inactive', result: null });
    expect(row.calls).toEqual([]);
  });

  it('§4 LAYER_REMOVED in inactive changes nothing', async () => {
    const row = startRow();
    row.send('TOGGLE');
    await row.reject(new Error('HTTP 500'));
    const before = row.actor.getSnapshot();
    row.send('LAYER_REMOVED');
    expect(row.actor.getSnapshot()).toBe(before);
  });

  it('RESET from every state returns to inactive, forgets result and error and runs no hook', async () => {
    const active = await startActive();
    active.send('RESET');
    expect(active.view()).toMatchObject({ state: 'inactive', result: null, error: null });

    const loading = startRow();
    loading.send('TOGGLE');
    loading.send('RESET');
    expect(loading.view()).toMatchObject({ state: 'inactive' });
    expect(loading.loads[0]?.signal.aborted).toBe(true);
    await loading.reject(new Error('late failure'));
    expect(loading.view()).toMatchObject({ state: 'inactive', error: null });

    const failed = startRow();
    failed.send('TOGGLE');
    await failed.reject(new Error('HTTP 500'));
    failed.calls.length = 0;
    failed.send('RESET');
    expect(failed.view()).toMatchObject({ state: 'inactive', error: null });

    expect([...active.calls, ...loading.calls, ...failed.calls]).toEqual([]);
  });

  it('§4 a whole visit: show, hide, show again, removed elsewhere', async () => {
    const row = startRow({ row: 'accretion' });
    row.send('TOGGLE');
    await row.resolve({ featureCount: 4 });
    row.send('TOGGLE');
    row.send('TOGGLE');
    await row.resolve({ featureCount: 7 });
    row.send('LAYER_REMOVED');
    expect(row.calls).toEqual(['loaded 4', 'hide accretion', 'loaded 7']);
    expect(row.loads.map(({ input }) => input.row)).toEqual(['accretion', 'accretion']);
    expect(row.view()).toMatchObject({ state: 'inactive', label: 'แสดง' });
  });
});

describe('layer toggle selectors (SPEC.md §4 row button)', () => {
  it("buttonLabel: 'ซ่อน' only when active; 'แสดง' when inactive and while loading", () => {
    expect(buttonLabel({ value: 'inactive' })).toBe('แสดง');
    expect(buttonLabel({ value: 'loading' })).toBe('แสดง');
    expect(buttonLabel({ value: 'active' })).toBe('ซ่อน');
  });

  it('isBusy only while loading; isShown only when active', () => {
    expect([isBusy({ value: 'inactive' }), isBusy({ value: 'loading' }), isBusy({ value: 'active' })]).toEqual([false, true, false]);
    expect([isShown({ value: 'inactive' }), isShown({ value: 'loading' }), isShown({ value: 'active' })]).toEqual([false, false, true]);
  });
});

describe('layer toggle load helpers', () => {
  it('summariseLoad keeps a non-negative integer count; empty exactly when it is 0', () => {
    expect(summariseLoad({ featureCount: 12 })).toEqual({ featureCount: 12, empty: false });
    expect(summariseLoad({ featureCount: 0 })).toEqual({ featureCount: 0, empty: true });
    for (const output of [undefined, null, {}, { featureCount: null }, { featureCount: -1 }, { featureCount: 1.5 }, { featureCount: '3' }, [3]]) {
      expect(summariseLoad(output), JSON.stringify(output)).toEqual({ featureCount: null, empty: false });
    }
  });

  it('loadErrorMessage reads Errors, { message } objects and strings', () => {
    expect(loadErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(loadErrorMessage({ message: 'HTTP 500' })).toBe('HTTP 500');
    expect(loadErrorMessage('timeout')).toBe('timeout');
    expect(loadErrorMessage(404)).toBe('404');
    // An Error that went through JSON (as in a trace) has lost its message.
    expect(loadErrorMessage(JSON.parse(JSON.stringify(new Error('gone'))))).toBe('load failed');
    expect(loadErrorMessage(undefined)).toBe('load failed');
  });

  it('§3 §5 featureCountOf: totalFeatures, else numberMatched, else the features returned', () => {
    expect(featureCountOf({ totalFeatures: 0, numberMatched: 0, features: [] })).toBe(0);
    expect(featureCountOf({ totalFeatures: 42, features: [{}, {}] })).toBe(42);
    expect(featureCountOf({ totalFeatures: 'unknown', numberMatched: 7, features: [{}] })).toBe(7);
    expect(featureCountOf({ features: [{}, {}, {}] })).toBe(3);
    expect(featureCountOf({})).toBe(0);
  });

  it('fromLoader resolves to { featureCount } only and rejects with a plain, JSON-safe { message }', async () => {
    const run = (load: Parameters<typeof fromLoader>[0]) => {
      const machine = layerToggleMachine.provide({ actors: { load: fromLoader(load) } });
      const events: unknown[] = [];
      const actor = createTraceableActor(machine, { input: { row: 'r' }, recorder: null, inspect: (i) => void events.push(i) });
      actor.start().send({ type: 'TOGGLE' });
      return { actor, events };
    };
    const ok = run(async () => ({ featureCount: 2, features: [{}, {}] }) as LayerLoadOutput);
    await tick();
    expect(ok.actor.getSnapshot().context.result).toEqual({ featureCount: 2, empty: false });

    const failed = run(async () => {
      throw new Error('HTTP 502');
    });
    await tick();
    const errorEvent = failed.events
      .map((inspection) => (inspection as { event?: { type: string } }).event)
      .find((event) => event?.type === 'xstate.error.actor.load') as { error: unknown } | undefined;
    expect(errorEvent?.error).toEqual({ message: 'HTTP 502' });
    expect(errorEvent?.error).not.toBeInstanceOf(Error);
    expect(failed.actor.getSnapshot().context.error).toBe('HTTP 502');
  });
});
