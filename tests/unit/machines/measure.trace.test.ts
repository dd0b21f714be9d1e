// The example measure and GPS traces (tests/fixtures/traces/{measure,gps}.json), recorded through
// the factory from the scripted sessions below (write them again with UPDATE_TRACES=1): they
// replay with xstate's pure transitions, and the live sessions record them again today.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import { createTraceRecorder, createTraceableActor } from '../../../src/machines/factory.ts';
import type { MachineTrace } from '../../../src/machines/factory.ts';
import { gpsMachine } from '../../../src/machines/gps.ts';
import type { GpsEvent } from '../../../src/machines/gps.ts';
import { measureMachine } from '../../../src/machines/measure.ts';
import type { MeasureEvent } from '../../../src/machines/measure.ts';
import { machineRegistry } from '../../../src/machines/registry.ts';
import { replayTrace } from '../../../src/machines/replay.ts';

const add = (lng: number, lat: number): MeasureEvent => ({ type: 'ADD_POINT', lng, lat });
/** A visitor measures a triangle near Rayong (one click repeated, ignored), cancels a line,
 *  measures one point, deletes it, finishes a 2-point line and deletes it. */
const measureSession: MeasureEvent[] = [
  { type: 'START' },
  add(100.9, 12.9),
  add(100.9, 12.9),
  add(100.9012, 12.9),
  add(100.9006, 12.901),
  { type: 'FINISH' },
  { type: 'START' },
  add(101, 13),
  { type: 'CANCEL' },
  { type: 'DELETE' },
  { type: 'START' },
  add(101, 13),
  { type: 'FINISH' },
  { type: 'DELETE' },
  { type: 'START' },
  add(101, 13),
  add(101.01, 13.01),
  { type: 'FINISH' },
  { type: 'DELETE' },
];

/** GPS on, two fixes, off; on again and the permission is denied. Fixes and errors come from the
 *  watch actor (a stand-in for watchPosition). */
const gpsSession: GpsEvent[] = [
  { type: 'TOGGLE' },
  { type: 'LOCATION', lat: 13.0402201, lng: 102.1102309, accuracy: 12 },
  { type: 'LOCATION', lat: 13.0403, lng: 102.1103, accuracy: 8.5 },
  { type: 'TOGGLE' },
  { type: 'TOGGLE' },
  { type: 'ERROR', message: 'User denied Geolocation' },
];

function recordMeasure(): MachineTrace {
  const recorder = createTraceRecorder();
  const actor = createTraceableActor(measureMachine, { recorder, recordContext: ['points', 'result'] }).start();
  for (const event of measureSession) actor.send(event);
  actor.stop();
  return recorder.traces[0]!;
}

function recordGps(): MachineTrace {
  const watch: { send: ((event: GpsEvent) => void) | null } = { send: null };
  const machine = gpsMachine.provide({
    actors: { watch: fromCallback<GpsEvent>(({ sendBack }) => void (watch.send = sendBack)) },
  });
  const recorder = createTraceRecorder();
  const actor = createTraceableActor(machine, { recorder, recordContext: ['position', 'error'] }).start();
  for (const event of gpsSession) {
    if (event.type === 'TOGGLE') actor.send(event);
    else watch.send?.(event);
  }
  actor.stop();
  return recorder.traces[0]!;
}

// The measure machine's id is 'measureTool' (replay.test.ts keeps 'measure' as an unregistered id).
const fixtures = [
  ['measure', 'measureTool', recordMeasure, measureSession.length],
  ['gps', 'gps', recordGps, gpsSession.length],
] as const;

describe.each(fixtures)('%s trace (DESIGN.md §4 record and replay; SPEC.md §4)', (name, id, record, steps) => {
  const path = new URL(`../../fixtures/traces/${name}.json`, import.meta.url);
  if (process.env.UPDATE_TRACES) writeFileSync(path, `${JSON.stringify(record(), null, 2)}\n`);
  const fixture = () => JSON.parse(readFileSync(path, 'utf8')) as MachineTrace;

  it('is registered and the shipped trace replays ok', () => {
    expect(machineRegistry[id]).toBeDefined();
    expect(fixture().machine).toBe(id);
    expect(replayTrace(fixture(), machineRegistry)).toEqual({ ok: true, steps });
  });

  it('the live session, through the factory, records the same trace today', () => {
    expect(record()).toEqual(fixture());
  });

  it('replay reports a tampered step', () => {
    const trace = fixture();
    trace.steps[1]!.state = 'tampered';
    expect(replayTrace(trace, machineRegistry)).toMatchObject({ ok: false, step: 2 });
  });
});

it('the measure trace ignores the repeated click and finishes a 3-point area of about 4.5 rai', () => {
  const trace = JSON.parse(readFileSync(new URL('../../fixtures/traces/measure.json', import.meta.url), 'utf8')) as MachineTrace;
  expect(trace.steps[2]!.context).toEqual(trace.steps[1]!.context);
  const result = trace.steps[5]!.context!.result as { pointCount: number; area: number };
  expect(result.pointCount).toBe(3);
  expect(result.area / 1600).toBeCloseTo(4.502, 2);
});
