// A live layer's reload is debounced (issue 14): quick changes of pickers, period or map view
// send one request, the last; a reload refused while a load runs is tried again.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveReload } from '../../../src/ui/topic/liveReload.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('liveReload', () => {
  it('three changes within 300 ms reload once, 300 ms after the last', () => {
    const reload = vi.fn(() => true);
    const live = liveReload(300, reload);
    live.changed();
    vi.advanceTimersByTime(200);
    live.changed();
    vi.advanceTimersByTime(250);
    live.changed();
    vi.advanceTimersByTime(299);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('changes further apart than the delay reload each time', () => {
    const reload = vi.fn(() => true);
    const live = liveReload(300, reload);
    live.changed();
    vi.advanceTimersByTime(400);
    live.changed();
    vi.advanceTimersByTime(400);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('a refused reload (a load running) is tried again; cancel forgets a pending one', () => {
    let busy = true;
    const reload = vi.fn(() => !busy);
    const live = liveReload(300, reload);
    live.changed();
    vi.advanceTimersByTime(300);
    expect(reload).toHaveBeenCalledTimes(1);
    busy = false;
    vi.advanceTimersByTime(300);
    expect(reload).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(3000);
    expect(reload).toHaveBeenCalledTimes(2);
    live.changed();
    live.cancel();
    vi.advanceTimersByTime(3000);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
