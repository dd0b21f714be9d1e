// Model-based tests: @xstate/graph walks every state the proposal wizard can reach with a fixed
// alphabet of events (the user's events plus the validate and build actors' done/error events, so
// a validation answer and a PDF are events of the model), checks every transition and the hooks it
// runs against SPEC.md §4 as modelled here, then replays on a real actor created through the
// factory (whose validate and build promises the test settles itself) the shortest path to every
// reachable state and, for transition coverage, that path followed by every event of the alphabet.
// (@xstate/graph's createTestModel refuses machines that invoke actors, so the paths come from its
// path generators and this file executes them.)
import { adjacencyMapToArray, getAdjacencyMap, getShortestPaths, serializeSnapshot } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { buttonsOf, fromBuilder, fromValidator, isBusy, wizardMachine } from '../../../src/machines/wizard.ts';
import type { PdfHandle, StepValidation, WizardEvent, WizardStep } from '../../../src/machines/wizard.ts';

type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;
type Phase = 'editing' | 'validating' | 'building' | 'preview';

/** The wizard as the test models it, independently of the machine. */
interface Model {
  phase: Phase;
  step: WizardStep;
  intent: 'next' | 'submit' | null;
  invalid: string[];
  error: string | null;
  pdf: PdfHandle | null;
}

const PDF: PdfHandle = { url: 'blob:test/1', bytes: 2048, fileName: 'proposal-2569.pdf' };

type ValidDone = { type: 'xstate.done.actor.validate'; output: StepValidation; actorId: 'validate' };
type ValidError = { type: 'xstate.error.actor.validate'; error: { message: string }; actorId: 'validate' };
type BuildDone = { type: 'xstate.done.actor.build'; output: PdfHandle; actorId: 'build' };
type BuildError = { type: 'xstate.error.actor.build'; error: { message: string }; actorId: 'build' };
type ModelEvent = WizardEvent | ValidDone | ValidError | BuildDone | BuildError;

const validated = (invalid: string[]): ValidDone => ({ type: 'xstate.done.actor.validate', output: { valid: invalid.length === 0, invalid }, actorId: 'validate' });

/** User events (GOTO to every step, so earlier, same and later tabs are tried), sent in every state. */
const userEvents: ModelEvent[] = [
  { type: 'NEXT' },
  { type: 'BACK' },
  { type: 'SUBMIT' },
  { type: 'CLOSE_PREVIEW' },
  { type: 'GOTO', step: 1 },
  { type: 'GOTO', step: 2 },
  { type: 'GOTO', step: 3 },
];
/** The outcomes of the running actor: a valid step, an invalid one, a broken validator; a PDF, a
 *  failed build. Only the running actor can answer (an actor's done/error event never arrives in a
 *  state that does not run it), so they are events of those states only. */
const validateEvents: ModelEvent[] = [
  validated([]),
  validated(['projectName']),
  { type: 'xstate.error.actor.validate', error: { message: 'validator broke' }, actorId: 'validate' },
];
const buildEvents: ModelEvent[] = [
  { type: 'xstate.done.actor.build', output: PDF, actorId: 'build' },
  { type: 'xstate.error.actor.build', error: { message: 'font missing' }, actorId: 'build' },
];
const eventsIn = (snapshot: { value: unknown }): ModelEvent[] => [
  ...userEvents,
  ...(snapshot.value === 'validating' ? validateEvents : snapshot.value === 'building' ? buildEvents : []),
];

const hooks = ['showInvalid', 'buildFailed', 'closed'] as const;
type Hook = (typeof hooks)[number];

/** What SPEC.md §4 prescribes for one event: the next wizard, the hooks that run and whether a
 *  validation or a build starts. */
function expected(w: Model, event: ModelEvent): { next: Model; hooks: Hook[]; validates: boolean; builds: boolean } {
  const unchanged = { next: w, hooks: [] as Hook[], validates: false, builds: false };
  const to = (next: Partial<Model>, extra: Partial<{ hooks: Hook[]; validates: boolean; builds: boolean }> = {}) => ({
    next: { ...w, ...next },
    hooks: extra.hooks ?? [],
    validates: extra.validates ?? false,
    builds: extra.builds ?? false,
  });
  switch (w.phase) {
    case 'editing':
      if (event.type === 'NEXT' && w.step < 3) return to({ phase: 'validating', intent: 'next', error: null }, { validates: true });
      if (event.type === 'SUBMIT' && w.step === 3) return to({ phase: 'validating', intent: 'submit', error: null }, { validates: true });
      if (event.type === 'BACK' && w.step > 1) return to({ step: (w.step - 1) as WizardStep, invalid: [], error: null });
      if (event.type === 'GOTO' && event.step < w.step) return to({ step: event.step as WizardStep, invalid: [], error: null });
      return unchanged;
    case 'validating':
      if (event.type === 'xstate.done.actor.validate') {
        if (event.output.invalid.length > 0) return to({ phase: 'editing', invalid: event.output.invalid, intent: null }, { hooks: ['showInvalid'] });
        if (w.intent === 'next') return to({ phase: 'editing', step: (w.step + 1) as WizardStep, invalid: [], intent: null });
        return to({ phase: 'building', invalid: [] }, { builds: true });
      }
      if (event.type === 'xstate.error.actor.validate') return to({ phase: 'editing', error: event.error.message, intent: null });
      return unchanged;
    case 'building':
      if (event.type === 'xstate.done.actor.build') return to({ phase: 'preview', pdf: event.output, intent: null, error: null });
      if (event.type === 'xstate.error.actor.build') return to({ phase: 'editing', error: event.error.message, intent: null }, { hooks: ['buildFailed'] });
      return unchanged;
    case 'preview':
      if (event.type === 'CLOSE_PREVIEW') return to({ phase: 'editing', pdf: null }, { hooks: ['closed'] });
      return unchanged;
  }
}

