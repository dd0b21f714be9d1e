// The example wizard trace (tests/fixtures/traces/wizard.json): a visitor's session through the
// proposal form, recorded through the factory. It replays with xstate's pure transitions (the
// validation answers and the PDF are recorded events, so no form is needed), `npm run replay`
// accepts it, and a live actor driven by its events records it again, byte for byte.
// Regenerate it with `UPDATE_TRACES=1 npx vitest run --project unit tests/unit/machines/wizard.trace.test.ts`.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTraceRecorder, createTraceableActor } from '../../../src/machines/factory.ts';
import type { MachineTrace } from '../../../src/machines/factory.ts';
import { machineRegistry } from '../../../src/machines/registry.ts';
import { replayTrace } from '../../../src/machines/replay.ts';
import { fromBuilder, fromValidator, wizardMachine } from '../../../src/machines/wizard.ts';
import type { PdfHandle, WizardEvent } from '../../../src/machines/wizard.ts';

const fixturePath = new URL('../../fixtures/traces/wizard.json', import.meta.url);
const recordContext = ['step', 'invalid', 'error', 'pdf'];
const PDF: PdfHandle = { url: 'blob:http://127.0.0.1/6f1c', bytes: 187_342, fileName: 'proposal-2569.pdf' };

/** One step of a session: a user event, or the answer of the running validation or build. */
type SessionStep =
  | { send: WizardEvent }
  | { validation: string[] }
  | { validatorFails: string }
  | { pdf: PdfHandle }
  | { buildFails: string };

/** The session: a missing name on step 1, then on, back, on to step 3, a missing step-3 field, a
 *  failed build, a PDF, the preview closed, and the first tab. */
const session: SessionStep[] = [
  { send: { type: 'NEXT' } },
  { validation: ['projectName', 'projectType'] },
  { send: { type: 'NEXT' } },
  { validation: [] },
  { send: { type: 'BACK' } },
  { send: { type: 'NEXT' } },
  { validation: [] },
  { send: { type: 'NEXT' } },
  { validation: [] },
  { send: { type: 'NEXT' } }, // ignored on step 3
  { send: { type: 'SUBMIT' } },
  { validation: ['operationPlan'] },
  { send: { type: 'SUBMIT' } },
  { validation: [] },
  { buildFails: 'font failed to load' },
  { send: { type: 'SUBMIT' } },
  { validation: [] },
  { pdf: PDF },
  { send: { type: 'CLOSE_PREVIEW' } },
  { send: { type: 'GOTO', step: 1 } },
];

/** Runs a session on a live actor recorded through the factory. */
async function recordSession(steps: readonly SessionStep[]): Promise<MachineTrace> {
  const pending: { validate?: { resolve: (f: string[]) => void; reject: (e: Error) => void }; build?: { resolve: (p: PdfHandle) => void; reject: (e: Error) => void } } = {};
  const machine = wizardMachine.provide({
    actors: {
      validate: fromValidator(() => new Promise<string[]>((resolve, reject) => void (pending.validate = { resolve, reject }))),
      build: fromBuilder(() => new Promise<PdfHandle>((resolve, reject) => void (pending.build = { resolve, reject }))),
    },
  });
  const recorder = createTraceRecorder();
  const actor = createTraceableActor(machine, { input: { step: 1 }, recorder, recordContext }).start();
  for (const step of steps) {
    if ('send' in step) actor.send(step.send);
    else if ('validation' in step) pending.validate?.resolve(step.validation);
    else if ('validatorFails' in step) pending.validate?.reject(new Error(step.validatorFails));
    else if ('pdf' in step) pending.build?.resolve(step.pdf);
    else pending.build?.reject(new Error(step.buildFails));
    await new Promise((settled) => setTimeout(settled, 0));
  }
  actor.stop();
  const [trace] = recorder.traces;
  if (!trace) throw new Error('nothing recorded');
  return trace;
}

/** The trace's events as they came from a session step. */
function eventsToSession(trace: MachineTrace): SessionStep[] {
  return trace.steps.map(({ event }): SessionStep => {
    if (event.type === 'xstate.done.actor.validate') return { validation: (event.output as { invalid: string[] }).invalid };
    if (event.type === 'xstate.error.actor.validate') return { validatorFails: (event.error as { message: string }).message };
    if (event.type === 'xstate.done.actor.build') return { pdf: event.output as PdfHandle };
    if (event.type === 'xstate.error.actor.build') return { buildFails: (event.error as { message: string }).message };
    return { send: event as WizardEvent };
  });
}

if (process.env.UPDATE_TRACES) writeFileSync(fixturePath, `${JSON.stringify(await recordSession(session), null, 2)}\n`);
const readFixture = () => JSON.parse(readFileSync(fixturePath, 'utf8')) as MachineTrace;

describe('wizard trace (DESIGN.md §4 record and replay; SPEC.md §4 Wizard)', () => {
  it('the shipped trace replays ok against the registered machine', () => {
    expect(machineRegistry.wizard).toBe(wizardMachine);
    expect(replayTrace(readFixture(), machineRegistry)).toEqual({ ok: true, steps: session.length });
  });

  it('the session recorded today is the shipped trace, and a live actor driven by the trace’s own events records it again', async () => {
    expect(await recordSession(session)).toEqual(readFixture());
    expect(await recordSession(eventsToSession(readFixture()))).toEqual(readFixture());
  });

  it('the trace shows §4: next validates (invalid stays, valid advances), back, max 3, submit builds, a failed build, the preview and its close', () => {
    const { initial, steps } = readFixture();
    expect(initial).toEqual({ state: 'editing', context: { step: 1, invalid: [], error: null, pdf: null } });
    const summary = steps.map(({ event, state, context }) => {
      const c = context as { step: number; invalid: string[]; error: string | null; pdf: PdfHandle | null };
      const what = event.type === 'GOTO' ? `GOTO ${String(event.step)}` : event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
      return `${what} -> ${String(state)} ${c.step}${c.invalid.length ? ` [${c.invalid.join(',')}]` : ''}${c.error ? ` error=${c.error}` : ''}${c.pdf ? ` pdf=${c.pdf.fileName}` : ''}`;
    });
    expect(summary).toEqual([
      'NEXT -> validating 1',
      'done:validate -> editing 1 [projectName,projectType]',
      'NEXT -> validating 1 [projectName,projectType]',
      'done:validate -> editing 2',
      'BACK -> editing 1',
      'NEXT -> validating 1',
      'done:validate -> editing 2',
      'NEXT -> validating 2',
      'done:validate -> editing 3',
      'NEXT -> editing 3',
      'SUBMIT -> validating 3',
      'done:validate -> editing 3 [operationPlan]',
      'SUBMIT -> validating 3 [operationPlan]',
      'done:validate -> building 3',
      'error:build -> editing 3 error=font failed to load',
      'SUBMIT -> validating 3',
      'done:validate -> building 3',
      'done:build -> preview 3 pdf=proposal-2569.pdf',
      'CLOSE_PREVIEW -> editing 3',
      'GOTO 1 -> editing 1',
    ]);
  });

  it('an edited trace diverges where it was edited', () => {
    const trace = readFixture();
    const step = trace.steps[3];
    if (!step) throw new Error('short trace');
    step.context = { ...step.context, step: 3 };
    expect(replayTrace(trace, machineRegistry)).toMatchObject({ ok: false, step: 4, actual: { state: 'editing', context: { step: 2 } } });
  });
});
