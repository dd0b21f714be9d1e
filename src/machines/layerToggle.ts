import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { th } from '../locale/th.ts';

/** SPEC.md §4 "Analysis/layer toggles" (DESIGN.md §4 layer toggle row): one row of a topic page
 *  that shows or hides one layer.
 *
 *    inactive ('แสดง') --TOGGLE--> loading (spinner) --load done--> active ('ซ่อน')
 *                                         |--load error--> inactive (runs `failed`)
 *    active --TOGGLE--> inactive (runs `hide`)
 *    active | loading --LAYER_REMOVED--> inactive (runs nothing)
 *    any --RESET--> inactive (runs nothing)
 *
 *  - The work is the `load` promise actor the caller provides (fetch erosion/accretion features
 *    and add them, or just add a WMS layer), preferably made with `fromLoader` below:
 *    `layerToggleMachine.provide({ actors: { load: fromLoader(...) }, actions: { hide, failed, ... } })`.
 *  - While loading, TOGGLE is ignored (SPEC.md §4: a spinner shows and clicks are ignored).
 *  - A load failure (SPEC.md §8 "Erosion/accretion fetch failure: logged, row inactive, chart
 *    cleared") reverts the row, keeps the message in `context.error` and runs `failed`, where the
 *    caller logs it and empties the chart.
 *  - Hiding by the user runs `hide` (the caller removes the layer and clears the erosion/accretion
 *    charts and the download flag). LAYER_REMOVED (the layer went away elsewhere, e.g. the layers
 *    panel) only returns the row to inactive: `hide` never runs for it, there is nothing left to
 *    remove. In `loading` it also cancels the load (the promise's AbortSignal fires); the caller's
 *    loader must honour that signal and not add the layer afterwards.
 *  - RESET (e.g. the page's pickers or variant changed and the caller cleared the map itself)
 *    returns to inactive from any state, cancels a running load and forgets result and error.
 *
 *  Empty result, decided from SPEC.md §5/§8 ("Feature service with totalFeatures 0: toast
 *  'ไม่พบข้อมูลที่ต้องการ' and no re-fit"): an empty result is NOT a failure. The request
 *  succeeded, so the row ends `active` (the caller has added the, empty, layer and 'ซ่อน' removes
 *  it), `context.result.empty` is true and the `empty` hook runs instead of `loaded`: the caller
 *  shows the toast, does not fit the map and shows no chart (SPEC.md §4: charts only when the data
 *  is non-empty). Only a failure reverts the row.
 *
 *  Hooks (all no-ops until provided; they run as xstate actions, never during replay):
 *  - `hide`: the user hid an active row.
 *  - `loaded` (params `{ summary }`): a non-empty (or uncounted, e.g. WMS) result arrived.
 *  - `empty` (params `{ summary }`): a result with 0 features arrived.
 *  - `failed` (params `{ message }`): the load failed; the row is inactive again. */

/** What the load actor receives. */
export interface LayerLoadInput {
  /** The row id from the machine input ('' when none was given). */
  row: string;
}

/** What a load resolves to: the number of features of a feature-service load (use
 *  `featureCountOf` on the answer), or no count (null or absent) for a layer with no features to
 *  count, e.g. a WMS layer. Keep it this small: it is recorded in traces as it is. */
export interface LayerLoadOutput {
  featureCount?: number | null;
}

/** What a finished load left in context. `empty` is true exactly when featureCount is 0. */
interface LayerLoadSummary {
  featureCount: number | null;
  empty: boolean;
}

/** How `fromLoader` rejects: a plain object, so the message survives a JSON trace (an Error
 *  instance records as `{}`) and replay rebuilds the same `context.error`. */
interface LayerLoadFailure {
  message: string;
}

export interface LayerToggleInput {
  /** The row id, passed to the load actor and kept in context (e.g. 'erosion'). */
  row?: string;
}

interface LayerToggleContext {
  row: string;
  /** The last successful load while `active`; null otherwise. */
  result: LayerLoadSummary | null;
  /** The last failure's message, kept in `inactive` until the next TOGGLE or RESET; null otherwise. */
  error: string | null;
}

export type LayerToggleEvent =
  /** The row's button: show when inactive, hide when active, ignored while loading. */
  | { type: 'TOGGLE' }
  /** The layer was removed somewhere else (layers panel); the row follows without side effects. */
  | { type: 'LAYER_REMOVED' }
  /** Back to inactive, forgetting result and error, without side effects. */
  | { type: 'RESET' };

/** A result as the machine keeps it: a non-negative integer count, or null when there is none. */
export function summariseLoad(output: unknown): LayerLoadSummary {
  const count = isRecord(output) ? output.featureCount : undefined;
  const featureCount = typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
  return { featureCount, empty: featureCount === 0 };
}

/** A rejection's message: an Error's or a `{ message }` object's message, a string as it is,
 *  'load failed' for anything else (e.g. an Error that went through JSON as `{}`). */
