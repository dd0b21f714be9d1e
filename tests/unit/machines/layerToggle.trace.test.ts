// The example layer-toggle trace (tests/fixtures/traces/layer-toggle.json, written by
// `npx tsx scripts/record-trace-fixtures.ts`): it replays with xstate's pure transitions, and a
// live actor driven by its events records it again, byte for byte.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { createTraceRecorder, createTraceableActor } from '../../../src/machines/factory.ts';
import type { MachineTrace } from '../../../src/machines/factory.ts';
import { fromLoader, layerToggleMachine } from '../../../src/machines/layerToggle.ts';
import type { LayerLoadInput, LayerLoadOutput, LayerToggleEvent } from '../../../src/machines/layerToggle.ts';
import { machineRegistry } from '../../../src/machines/registry.ts';
import { replayTrace } from '../../../src/machines/replay.ts';

const fixturePath = new URL('../../fixtures/traces/layer-toggle.json', import.meta.url);
const readFixture = () => JSON.parse(readFileSync(fixturePath, 'utf8')) as MachineTrace;
const recordContext = ['result', 'error'];

/** Drives a live actor, created and recorded through the factory, with a trace's events: row
 *  events are sent, a load's done/error event settles the running load (through `fromLoader`, or a
 *  raw fromPromise with `raw`) with the recorded output or message. Returns the new recording. */
async function reRecord(trace: MachineTrace, { raw = false } = {}): Promise<MachineTrace> {
  const pending: { current: { resolve: (output: LayerLoadOutput) => void; reject: (error: Error) => void } | null } = {
    current: null,
  };
  const wait = () => new Promise<LayerLoadOutput>((resolve, reject) => void (pending.current = { resolve, reject }));
  const load = raw ? fromPromise<LayerLoadOutput, LayerLoadInput>(wait) : fromLoader(wait);
  const recorder = createTraceRecorder();
  const actor = createTraceableActor(layerToggleMachine.provide({ actors: { load } }), {
    input: trace.input as { row: string },
    recorder,
    recordContext,
  }).start();
  for (const { event } of trace.steps) {
    if (event.type === 'xstate.done.actor.load') pending.current?.resolve(event.output as LayerLoadOutput);
    else if (event.type === 'xstate.error.actor.load') pending.current?.reject(new Error((event.error as { message: string }).message));
    else actor.send(event as LayerToggleEvent);
    await new Promise((settled) => setTimeout(settled, 0));
  }
  actor.stop();
  const [recorded] = recorder.traces;
  if (!recorded) throw new Error('nothing recorded');
  return recorded;
}

describe('layer-toggle trace (DESIGN.md §4 record and replay; SPEC.md §4 Analysis/layer toggles)', () => {
  it('the shipped example trace replays ok against the registered machine', () => {
    expect(machineRegistry.layerToggle).toBe(layerToggleMachine);
    expect(replayTrace(readFixture(), machineRegistry)).toEqual({ ok: true, steps: 14 });
  });

  it('a live actor driven by the trace’s events records the same trace today', async () => {
    expect(await reRecord(readFixture())).toEqual(readFixture());
  });

  it('the trace shows §4 show, ignored click, hide, §8 failure, §5 empty result, removal elsewhere (also while loading), WMS and RESET', () => {
    const { initial, steps } = readFixture();
    expect(initial).toEqual({ state: 'inactive', context: { result: null, error: null } });
    const summary = steps.map(({ event, state, context }) => {
      const detail =
        event.type === 'xstate.done.actor.load'
          ? ` ${JSON.stringify(event.output)}`
          : event.type === 'xstate.error.actor.load'
            ? ` ${JSON.stringify(event.error)}`
            : '';
      return `${event.type}${detail} -> ${String(state)} ${JSON.stringify(context)}`;
    });
    expect(summary).toEqual([
      'TOGGLE -> loading {"result":null,"error":null}',
      'TOGGLE -> loading {"result":null,"error":null}',
      'xstate.done.actor.load {"featureCount":12} -> active {"result":{"featureCount":12,"empty":false},"error":null}',
      'TOGGLE -> inactive {"result":null,"error":null}',
      'TOGGLE -> loading {"result":null,"error":null}',
      'xstate.error.actor.load {"message":"HTTP 500"} -> inactive {"result":null,"error":"HTTP 500"}',
      'TOGGLE -> loading {"result":null,"error":null}',
      'xstate.done.actor.load {"featureCount":0} -> active {"result":{"featureCount":0,"empty":true},"error":null}',
      'LAYER_REMOVED -> inactive {"result":null,"error":null}',
      'TOGGLE -> loading {"result":null,"error":null}',
      'LAYER_REMOVED -> inactive {"result":null,"error":null}',
      'TOGGLE -> loading {"result":null,"error":null}',
      'xstate.done.actor.load {"featureCount":null} -> active {"result":{"featureCount":null,"empty":false},"error":null}',
      'RESET -> inactive {"result":null,"error":null}',
    ]);
  });

  it('replay reports the first step whose recorded result differs', () => {
    const trace = readFixture();
    const emptyStep = trace.steps[7];
    if (!emptyStep) throw new Error('the fixture has no step 8');
    emptyStep.context = { result: { featureCount: 0, empty: false }, error: null };
    expect(replayTrace(trace, machineRegistry)).toMatchObject({
      ok: false,
      step: 8,
      actual: { state: 'active', context: { result: { featureCount: 0, empty: true }, error: null } },
    });
  });

  it('a raw fromPromise rejecting with an Error records `error: {}`: replay then rebuilds "load failed", which is why callers use fromLoader', async () => {
    const trace = await reRecord(readFixture(), { raw: true });
    const failure = trace.steps[5];
    expect(failure?.event).toEqual({ type: 'xstate.error.actor.load', error: {}, actorId: 'load' });
    expect(failure?.context).toEqual({ result: null, error: 'HTTP 500' });
    expect(replayTrace(trace, machineRegistry)).toMatchObject({
      ok: false,
      step: 6,
      actual: { state: 'inactive', context: { error: 'load failed' } },
    });
  });
});
