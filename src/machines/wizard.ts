import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

/** SPEC.md §2/§4 "Wizard" (DESIGN.md §4 wizard): the three-step project-proposal form.
 *
 *    editing (step 1..3) --NEXT (step < 3)--> validating --valid--> editing (step + 1)
 *                                                  |--invalid--> editing (same step, `invalid` lists the fields)
 *    editing (step 3) --SUBMIT--> validating --valid--> building --PDF ready--> preview
 *                                                          |--build failed--> editing (step 3, `error`)
 *    preview --CLOSE_PREVIEW--> editing (step 3)
 *    editing --BACK (step > 1)--> editing (step - 1)        editing --GOTO n (n < step)--> editing (step n)
 *
 *  - "next validates the current step then advances (max 3); back decreases (min 1); submit builds
 *    the PDF". Validation is the caller's: it provides the `validate` actor (use `fromValidator`),
 *    which checks the fields of `input.step` (config `steps`) and resolves to `{ valid, invalid }`.
 *    The guard `isValid` reads that answer. Running it as an invoked actor rather than inside a
 *    guard makes its answer an event of the machine (`xstate.done.actor.validate`), so a recorded
 *    trace holds the outcome and replays with xstate's pure transitions, without the form.
 *  - The PDF is the caller's too: the `build` actor (use `fromBuilder`) resolves to a small
 *    `PdfHandle` (a blob URL, its size and a file name), never the bytes, so traces stay small.
 *  - BACK and GOTO (a tab of an earlier step) never validate: going back loses nothing.
 *  - NEXT on step 3, SUBMIT before step 3, BACK on step 1 and every event while validating or
 *    building are ignored (the buttons are not shown or disabled then).
 *
 *  Hooks (no-ops until provided; they run as xstate actions, never during replay):
 *  - `showInvalid` (params `{ fields }`): a validation failed; the caller marks the fields and
 *    moves the focus to the first one.
 *  - `buildFailed` (params `{ message }`): the PDF build failed; the caller logs it.
 *  - `closed` (params `{ pdf }`): the preview closed; the caller revokes the blob URL. */

export type WizardStep = 1 | 2 | 3;
const WIZARD_STEPS = 3;

/** What the caller's validation answers: the invalid fields of the step, in form order. */
export interface StepValidation {
  valid: boolean;
  invalid: string[];
}

/** A built PDF as the machine keeps it (JSON, so traces record it as it is). */
export interface PdfHandle {
  /** An object URL of the PDF blob (`blob:...`) for the preview and the download link. */
  url: string;
  /** The PDF's size in bytes. */
  bytes: number;
  /** The download's file name, e.g. proposal-2569.pdf. */
  fileName: string;
}

interface WizardInput {
  /** The step to start on (a restored form); clamped to 1..3, default 1. */
  step?: number;
}

interface WizardContext {
  step: WizardStep;
  /** Why the running or last validation ran: NEXT or SUBMIT. */
  intent: 'next' | 'submit' | null;
  /** Fields the last failed validation of the current step reported; [] otherwise. */
  invalid: string[];
  /** The last validation or build failure, until the next NEXT/SUBMIT/BACK/GOTO. */
  error: string | null;
  /** The built PDF while the preview is open. */
  pdf: PdfHandle | null;
}

export type WizardEvent =
  | { type: 'NEXT' }
  | { type: 'BACK' }
  | { type: 'GOTO'; step: number }
  | { type: 'SUBMIT' }
  | { type: 'CLOSE_PREVIEW' };

interface ValidateInput {
  step: WizardStep;
}

/** How a failed actor rejects: a plain object, so its message survives a JSON trace. */
interface WizardFailure {
  message: string;
}

export function clampStep(step: unknown): WizardStep {
  const n = typeof step === 'number' && Number.isFinite(step) ? Math.round(step) : 1;
  return Math.min(WIZARD_STEPS, Math.max(1, n)) as WizardStep;
}

/** The machine's reading of a validation answer: invalid unless it says valid with no fields. */
export function readValidation(output: unknown): StepValidation {
  const o = isRecord(output) ? output : {};
  const invalid = Array.isArray(o.invalid) ? o.invalid.filter((f): f is string => typeof f === 'string') : [];
  return { valid: o.valid === true && invalid.length === 0, invalid };
}

function failureMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return 'failed';
}

function readPdf(output: unknown): PdfHandle | null {
  if (!isRecord(output) || typeof output.url !== 'string') return null;
  return {
    url: output.url,
    bytes: typeof output.bytes === 'number' ? output.bytes : 0,
    fileName: typeof output.fileName === 'string' ? output.fileName : 'proposal.pdf',
  };
}

/** The validate actor to provide: `check(step)` returns the step's invalid fields ([] = valid). */
export function fromValidator(check: (step: WizardStep) => string[] | Promise<string[]>) {
  return fromPromise<StepValidation, ValidateInput>(async ({ input }) => {
    let invalid: string[];
    try {
      invalid = [...(await check(input.step))];
    } catch (error) {
      const failure: WizardFailure = { message: failureMessage(error) };
      throw failure;
    }
    return { valid: invalid.length === 0, invalid };
  });
}