const modelOf = ({ value, context }: WizardSnapshot): Model => ({
  phase: value as Phase,
  step: context.step,
  intent: context.intent,
  invalid: context.invalid,
  error: context.error,
  pdf: context.pdf,
});

/** Rules that hold in every state. */
function expectInvariants(snapshot: WizardSnapshot) {
  const { value, context } = snapshot;
  expect([1, 2, 3]).toContain(context.step);
  expect(isBusy(snapshot)).toBe(value === 'validating' || value === 'building');
  expect(context.pdf !== null, 'a PDF exactly while the preview is open').toBe(value === 'preview');
  if (value === 'building' || value === 'preview') expect(context.step, 'only step 3 builds').toBe(3);
  if (value === 'preview') expect(context.error).toBeNull();
  if (value === 'editing') expect(context.intent).toBeNull();
  const running = value === 'validating' ? ['validate'] : value === 'building' ? ['build'] : [];
  expect(Object.keys(snapshot.children), 'an actor runs exactly while validating or building').toEqual(running);
  // The buttons of SPEC.md §2 exist exactly where the machine takes their events.
  if (value === 'editing') {
    const b = buttonsOf(context.step);
    expect(snapshot.can({ type: 'NEXT' })).toBe(b.next);
    expect(snapshot.can({ type: 'BACK' })).toBe(b.back);
    expect(snapshot.can({ type: 'SUBMIT' })).toBe(b.submit);
  }
}

const options = { input: {}, events: (snapshot: WizardSnapshot) => eventsIn(snapshot) as WizardEvent[] };

