import { initialTransition, transition } from 'xstate';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { recordedState } from './factory.ts';
import type { MachineTrace, TraceState } from './factory.ts';
import type { MachineRegistry } from './registry.ts';

/** `step` counts events from 1; step 0 is the initial state, before any event (event is null). */
export type ReplayResult =
  | { ok: true; steps: number }
  | { ok: false; step: number; event: AnyEventObject | null; expected: TraceState; actual: TraceState };

/** Computes the trace's machine from the recorded input through every recorded event and reports
 *  the first state (and recorded context) that differs. Uses xstate's pure transition functions,
 *  so no action, child actor, timer or fetch runs: each step is exactly one recorded macrostep.
 *  Throws when the trace cannot be replayed at all (unknown machine, machine error). */
export function replayTrace(trace: MachineTrace, registry: MachineRegistry): ReplayResult {
  const machine = registry[trace.machine];
  if (!machine) {
    const known = Object.keys(registry).join(', ') || 'none';
    throw new Error(`unknown machine "${trace.machine}" (registered: ${known})`);
  }
  let snapshot = computeStep(trace, 0, () => initialTransition(machine, trace.input)[0]);
  const checkpoints = [{ event: null, ...trace.initial }, ...trace.steps];
  for (const [step, { event, ...expected }] of checkpoints.entries()) {
    if (event) snapshot = computeStep(trace, step, () => transition(machine, snapshot, event)[0]);
    // Compare only what was recorded: the same context keys as the trace holds.
    const actual = recordedState(snapshot, expected.context && Object.keys(expected.context));
    if (!isJsonEqual(expected, actual)) return { ok: false, step, event, expected, actual };
  }
  return { ok: true, steps: trace.steps.length };
}

/** Runs one pure transition, turning a machine error (thrown or as an error snapshot) into a message. */
function computeStep(
  trace: MachineTrace,
  step: number,
  next: () => ReturnType<AnyStateMachine['transition']>,
): AnyMachineSnapshot {
  let snapshot: AnyMachineSnapshot;
  try {
    snapshot = next();
  } catch (error) {
    throw new Error(`machine "${trace.machine}" failed at step ${step}: ${errorMessage(error)}`);
  }
  if (snapshot.status === 'error') {
    throw new Error(`machine "${trace.machine}" failed at step ${step}: ${errorMessage(snapshot.error)}`);
  }
  return snapshot;
}

/** Reads a trace file's JSON: one trace, or a list of them (what a recorder's `traces` downloads as). */
export function parseTraces(json: unknown): MachineTrace[] {
  const traces = Array.isArray(json) ? json : [json];
  if (traces.length === 0) throw new Error('the file holds an empty list of traces');
  traces.forEach((trace, i) => {
    const where = Array.isArray(json) ? `trace [${i}]` : 'trace';
    const problem = traceProblem(trace);
    if (problem) throw new Error(`${where} is not a machine trace: ${problem}`);
  });
  return traces as MachineTrace[];
}

function traceProblem(trace: unknown): string | null {
  if (!isRecord(trace)) return 'expected an object';
  if (trace.version !== 1) return `unsupported version ${JSON.stringify(trace.version)} (expected 1)`;
  if (typeof trace.machine !== 'string') return '"machine" must be a string';
  if (!isRecord(trace.initial) || !('state' in trace.initial)) return '"initial" must hold a "state"';
  if (!Array.isArray(trace.steps)) return '"steps" must be a list';
  const badStep = trace.steps.findIndex(
    (step) => !isRecord(step) || !isRecord(step.event) || typeof step.event.type !== 'string' || !('state' in step),
  );
  return badStep === -1 ? null : `steps[${badStep}] needs an "event" with a "type" and a "state"`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => isJsonEqual(item, b[i]));
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && isJsonEqual(a[key], b[key]));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