/** The build actor to provide: `build()` makes the PDF and returns its handle. */
export function fromBuilder(build: (signal: AbortSignal) => Promise<PdfHandle>) {
  return fromPromise<PdfHandle, void>(async ({ signal }) => {
    try {
      const pdf = await build(signal);
      return { url: pdf.url, bytes: pdf.bytes, fileName: pdf.fileName };
    } catch (error) {
      const failure: WizardFailure = { message: failureMessage(error) };
      throw failure;
    }
  });
}

export const wizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    input: {} as WizardInput,
  },
  actors: {
    // Replaced by the caller through `provide`; the defaults fail (the wizard stays where it is).
    validate: fromPromise<StepValidation, ValidateInput>(async () => {
      throw new Error('wizard: no validate actor provided');
    }),
    build: fromPromise<PdfHandle, void>(async () => {
      throw new Error('wizard: no build actor provided');
    }),
  },
  guards: {
    canNext: ({ context }) => context.step < WIZARD_STEPS,
    canSubmit: ({ context }) => context.step === WIZARD_STEPS,
    canBack: ({ context }) => context.step > 1,
    canGoto: ({ context, event }) =>
      event.type === 'GOTO' && Number.isInteger(event.step) && event.step >= 1 && event.step < context.step,
    isValid: (_, { output }: { output: unknown }) => readValidation(output).valid,
  },
  actions: {
    startNext: assign({ intent: 'next', error: null }),
    startSubmit: assign({ intent: 'submit', error: null }),
    advance: assign(({ context }) => ({ step: clampStep(context.step + 1), invalid: [], intent: null })),
    back: assign(({ context }) => ({ step: clampStep(context.step - 1), invalid: [], error: null })),
    goto: assign(({ context, event }) => ({
      step: event.type === 'GOTO' ? clampStep(event.step) : context.step,
      invalid: [],
      error: null,
    })),
    storeInvalid: assign((_, { output }: { output: unknown }) => ({ invalid: readValidation(output).invalid, intent: null })),
    clearInvalid: assign({ invalid: [] }),
    storeError: assign((_, { message }: { message: string }) => ({ error: message, intent: null })),
    storePdf: assign((_, { output }: { output: unknown }) => ({ pdf: readPdf(output), intent: null, error: null })),
    forgetPdf: assign({ pdf: null }),
    // Caller hooks (see the module comment); no-ops here.
    showInvalid: (_, _params: { fields: string[] }) => {},
    buildFailed: (_, _params: { message: string }) => {},
    closed: (_, _params: { pdf: PdfHandle | null }) => {},
  },
}).createMachine({
  id: 'wizard',
  // `input?.`: a trace recorded without input replays with none.
  context: ({ input }) => ({ step: clampStep(input?.step ?? 1), intent: null, invalid: [], error: null, pdf: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        NEXT: { guard: 'canNext', target: 'validating', actions: 'startNext' },
        SUBMIT: { guard: 'canSubmit', target: 'validating', actions: 'startSubmit' },
        BACK: { guard: 'canBack', actions: 'back' },
        GOTO: { guard: 'canGoto', actions: 'goto' },
      },
    },
    validating: {
      invoke: {
        // A fixed id: the answer is `xstate.done.actor.validate` in traces and model tests.
        id: 'validate',
        src: 'validate',
        input: ({ context }) => ({ step: context.step }),
        onDone: [
          {
            // NEXT: on to the next step.
            guard: ({ context, event }) => context.intent === 'next' && readValidation(event.output).valid,
            target: 'editing',
            actions: 'advance',
          },
          {
            // SUBMIT: build the PDF.
            guard: { type: 'isValid', params: ({ event }) => ({ output: event.output }) },
            target: 'building',
            actions: 'clearInvalid',
          },
          {
            target: 'editing',
            actions: [
              { type: 'storeInvalid', params: ({ event }) => ({ output: event.output }) },
              { type: 'showInvalid', params: ({ event }) => ({ fields: readValidation(event.output).invalid }) },
            ],
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'storeError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
        },
      },
    },
    building: {
      invoke: {
        id: 'build',
        src: 'build',
        onDone: {
          target: 'preview',
          actions: { type: 'storePdf', params: ({ event }) => ({ output: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ message: failureMessage(event.error) }) },
            { type: 'buildFailed', params: ({ event }) => ({ message: failureMessage(event.error) }) },
          ],
        },
      },
    },
    preview: {
      on: {
        CLOSE_PREVIEW: {
          target: 'editing',
          actions: [{ type: 'closed', params: ({ context }) => ({ pdf: context.pdf }) }, 'forgetPdf'],
        },
      },
    },
  },
});

type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;

/** True while validation or the PDF build runs: the wizard's buttons are disabled. */
export function isBusy(snapshot: Pick<WizardSnapshot, 'value'>): boolean {
  return snapshot.value === 'validating' || snapshot.value === 'building';
}

/** The buttons SPEC.md §2 shows on a step: 'ย้อนกลับ' from step 2, 'ถัดไป' on 1-2, 'สร้างรายงาน' on 3. */
export function buttonsOf(step: WizardStep): { back: boolean; next: boolean; submit: boolean } {
  return { back: step > 1, next: step < WIZARD_STEPS, submit: step === WIZARD_STEPS };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