describe('wizard model (SPEC.md §4 Wizard)', () => {
  const adjacency = getAdjacencyMap(wizardMachine, options);
  const shortest = getShortestPaths(wizardMachine, options);
  const transitions = adjacencyMapToArray(adjacency);
  const states = Object.values(adjacency).map(({ state }) => modelOf(state));
  const transitionCount = Object.values(adjacency).reduce((n, { state }) => n + eventsIn(state).length, 0);

  it('§4 reaches every step in every phase it allows, and nothing else', () => {
    const key = (m: Model) => `${m.phase}:${m.step}`;
    expect([...new Set(states.map(key))].sort()).toEqual(
      ['editing:1', 'editing:2', 'editing:3', 'validating:1', 'validating:2', 'validating:3', 'building:3', 'preview:3'].sort(),
    );
    // Each reachable state is counted once, by value and context.
    expect(shortest.map(({ state }) => serializeSnapshot(state)).sort()).toEqual(Object.keys(adjacency).sort());
    // Editing: a clean step, a step whose check failed, after a broken validator, after a failed build.
    expect(states).toEqual(
      expect.arrayContaining([
        { phase: 'editing', step: 1, intent: null, invalid: [], error: null, pdf: null },
        { phase: 'editing', step: 2, intent: null, invalid: ['projectName'], error: null, pdf: null },
        { phase: 'editing', step: 1, intent: null, invalid: [], error: 'validator broke', pdf: null },
        { phase: 'editing', step: 3, intent: null, invalid: [], error: 'font missing', pdf: null },
        { phase: 'preview', step: 3, intent: null, invalid: [], error: null, pdf: PDF },
      ]),
    );
  });

  it('§4 every transition: the prescribed next state, hooks, and validate/build starts', () => {
    expect(transitions).toHaveLength(transitionCount);
    for (const { state, event, nextState } of transitions) {
      const label = `${JSON.stringify(modelOf(state))} + ${JSON.stringify(event)}`;
      const want = expected(modelOf(state), event as ModelEvent);
      expect(modelOf(nextState), label).toEqual(want.next);
      expectInvariants(nextState);

      const [pureNext, actions] = transition(wizardMachine, state, event);
      expect(modelOf(pureNext), label).toEqual(want.next);
      const types = actions.map(({ type }) => type);
      expect(types.filter((type): type is Hook => (hooks as readonly string[]).includes(type)), label).toEqual(want.hooks);
      const spawned = actions.filter((a) => a.type === 'xstate.spawnChild').map((a) => (a as unknown as { params: { id: string } }).params.id);
      expect(spawned, label).toEqual([...(want.validates ? ['validate'] : []), ...(want.builds ? ['build'] : [])]);
      if (want.next === modelOf(state) && want.hooks.length === 0) expect(pureNext, `${label} changes nothing`).toBe(state);
    }
  });

  interface WizardPath {
    name: string;
    steps: Array<{ event: ModelEvent; state: WizardSnapshot }>;
  }
  const short = (e: ModelEvent) =>
    e.type === 'xstate.done.actor.validate'
      ? e.output.valid
        ? 'valid'
        : `invalid(${e.output.invalid.join(',')})`
      : e.type === 'xstate.error.actor.validate'
        ? 'validator-error'
        : e.type === 'xstate.done.actor.build'
          ? 'pdf'
          : e.type === 'xstate.error.actor.build'
            ? 'build-error'
            : e.type === 'GOTO'
              ? `GOTO(${e.step})`
              : e.type;
  const describeState = (s: WizardSnapshot) => {
    const { step, invalid, error, intent } = s.context;
    return `${String(s.value)}(${step}${intent ? ` ${intent}` : ''}${invalid.length ? ` invalid ${invalid.join(',')}` : ''}${error ? ` error ${error}` : ''})`;
  };
  const toStates: WizardPath[] = shortest.map(({ state, steps }) => ({
    name: `to ${describeState(state)} via [${steps.slice(1).map(({ event }) => short(event as ModelEvent)).join(', ')}]`,
    steps: steps.map(({ event, state: reached }) => ({ event: event as ModelEvent, state: reached })),
  }));
  const everyTransition: WizardPath[] = transitions.map(({ state, event, nextState }) => {
    const to = toStates[shortest.findIndex((path) => serializeSnapshot(path.state) === serializeSnapshot(state))];
    if (!to) throw new Error(`no path to ${describeState(state)}`);
    return { name: `${describeState(state)} + ${short(event as ModelEvent)}`, steps: [...to.steps, { event: event as ModelEvent, state: nextState }] };
  });

  it('§4 the paths cover every reachable state and every transition', () => {
    expect(toStates).toHaveLength(states.length);
    expect(everyTransition).toHaveLength(transitionCount);
    expect(new Set(everyTransition.map(({ name }) => name)).size).toBe(everyTransition.length);
  });

  it.each([...toStates, ...everyTransition].map((path) => [path.name, path] as const))('§4 path %s on a live actor keeps the invariants', async (_, path) => {
    type Pending<T> = { step?: WizardStep; resolve: (value: T) => void; reject: (error: Error) => void };
    const validations: Array<Pending<string[]>> = [];
    const builds: Array<Pending<PdfHandle>> = [];
    const ran: Hook[] = [];
    const machine = wizardMachine.provide({
      actors: {
        validate: fromValidator((step) => new Promise<string[]>((resolve, reject) => void validations.push({ step, resolve, reject }))),
        build: fromBuilder(() => new Promise<PdfHandle>((resolve, reject) => void builds.push({ resolve, reject }))),
      },
      actions: {
        showInvalid: () => void ran.push('showInvalid'),
        buildFailed: () => void ran.push('buildFailed'),
        closed: () => void ran.push('closed'),
      },
    });
    const actor = createTraceableActor(machine, { input: {}, recorder: null }).start();

    const send = async (e: ModelEvent) => {
      const before = actor.getSnapshot();
      const want = expected(modelOf(before), e);
      const [nValidations, nBuilds, nRan] = [validations.length, builds.length, ran.length];
      const validation = before.value === 'validating' ? validations.at(-1) : undefined;
      const build = before.value === 'building' ? builds.at(-1) : undefined;
      if (e.type === 'xstate.done.actor.validate') validation?.resolve(e.output.invalid);
      else if (e.type === 'xstate.error.actor.validate') validation?.reject(new Error(e.error.message));
      else if (e.type === 'xstate.done.actor.build') build?.resolve(e.output);
      else if (e.type === 'xstate.error.actor.build') build?.reject(new Error(e.error.message));
      else actor.send(e);
      await new Promise((settled) => setTimeout(settled, 0));

      const label = `${JSON.stringify(modelOf(before))} + ${short(e)}`;
      expect(modelOf(actor.getSnapshot()), label).toEqual(want.next);
      expect(ran.slice(nRan), `${label} runs exactly these hooks`).toEqual(want.hooks);
      expect(validations.length - nValidations, `${label} starts a validation`).toBe(want.validates ? 1 : 0);
      expect(builds.length - nBuilds, `${label} starts a build`).toBe(want.builds ? 1 : 0);
      // The validation checks the step the wizard is on.
      if (want.validates) expect(validations.at(-1)?.step).toBe(before.context.step);
    };
    for (const [i, { event, state }] of path.steps.entries()) {
      if (i > 0) await send(event);
      const actual = actor.getSnapshot();
      expect({ value: actual.value, context: actual.context }).toEqual({ value: state.value, context: state.context });
      expectInvariants(actual);
    }
    actor.stop();
  });
});
