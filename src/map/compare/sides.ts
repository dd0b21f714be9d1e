// Which side is which (issue 25): left and right on a wide screen; on a phone (390 px) the sides
// are stacked, top and bottom, and so are the names.
import { useSyncExternalStore } from 'react';
import { th } from '../../locale/th.ts';

/** The width at and below which the sides are stacked (the shell's small-screen break). */
const STACKED_QUERY = '(max-width: 768px)';

export function sideNames(stacked: boolean): { first: string; second: string } {
  const s = th.compare.sides;
  return stacked ? { first: s.top, second: s.bottom } : { first: s.left, second: s.right };
}

export function useStacked(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(STACKED_QUERY);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(STACKED_QUERY).matches,
  );
}
