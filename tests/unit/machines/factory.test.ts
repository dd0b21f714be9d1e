import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromCallback, raise, setup } from 'xstate';
import type { InspectionEvent } from 'xstate';
import {
  createTraceRecorder,
  createTraceableActor,
  getActiveRecorder,
  setActiveRecorder,
} from '../../../src/machines/factory.ts';
import { pickerCascadeMachine } from '../../../src/machines/pickerCascade.ts';

const input = { levels: ['province', 'district'] };
const songkhla = { code: '90', name: 'สงขลา' };
const muangSongkhla = { code: '9001', name: 'เมืองสงขลา' };

afterEach(() => setActiveRecorder(null));

describe('createTraceableActor (DESIGN.md §4 one factory that records)', () => {
  it('records the initial state and every event the actor handles, with the chosen context', () => {
    const recorder = createTraceRecorder();
    const actor = createTraceableActor(pickerCascadeMachine, { input, recorder, recordContext: ['selected'] });
    actor.send({ type: 'SELECT', level: 'province', value: songkhla }); // queued until start
    actor.start();
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    actor.send({ type: 'CLEAR', level: 'province' });
    actor.stop();

    expect(recorder.traces).toEqual([
      {
        version: 1,
        machine: 'pickerCascade',
        input,
        initial: { state: 'empty', context: { selected: { province: null, district: null } } },
        steps: [
          {
            event: { type: 'SELECT', level: 'province', value: songkhla },
            state: 'partial',
            context: { selected: { province: songkhla, district: null } },
          },
          {
            event: { type: 'SELECT', level: 'district', value: muangSongkhla },
            state: 'complete',
            context: { selected: { province: songkhla, district: muangSongkhla } },
          },
          {
            event: { type: 'CLEAR', level: 'province' },
            state: 'empty',
            context: { selected: { province: null, district: null } },
          },
        ],
      },
    ]);
  });

  it('records ignored events too, since replay must show they change nothing', () => {
    const recorder = createTraceRecorder();
    const actor = createTraceableActor(pickerCascadeMachine, { input, recorder }).start();
    actor.send({ type: 'SELECT', level: 'district', value: muangSongkhla });
    expect(recorder.traces[0]?.steps).toEqual([
      { event: { type: 'SELECT', level: 'district', value: muangSongkhla }, state: 'empty' },
    ]);
  });

  it('records no context unless asked, and copies what it records', () => {
    const recorder = createTraceRecorder();
    const event = { type: 'SELECT' as const, level: 'province', value: { ...songkhla } };
    const actor = createTraceableActor(pickerCascadeMachine, { input, recorder }).start();
    actor.send(event);
    event.value.name = 'changed later';
    const [trace] = recorder.traces;
    expect(trace?.initial).toEqual({ state: 'empty' });
    expect(trace?.steps[0]?.event).toEqual({ type: 'SELECT', level: 'province', value: songkhla });
    expect(JSON.parse(JSON.stringify(recorder.traces))).toEqual(recorder.traces);
  });

  it('records events from child actors but not the machine’s own raised events or children’s snapshots', () => {
    const handshakeMachine = setup({
      types: { events: {} as { type: 'CONNECT' } | { type: 'READY' } | { type: 'ACK' } },
      actors: { link: fromCallback(({ sendBack }) => sendBack({ type: 'READY' })) },
    }).createMachine({
      id: 'handshake',
      initial: 'idle',
      states: {
        idle: { on: { CONNECT: 'connecting' } },
        connecting: { invoke: { src: 'link' }, on: { READY: 'acknowledging' } },
        acknowledging: { entry: raise({ type: 'ACK' }), on: { ACK: 'connected' } },
        connected: {},
      },
    });
    const recorder = createTraceRecorder();
    const actor = createTraceableActor(handshakeMachine, { recorder }).start();
    actor.send({ type: 'CONNECT' });
    expect(actor.getSnapshot().value).toBe('connected');
    expect(recorder.traces).toEqual([
      {
        version: 1,
        machine: 'handshake',
        initial: { state: 'idle' },
        steps: [
          { event: { type: 'CONNECT' }, state: 'connecting' },
          { event: { type: 'READY' }, state: 'connected' },
        ],
      },
    ]);
  });

  it('records into the active recorder (how the UI turns recording on under ?qa=1)', () => {
    const recorder = createTraceRecorder();
    setActiveRecorder(recorder);
    expect(getActiveRecorder()).toBe(recorder);
    createTraceableActor(pickerCascadeMachine, { input }).start();
    createTraceableActor(pickerCascadeMachine, { input: { levels: ['beachM'] } }).start();
    expect(recorder.traces.map((trace) => trace.input)).toEqual([input, { levels: ['beachM'] }]);
    recorder.clear();
    expect(recorder.traces).toEqual([]);
  });

  it('records nothing when recording is off', () => {
    const recorder = createTraceRecorder();
    const actor = createTraceableActor(pickerCascadeMachine, { input }).start();
    actor.send({ type: 'SELECT', level: 'province', value: songkhla });
    expect(actor.getSnapshot().value).toBe('partial');

    setActiveRecorder(recorder);
    createTraceableActor(pickerCascadeMachine, { input, recorder: null }).start().send({ type: 'RESET' });
    setActiveRecorder(null);
    createTraceableActor(pickerCascadeMachine, { input }).start().send({ type: 'RESET' });
    expect(recorder.traces).toEqual([]);
  });

  it('still calls the caller’s own inspect', () => {
    const inspect = vi.fn<(event: InspectionEvent) => void>();
    const recorder = createTraceRecorder();
    createTraceableActor(pickerCascadeMachine, { input, recorder, inspect }).start();
    expect(inspect).toHaveBeenCalledWith(expect.objectContaining({ type: '@xstate.snapshot' }));
    expect(recorder.traces).toHaveLength(1);
  });
});
