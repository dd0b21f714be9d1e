// The proposal wizard (SPEC.md §2, §4 Wizard; DESIGN.md §4): every transition on a live actor
// created through the recording factory, with the caller's validate and build actors.
import { describe, expect, it } from 'vitest';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import {
  buttonsOf,
  clampStep,
  fromBuilder,
  fromValidator,
  isBusy,
  readValidation,
  wizardMachine,
} from '../../../src/machines/wizard.ts';
import type { PdfHandle, WizardEvent, WizardStep } from '../../../src/machines/wizard.ts';

const pdf: PdfHandle = { url: 'blob:http://x/1', bytes: 1234, fileName: 'proposal-2569.pdf' };
const tick = () => new Promise((settled) => setTimeout(settled, 0));

/** A wizard whose step checks answer from `invalidBy` and whose build resolves or rejects. */
function start(options: { step?: number; invalidBy?: Partial<Record<WizardStep, string[]>>; build?: () => Promise<PdfHandle>; validateThrows?: boolean } = {}) {
  const hooks: Array<{ hook: string; params: unknown }> = [];
  const checked: WizardStep[] = [];
  let builds = 0;
  const machine = wizardMachine.provide({
    actors: {
      validate: fromValidator((step) => {
        checked.push(step);
        if (options.validateThrows) throw new Error('validator broke');
        return options.invalidBy?.[step] ?? [];
      }),
      build: fromBuilder(() => {
        builds += 1;
        return (options.build ?? (() => Promise.resolve(pdf)))();
      }),
    },
    actions: {
      showInvalid: (_, params) => void hooks.push({ hook: 'showInvalid', params }),
      buildFailed: (_, params) => void hooks.push({ hook: 'buildFailed', params }),
      closed: (_, params) => void hooks.push({ hook: 'closed', params }),
    },
  });
  const actor = createTraceableActor(machine, { input: options.step === undefined ? {} : { step: options.step }, recorder: null }).start();
  const send = async (event: WizardEvent) => {
    actor.send(event);
    await tick();
    await tick();
    return actor.getSnapshot();
  };
  return { actor, send, hooks, checked, builds: () => builds };
}

