// The compare machine (issue 25 items 1, 2, 5): swipe and side-by-side views with a year per side
// and a divider, and the year slider's play/pause over the page's years.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTraceableActor } from '../../../src/machines/factory.ts';
import { clampPosition, compareMachine, isPlaying, isSliderOn, modeOf, nextYear, TICK_MS, withYears } from '../../../src/machines/compare.ts';

const YEARS = ['2562', '2563', '2564', '2565', '2566', '2567'];
const start = (years: readonly string[] = YEARS) => createTraceableActor(compareMachine, { recorder: null, input: { years } }).start();

describe('compare machine: the view', () => {
  it('starts off, left on the oldest year, right and the slider on the newest, divider in the middle', () => {
    const s = start().getSnapshot();
    expect(modeOf(s)).toBeNull();
    expect(s.context).toMatchObject({ left: '2562', right: '2567', year: '2567', position: 50 });
  });

  it('opens as swipe by default, as split when asked, and switches between them', () => {
    const a = start();
    a.send({ type: 'OPEN' });
    expect(modeOf(a.getSnapshot())).toBe('swipe');
    a.send({ type: 'SET_MODE', mode: 'split' });
    expect(modeOf(a.getSnapshot())).toBe('split');
    a.send({ type: 'CLOSE' });
    expect(modeOf(a.getSnapshot())).toBeNull();
    a.send({ type: 'OPEN', mode: 'split', left: '2564', right: '2566', position: 30 });
    expect(modeOf(a.getSnapshot())).toBe('split');
    expect(a.getSnapshot().context).toMatchObject({ left: '2564', right: '2566', position: 30 });
  });

  it('does not open on a page without years, and closes when the page has none', () => {
    const none = start([]);
    none.send({ type: 'OPEN' });
    expect(modeOf(none.getSnapshot())).toBeNull();
    const a = start();
    a.send({ type: 'OPEN' });
    a.send({ type: 'SET_YEARS', years: [] });
    expect(modeOf(a.getSnapshot())).toBeNull();
  });

  it('sets each side to a year of the list only, from a link too', () => {
    const a = start();
    a.send({ type: 'OPEN', left: '1999', right: '2565' });
    expect(a.getSnapshot().context).toMatchObject({ left: '2562', right: '2565' });
    a.send({ type: 'SET_YEAR', side: 'left', year: '2563' });
    a.send({ type: 'SET_YEAR', side: 'right', year: '3000' });
    expect(a.getSnapshot().context).toMatchObject({ left: '2563', right: '2565' });
  });

  it('moves the divider by mouse (MOVE) and keyboard (NUDGE), kept within 0..100', () => {
    const a = start();
    a.send({ type: 'OPEN' });
    a.send({ type: 'MOVE', position: 72.345 });
    expect(a.getSnapshot().context.position).toBe(72.3);
    a.send({ type: 'NUDGE', by: 5 });
    expect(a.getSnapshot().context.position).toBe(77.3);
    a.send({ type: 'NUDGE', by: 50 });
    expect(a.getSnapshot().context.position).toBe(100);
    a.send({ type: 'MOVE', position: -4 });
    expect(a.getSnapshot().context.position).toBe(0);
    expect(clampPosition(Number.NaN)).toBe(50);
  });

  it('ignores divider and year events while off', () => {
    const a = start();
    a.send({ type: 'MOVE', position: 10 });
    a.send({ type: 'SET_YEAR', side: 'left', year: '2565' });
    expect(a.getSnapshot().context).toMatchObject({ position: 50, left: '2562' });
  });

  it('keeps the chosen years a new list still offers and replaces the others', () => {
    expect(withYears({ left: '2563', right: '2567', year: '2565', position: 20 }, ['2563', '2564'])).toEqual({ years: ['2563', '2564'], steps: ['2563', '2564'], left: '2563', right: '2564', year: '2564', position: 20 });
    expect(withYears({ left: '', right: '', year: '2554', position: 50 }, ['2562', '2567'], ['2548', '2554', '2567']).year).toBe('2554');
  });
});

describe('compare machine: the year slider', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is off until shown, and hidden again; a page without years hides it', () => {
    const a = start();
    expect(isSliderOn(a.getSnapshot())).toBe(false);
    a.send({ type: 'PLAY' });
    expect(isPlaying(a.getSnapshot())).toBe(false);
    a.send({ type: 'SHOW' });
    expect(isSliderOn(a.getSnapshot())).toBe(true);
    a.send({ type: 'HIDE' });
    expect(isSliderOn(a.getSnapshot())).toBe(false);
    a.send({ type: 'SHOW' });
    a.send({ type: 'SET_YEARS', years: [] });
    expect(isSliderOn(a.getSnapshot())).toBe(false);
  });

  it('plays its own steps (the timeline years), not the compare years', () => {
    const a = createTraceableActor(compareMachine, { recorder: null, input: { years: ['2562', '2567'], steps: ['2548', '2554', '2562', '2567'] } }).start();
    a.send({ type: 'SHOW' });
    a.send({ type: 'SCRUB', year: '2554' });
    expect(a.getSnapshot().context.year).toBe('2554');
    a.send({ type: 'PLAY' });
    vi.advanceTimersByTime(TICK_MS);
    expect(a.getSnapshot().context.year).toBe('2562');
  });

  it('plays through every year from the first after the last, then stops', () => {
    const a = start();
    a.send({ type: 'SHOW' });
    const seen: string[] = [a.getSnapshot().context.year];
    a.subscribe((s) => {
      if (seen[seen.length - 1] !== s.context.year) seen.push(s.context.year);
    });
    a.send({ type: 'PLAY' });
    expect(isPlaying(a.getSnapshot())).toBe(true);
    vi.advanceTimersByTime(TICK_MS * YEARS.length);
    expect(seen).toEqual(['2567', ...YEARS]);
    expect(isPlaying(a.getSnapshot())).toBe(false);
  });

  it('pauses on PAUSE and on SCRUB, which sets the year', () => {
    const a = start();
    a.send({ type: 'SHOW' });
    a.send({ type: 'SCRUB', year: '2563' });
    a.send({ type: 'PLAY' });
    vi.advanceTimersByTime(TICK_MS);
    expect(a.getSnapshot().context.year).toBe('2564');
    a.send({ type: 'PAUSE' });
    vi.advanceTimersByTime(TICK_MS * 3);
    expect(a.getSnapshot().context.year).toBe('2564');
    a.send({ type: 'PLAY' });
    a.send({ type: 'SCRUB', year: '2562' });
    expect(isPlaying(a.getSnapshot())).toBe(false);
    expect(a.getSnapshot().context.year).toBe('2562');
  });

  it('knows the next year', () => {
    expect(nextYear(YEARS, '2566')).toBe('2567');
    expect(nextYear(YEARS, '2567')).toBeNull();
    expect(nextYear(YEARS, 'x')).toBeNull();
  });
});