export function loadErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  if (typeof error === 'number' || typeof error === 'boolean') return String(error);
  return 'load failed';
}


/** The load actor to provide: runs `load` (which should honour `signal`, fired when the row is
 *  hidden by LAYER_REMOVED or RESET while loading), resolves to `{ featureCount }` only and
 *  rejects with a plain `{ message }`, so traces stay small and replay exactly. */
export function fromLoader(
  load: (args: { input: LayerLoadInput; signal: AbortSignal }) => Promise<LayerLoadOutput | void>,
) {
  return fromPromise<LayerLoadOutput, LayerLoadInput>(async ({ input, signal }) => {
    let output: LayerLoadOutput | void;
    try {
      output = await load({ input, signal });
    } catch (error) {
      const failure: LayerLoadFailure = { message: loadErrorMessage(error) };
      throw failure;
    }
    return { featureCount: summariseLoad(output).featureCount };
  });
}

export const layerToggleMachine = setup({
  types: {
    context: {} as LayerToggleContext,
    events: {} as LayerToggleEvent,
    input: {} as LayerToggleInput,
  },
  actors: {
    // Replaced by the caller through `provide`; the default fails loudly (the row reverts).
    load: fromPromise<LayerLoadOutput, LayerLoadInput>(async ({ input }) => {
      throw new Error(`layerToggle: no load actor provided for row "${input.row}"`);
    }),
  },
  guards: {
    isEmpty: (_, { summary }: { summary: LayerLoadSummary }) => summary.empty,
  },
  actions: {
    forget: assign({ result: null, error: null }),
    storeResult: assign((_, { summary }: { summary: LayerLoadSummary }) => ({ result: summary, error: null })),
    storeError: assign((_, { message }: { message: string }) => ({ result: null, error: message })),
    // Caller hooks (see the module comment); no-ops here.
    hide: () => {},
    loaded: (_, _params: { summary: LayerLoadSummary }) => {},
    empty: (_, _params: { summary: LayerLoadSummary }) => {},
    failed: (_, _params: { message: string }) => {},
  },
}).createMachine({
  id: 'layerToggle',
  // `input?.`: a trace recorded without input replays with none.
  context: ({ input }) => ({ row: input?.row ?? '', result: null, error: null }),
  initial: 'inactive',
  on: {
    RESET: { target: '.inactive', actions: 'forget' },
  },
  states: {
    inactive: {
      on: { TOGGLE: 'loading' },
    },
    loading: {
      entry: 'forget',
      invoke: {
        // A fixed id, so the done/error events are `xstate.done.actor.load` / `xstate.error.actor.load`
        // in traces and in model-based tests.
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ row: context.row }),
        onDone: [
          {
            guard: { type: 'isEmpty', params: ({ event }) => ({ summary: summariseLoad(event.output) }) },
            target: 'active',
            actions: [
              { type: 'storeResult', params: ({ event }) => ({ summary: summariseLoad(event.output) }) },
              { type: 'empty', params: ({ event }) => ({ summary: summariseLoad(event.output) }) },
            ],
          },
          {
            target: 'active',
            actions: [
              { type: 'storeResult', params: ({ event }) => ({ summary: summariseLoad(event.output) }) },
              { type: 'loaded', params: ({ event }) => ({ summary: summariseLoad(event.output) }) },
            ],
          },
        ],
        onError: {
          target: 'inactive',
          actions: [
            { type: 'storeError', params: ({ event }) => ({ message: loadErrorMessage(event.error) }) },
            { type: 'failed', params: ({ event }) => ({ message: loadErrorMessage(event.error) }) },
          ],
        },
      },
      // TOGGLE is deliberately not handled here: clicks while loading are ignored.
      on: { LAYER_REMOVED: 'inactive' },
    },
    active: {
      on: {
        TOGGLE: { target: 'inactive', actions: ['hide', 'forget'] },
        LAYER_REMOVED: { target: 'inactive', actions: 'forget' },
      },
    },
  },
});

type LayerToggleSnapshot = SnapshotFrom<typeof layerToggleMachine>;

/** The row's button text: 'ซ่อน' when the layer is shown, 'แสดง' otherwise (also while loading,
 *  when the button shows a spinner and ignores clicks). */
export function buttonLabel(snapshot: Pick<LayerToggleSnapshot, 'value'>): typeof th.show | typeof th.hide {
  return snapshot.value === 'active' ? th.hide : th.show;
}

/** True while the load runs: show the spinner, clicks are ignored. */
export function isBusy(snapshot: Pick<LayerToggleSnapshot, 'value'>): boolean {
  return snapshot.value === 'loading';
}

/** True when the layer is shown (the row reads 'ซ่อน'). */
export function isShown(snapshot: Pick<LayerToggleSnapshot, 'value'>): boolean {
  return snapshot.value === 'active';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