describe('wizard machine (SPEC.md §4 Wizard)', () => {
  it('starts on step 1 editing, or on a restored step clamped to 1..3', () => {
    expect(start().actor.getSnapshot()).toMatchObject({ value: 'editing', context: { step: 1, invalid: [], error: null, pdf: null } });
    expect(start({ step: 2 }).actor.getSnapshot().context.step).toBe(2);
    expect(start({ step: 9 }).actor.getSnapshot().context.step).toBe(3);
    expect(start({ step: 0 }).actor.getSnapshot().context.step).toBe(1);
    expect(start({ step: Number.NaN }).actor.getSnapshot().context.step).toBe(1);
    expect([clampStep(2.4), clampStep('2'), clampStep(-1)]).toEqual([2, 1, 1]);
  });

  it('NEXT validates the current step, then advances; max 3 (NEXT on step 3 does nothing)', async () => {
    const w = start();
    expect(w.actor.getSnapshot().can({ type: 'NEXT' })).toBe(true);
    w.actor.send({ type: 'NEXT' });
    expect(w.actor.getSnapshot().value).toBe('validating');
    expect(isBusy(w.actor.getSnapshot())).toBe(true);
    await tick();
    expect(w.actor.getSnapshot()).toMatchObject({ value: 'editing', context: { step: 2 } });
    expect((await w.send({ type: 'NEXT' })).context.step).toBe(3);
    expect(w.checked).toEqual([1, 2]);
    const before = w.actor.getSnapshot();
    expect(before.can({ type: 'NEXT' })).toBe(false);
    expect(await w.send({ type: 'NEXT' })).toBe(before);
    expect(w.checked).toEqual([1, 2]);
  });

  it('an invalid step stays, lists its invalid fields and runs showInvalid (the caller focuses the first)', async () => {
    const w = start({ invalidBy: { 1: ['projectName', 'projectType'] } });
    const s = await w.send({ type: 'NEXT' });
    expect(s).toMatchObject({ value: 'editing', context: { step: 1, invalid: ['projectName', 'projectType'], intent: null } });
    expect(w.hooks).toEqual([{ hook: 'showInvalid', params: { fields: ['projectName', 'projectType'] } }]);
  });

  it('a valid NEXT after an invalid one clears the invalid list', async () => {
    const invalidBy: Partial<Record<WizardStep, string[]>> = { 1: ['projectName'] };
    const w = start({ invalidBy });
    await w.send({ type: 'NEXT' });
    delete invalidBy[1];
    expect((await w.send({ type: 'NEXT' })).context).toMatchObject({ step: 2, invalid: [] });
  });

  it('BACK decreases without validating; min 1', async () => {
    const w = start({ step: 3, invalidBy: { 3: ['operationPlan'] } });
    expect((await w.send({ type: 'BACK' })).context.step).toBe(2);
    expect((await w.send({ type: 'BACK' })).context.step).toBe(1);
    const before = w.actor.getSnapshot();
    expect(before.can({ type: 'BACK' })).toBe(false);
    expect(await w.send({ type: 'BACK' })).toBe(before);
    expect(w.checked).toEqual([]);
  });

  it('BACK forgets the invalid list of the step left', async () => {
    const w = start({ step: 2, invalidBy: { 2: ['location'] } });
    await w.send({ type: 'NEXT' });
    expect(w.actor.getSnapshot().context.invalid).toEqual(['location']);
    expect((await w.send({ type: 'BACK' })).context).toMatchObject({ step: 1, invalid: [] });
  });

  it('GOTO an earlier step (its tab) moves without validating; a later or the same step is ignored', async () => {
    const w = start({ step: 3 });
    expect((await w.send({ type: 'GOTO', step: 1 })).context.step).toBe(1);
    const before = w.actor.getSnapshot();
    expect(await w.send({ type: 'GOTO', step: 3 })).toBe(before);
    expect(await w.send({ type: 'GOTO', step: 1 })).toBe(before);
    expect(await w.send({ type: 'GOTO', step: 1.5 })).toBe(before);
    expect(w.checked).toEqual([]);
  });

  it('SUBMIT only on step 3: validates, builds, opens the preview with the PDF; CLOSE_PREVIEW returns to step 3 and runs closed', async () => {
    const early = start({ step: 2 });
    const before = early.actor.getSnapshot();
    expect(await early.send({ type: 'SUBMIT' })).toBe(before);

    let finish: (p: PdfHandle) => void = () => {};
    const w = start({ step: 3, build: () => new Promise((resolve) => void (finish = resolve)) });
    w.actor.send({ type: 'SUBMIT' });
    expect(w.actor.getSnapshot().value).toBe('validating');
    await tick();
    expect(w.actor.getSnapshot()).toMatchObject({ value: 'building', context: { step: 3, intent: 'submit' } });
    expect(isBusy(w.actor.getSnapshot())).toBe(true);
    // Nothing else is taken while building.
    for (const type of ['NEXT', 'BACK', 'SUBMIT', 'CLOSE_PREVIEW'] as const) expect(w.actor.getSnapshot().can({ type })).toBe(false);
    finish(pdf);
    await tick();
    expect(w.actor.getSnapshot()).toMatchObject({ value: 'preview', context: { step: 3, pdf, error: null, intent: null } });
    expect(w.builds()).toBe(1);
    const closed = await w.send({ type: 'CLOSE_PREVIEW' });
    expect(closed).toMatchObject({ value: 'editing', context: { step: 3, pdf: null } });
    expect(w.hooks).toEqual([{ hook: 'closed', params: { pdf } }]);
  });

  it('SUBMIT with an invalid step 3 does not build', async () => {
    const w = start({ step: 3, invalidBy: { 3: ['operationPlan', 'budgetSourceOption'] } });
    const s = await w.send({ type: 'SUBMIT' });
    expect(s).toMatchObject({ value: 'editing', context: { step: 3, invalid: ['operationPlan', 'budgetSourceOption'] } });
    expect(w.builds()).toBe(0);
  });

  it('a build failure returns to step 3 with the error and runs buildFailed; the next SUBMIT clears it', async () => {
    let fail = true;
    const w = start({ step: 3, build: () => (fail ? Promise.reject(new Error('font missing')) : Promise.resolve(pdf)) });
    const s = await w.send({ type: 'SUBMIT' });
    expect(s).toMatchObject({ value: 'editing', context: { step: 3, error: 'font missing', pdf: null } });
    expect(w.hooks).toEqual([{ hook: 'buildFailed', params: { message: 'font missing' } }]);
    fail = false;
    w.actor.send({ type: 'SUBMIT' });
    expect(w.actor.getSnapshot().context.error).toBeNull();
    await tick();
    await tick();
    expect(w.actor.getSnapshot().value).toBe('preview');
  });

  it('a validator that throws leaves the step with its message (never a stuck wizard)', async () => {
    const w = start({ validateThrows: true });
    expect(await w.send({ type: 'NEXT' })).toMatchObject({ value: 'editing', context: { step: 1, error: 'validator broke' } });
  });

  it('without provided actors the defaults fail safely: NEXT stays on step 1 with an error', async () => {
    const actor = createTraceableActor(wizardMachine, { input: {}, recorder: null }).start();
    actor.send({ type: 'NEXT' });
    await tick();
    expect(actor.getSnapshot()).toMatchObject({ value: 'editing', context: { step: 1, error: 'wizard: no validate actor provided' } });
  });

  it('readValidation: valid only when it says so with no invalid fields', () => {
    expect(readValidation({ valid: true, invalid: [] })).toEqual({ valid: true, invalid: [] });
    expect(readValidation({ valid: true, invalid: ['a'] })).toEqual({ valid: false, invalid: ['a'] });
    expect(readValidation(null)).toEqual({ valid: false, invalid: [] });
    expect(readValidation({ valid: false, invalid: ['a', 3] })).toEqual({ valid: false, invalid: ['a'] });
  });

  it('SPEC §2 buttons: ย้อนกลับ from step 2, ถัดไป on steps 1-2, สร้างรายงาน on step 3', () => {
    expect(buttonsOf(1)).toEqual({ back: false, next: true, submit: false });
    expect(buttonsOf(2)).toEqual({ back: true, next: true, submit: false });
    expect(buttonsOf(3)).toEqual({ back: true, next: false, submit: true });
  });
});
