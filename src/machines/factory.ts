import { createActor } from 'xstate';
import type {
  Actor,
  ActorOptions,
  AnyEventObject,
  AnyStateMachine,
  ConditionalRequired,
  InspectionEvent,
  IsNotNever,
  RequiredActorOptionsKeys,
  StateValue,
} from 'xstate';

/** The machine's state after an event (or at start), as recorded in a trace. */
export interface TraceState {
  state: StateValue;
  /** Only the context keys the recording asked for. */
  context?: Record<string, unknown>;
}

interface TraceStep extends TraceState {
  event: AnyEventObject;
}

/** A JSON-serialisable recording of one root actor, replayable by machine id (see replay.ts). */
export interface MachineTrace {
  version: 1;
  machine: string;
  input?: unknown;
  initial: TraceState;
  steps: TraceStep[];
}

interface TraceRecorder {
  /** Traces of every recorded actor, in start order; each grows as its actor handles events. */
  readonly traces: readonly MachineTrace[];
  /** An xstate `inspect` callback that records one root actor into a new trace when it starts. */
  inspector(
    machine: AnyStateMachine,
    recording: { input: unknown; contextKeys: readonly string[] | undefined },
  ): (inspection: InspectionEvent) => void;
  clear(): void;
}

export function createTraceRecorder(): TraceRecorder {
  const traces: MachineTrace[] = [];
  return {
    traces,
    clear: () => {
      traces.length = 0;
    },
    inspector(machine, { input, contextKeys }) {
      let trace: MachineTrace | undefined;
      return (inspection) => {
        // Each snapshot of the root actor closes one macrostep: the event it received (from a
        // caller, a child actor or its own timer) plus everything raised while handling it.
        if (inspection.type !== '@xstate.snapshot' || inspection.actorRef.sessionId !== inspection.rootId) return;
        const { event, snapshot } = inspection;
        if (event.type === 'xstate.init') {
          trace = {
            version: 1,
            machine: machine.id,
            ...(input === undefined ? {} : { input: toJson(input) }),
            initial: recordedState(snapshot, contextKeys),
            steps: [],
          };
          traces.push(trace);
        } else if (event.type !== 'xstate.stop') {
          trace?.steps.push({ event: toJson(event), ...recordedState(snapshot, contextKeys) });
        }
      };
    },
  };
}

let activeRecorder: TraceRecorder | null = null;

/** Turns recording on for every actor created afterwards (e.g. the UI under ?qa=1), or off with null. */
export function setActiveRecorder(recorder: TraceRecorder | null): void {
  activeRecorder = recorder;
}

export function getActiveRecorder(): TraceRecorder | null {
  return activeRecorder;
}

type TraceableActorOptions<TMachine extends AnyStateMachine> = ActorOptions<TMachine> & {
  /** Recorder for this actor; defaults to the active recorder, null turns recording off. */
  recorder?: TraceRecorder | null;
  /** Context keys copied into each trace step, so replay also compares them. */
  recordContext?: readonly string[];
};

/** The one way the app creates actors: xstate `createActor`, recorded when a recorder is on. */
export function createTraceableActor<TMachine extends AnyStateMachine>(
  machine: TMachine,
  ...[options]: ConditionalRequired<
    [options?: TraceableActorOptions<TMachine> & { [K in RequiredActorOptionsKeys<TMachine>]: unknown }],
    IsNotNever<RequiredActorOptionsKeys<TMachine>>
  >
): Actor<TMachine> {
  const resolvedOptions: TraceableActorOptions<TMachine> = options ?? {};
  const { recorder = activeRecorder, recordContext, inspect, ...actorOptions } = resolvedOptions;
  if (!recorder) return createActor(machine, { ...actorOptions, inspect });
  const record = recorder.inspector(machine, { input: actorOptions.input, contextKeys: recordContext });
  return createActor(machine, {
    ...actorOptions,
    inspect: (inspection: InspectionEvent) => {
      record(inspection);
      if (typeof inspect === 'function') inspect(inspection);
      else inspect?.next?.(inspection);
    },
  });
}

/** What a trace records for a snapshot: its state value and, if asked, the named context keys,
 *  as JSON. Replay builds its side of every comparison with this too. */
export function recordedState(snapshot: unknown, contextKeys: readonly string[] | undefined): TraceState {
  const { value, context } = snapshot as { value: StateValue; context: Record<string, unknown> };
  if (!contextKeys) return { state: toJson(value) };
  return { state: toJson(value), context: toJson(Object.fromEntries(contextKeys.map((key) => [key, context[key]]))) };
}

// Copies through JSON so a trace never aliases live machine data and always survives a download.
function toJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
