import { assign, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';

/** Compare two years and play the coast through time (issue 25).
 *
 *  Two parallel regions over the years a page declares (`compare.years`, oldest first; the slider
 *  plays `steps`, the years of the page's timeline layer, or the same years):
 *    view:   off --OPEN--> swipe | split;  swipe <--SET_MODE--> split;  swipe | split --CLOSE--> off
 *            Each side has its year (left, right); the swipe divider has a position in percent of
 *            the map (MOVE to a place, NUDGE by a step from the keyboard), clamped to 0..100.
 *    player: off --SHOW--> paused (the slider and its layer are on the map) --HIDE--> off;
 *            paused --PLAY--> playing (every `tick` ms the slider year moves to the next year;
 *            after the last year it stops in paused) --PAUSE--> paused. PLAY on the last year
 *            starts again from the first. SCRUB sets the slider year and pauses.
 *  SET_YEARS (another page, or its years) keeps the chosen years that are still offered and
 *  replaces the others with the first (left), the last (right, slider); no years closes compare. */

export type CompareMode = 'swipe' | 'split';
export type CompareSide = 'left' | 'right';

interface CompareContext {
  years: string[];
  /** The years the slider plays. */
  steps: string[];
  left: string;
  right: string;
  /** Divider position, percent of the map's width (or height at 390 px) from the left (top). */
  position: number;
  /** The year slider's year. */
  year: string;
}

interface CompareInput {
  years?: readonly string[];
  steps?: readonly string[];
}

export type CompareEvent =
  | { type: 'OPEN'; mode?: CompareMode; left?: string; right?: string; position?: number }
  | { type: 'CLOSE' }
  | { type: 'SET_MODE'; mode: CompareMode }
  | { type: 'SET_YEAR'; side: CompareSide; year: string }
  | { type: 'MOVE'; position: number }
  | { type: 'NUDGE'; by: number }
  | { type: 'SET_YEARS'; years: readonly string[]; steps?: readonly string[] }
  | { type: 'SHOW' }
  | { type: 'HIDE' }
  | { type: 'SCRUB'; year: string }
  | { type: 'PLAY' }
  | { type: 'PAUSE' };

/** The divider starts in the middle. */
const DEFAULT_POSITION = 50;
/** Milliseconds a year stays on screen while playing. */
export const TICK_MS = 800;

export const clampPosition = (p: number): number => (Number.isFinite(p) ? Math.min(100, Math.max(0, Math.round(p * 10) / 10)) : DEFAULT_POSITION);

const pick = (years: readonly string[], wanted: string | undefined, fallback: string): string => (wanted !== undefined && years.includes(wanted) ? wanted : fallback);

/** The context for a new year list, keeping the choices that are still offered. */
export function withYears(ctx: Pick<CompareContext, 'left' | 'right' | 'year' | 'position'>, years: readonly string[], steps: readonly string[] = years): CompareContext {
  const first = years[0] ?? '';
  const last = years[years.length - 1] ?? '';
  return { years: [...years], steps: [...steps], left: pick(years, ctx.left, first), right: pick(years, ctx.right, last), year: pick(steps, ctx.year, steps[steps.length - 1] ?? ''), position: ctx.position };
}

/** The year after `year` in `years`, or null after the last. */
export function nextYear(years: readonly string[], year: string): string | null {
  const at = years.indexOf(year);
  return at >= 0 && at < years.length - 1 ? years[at + 1]! : null;
}

/** What both open views (swipe, split) handle alike. */
const OPEN_EVENTS = {
  CLOSE: { target: 'off' },
  SET_YEAR: { actions: 'setYear' },
  MOVE: { actions: 'move' },
  NUDGE: { actions: 'nudge' },
} as const;

export const compareMachine = setup({
  types: {
    context: {} as CompareContext,
    events: {} as CompareEvent,
    input: {} as CompareInput,
  },
  delays: { tick: TICK_MS },
  guards: {
    hasYears: ({ context }) => context.years.length > 0,
    hasSteps: ({ context }) => context.steps.length > 0,
    noSteps: ({ event }) => event.type === 'SET_YEARS' && (event.steps ?? event.years).length === 0,
    opensSplit: ({ context, event }) => context.years.length > 0 && event.type === 'OPEN' && event.mode === 'split',
    noYears: ({ event }) => event.type === 'SET_YEARS' && event.years.length === 0,
    hasNext: ({ context }) => nextYear(context.steps, context.year) !== null,
  },
  actions: {
    open: assign(({ context, event }) => {
      if (event.type !== 'OPEN') return {};
      return {
        left: pick(context.years, event.left, context.left),
        right: pick(context.years, event.right, context.right),
        position: event.position === undefined ? context.position : clampPosition(event.position),
      };
    }),
    setYear: assign(({ context, event }) => (event.type === 'SET_YEAR' && context.years.includes(event.year) ? { [event.side]: event.year } : {})),
    move: assign(({ event }) => (event.type === 'MOVE' ? { position: clampPosition(event.position) } : {})),
    nudge: assign(({ context, event }) => (event.type === 'NUDGE' ? { position: clampPosition(context.position + event.by) } : {})),
    setYears: assign(({ context, event }) => (event.type === 'SET_YEARS' ? withYears(context, event.years, event.steps ?? event.years) : {})),
    scrub: assign(({ context, event }) => (event.type === 'SCRUB' && context.steps.includes(event.year) ? { year: event.year } : {})),
    advance: assign(({ context }) => ({ year: nextYear(context.steps, context.year) ?? context.year })),
    rewindAtEnd: assign(({ context }) => (nextYear(context.steps, context.year) === null ? { year: context.steps[0] ?? context.year } : {})),
  },
}).createMachine({
  id: 'compare',
  context: ({ input }) => withYears({ left: '', right: '', year: '', position: DEFAULT_POSITION }, input.years ?? [], input.steps ?? input.years ?? []),
  type: 'parallel',
  states: {
    view: {
      initial: 'off',
      on: { SET_YEARS: [{ guard: 'noYears', target: '.off', actions: 'setYears' }, { actions: 'setYears' }] },
      states: {
        off: {
          on: {
            OPEN: [
              { guard: 'opensSplit', target: 'split', actions: 'open' },
              { guard: 'hasYears', target: 'swipe', actions: 'open' },
            ],
          },
        },
        swipe: { on: { ...OPEN_EVENTS, SET_MODE: { guard: ({ event }) => event.mode === 'split', target: 'split' } } },
        split: { on: { ...OPEN_EVENTS, SET_MODE: { guard: ({ event }) => event.mode === 'swipe', target: 'swipe' } } },
      },
    },
    player: {
      initial: 'off',
      on: { SET_YEARS: { guard: 'noSteps', target: '.off' } },
      states: {
        off: { on: { SHOW: { guard: 'hasSteps', target: 'paused' } } },
        paused: {
          on: { PLAY: { target: 'playing', actions: 'rewindAtEnd' }, SCRUB: { actions: 'scrub' }, HIDE: 'off' },
        },
        playing: {
          after: { tick: [{ guard: 'hasNext', target: 'playing', reenter: true, actions: 'advance' }, { target: 'paused' }] },
          on: { PAUSE: 'paused', SCRUB: { target: 'paused', actions: 'scrub' }, HIDE: 'off' },
        },
      },
    },
  },
});

export type CompareSnapshot = SnapshotFrom<typeof compareMachine>;

/** The view's mode, or null when compare is off. */
export function modeOf(snapshot: CompareSnapshot): CompareMode | null {
  const view = (snapshot.value as { view: string }).view;
  return view === 'swipe' || view === 'split' ? view : null;
}

export const isPlaying = (snapshot: CompareSnapshot): boolean => (snapshot.value as { player: string }).player === 'playing';

/** The year slider and its layer are on the map. */
export const isSliderOn = (snapshot: CompareSnapshot): boolean => (snapshot.value as { player: string }).player !== 'off';
