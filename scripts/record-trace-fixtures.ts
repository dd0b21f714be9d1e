// Regenerates the example machine traces in tests/fixtures/traces from their scripted sessions.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createTraceRecorder, createTraceableActor } from '../src/machines/factory.ts';
import type { MachineTrace } from '../src/machines/factory.ts';
import { fromLoader, layerToggleMachine } from '../src/machines/layerToggle.ts';
import type { LayerLoadOutput, LayerToggleEvent } from '../src/machines/layerToggle.ts';
import {
  pickerCascadeTracePath,
  pickerPageTracePath,
  recordPickerCascadeSession,
  recordPickerPageSession,
} from '../tests/fixtures/traces/pickerCascadeSession.ts';

for (const [path, record] of [
  [pickerCascadeTracePath, recordPickerCascadeSession],
  [pickerPageTracePath, recordPickerPageSession],
] as const) {
  writeFileSync(path, `${JSON.stringify(record(), null, 2)}\n`);
  console.log(`wrote ${fileURLToPath(path)}`);
}

/** One step of the layer-toggle session: a row event, or how the pending load settles. */
type LayerToggleStep = LayerToggleEvent | { resolve: LayerLoadOutput } | { reject: string };

/** A fixed visitor session on the erosion row of a change-area page (SPEC.md §4 Analysis/layer
 *  toggles, §5/§8 empty result and fetch failure). Loads settle only when the session says so,
 *  so the trace is the same on every run. tests/unit/machines/layerToggle.trace.test.ts drives a
 *  live actor with the recorded events and checks it records this same trace. */
const layerToggleSession: LayerToggleStep[] = [
  { type: 'TOGGLE' }, // show: loading
  { type: 'TOGGLE' }, // a click while loading: ignored
  { resolve: { featureCount: 12 } }, // active, 12 features
  { type: 'TOGGLE' }, // hide: inactive (hide runs)
  { type: 'TOGGLE' },
  { reject: 'HTTP 500' }, // fetch failure: inactive with the error
  { type: 'TOGGLE' },
  { resolve: { featureCount: 0 } }, // empty result: active, empty
  { type: 'LAYER_REMOVED' }, // removed in the layers panel: inactive (hide does not run)
  { type: 'TOGGLE' },
  { type: 'LAYER_REMOVED' }, // removed while loading: the load is cancelled
  { type: 'TOGGLE' },
  { resolve: {} }, // a WMS layer: active, no feature count
  { type: 'RESET' },
];

async function recordLayerToggleSession(): Promise<MachineTrace> {
  // The running load's settle functions; each load waits here until the session settles it.
  const pending: { current: { resolve: (output: LayerLoadOutput) => void; reject: (error: Error) => void } | null } = {
    current: null,
  };
  const machine = layerToggleMachine.provide({
    actors: { load: fromLoader(() => new Promise((resolve, reject) => void (pending.current = { resolve, reject }))) },
  });
  const recorder = createTraceRecorder();
  const actor = createTraceableActor(machine, { input: { row: 'erosion' }, recorder, recordContext: ['result', 'error'] });
  actor.start();
  for (const step of layerToggleSession) {
    if ('type' in step) {
      actor.send(step);
      continue;
    }
    const load = pending.current;
    if (!load) throw new Error('the layer-toggle session settles a load that is not running');
    if ('resolve' in step) load.resolve(step.resolve);
    else load.reject(new Error(step.reject));
    pending.current = null;
    await new Promise((done) => setTimeout(done, 0)); // let the promise actor report back
  }
  actor.stop();
  const [trace] = recorder.traces;
  if (!trace) throw new Error('the layer-toggle session recorded no trace');
  return trace;
}

const layerToggleTracePath = new URL('../tests/fixtures/traces/layer-toggle.json', import.meta.url);
writeFileSync(layerToggleTracePath, `${JSON.stringify(await recordLayerToggleSession(), null, 2)}\n`);
console.log(`wrote ${fileURLToPath(layerToggleTracePath)}`);
