// Compare mode's shared state (issue 25): the one compare actor (machines/compare.ts) that the top
// menu, the compare panel, the map and the URL drive, and what each side draws, which the open
// page fills (its yearly layers instantiated for each side's year, ui/compare/CompareSync.tsx).
import { useSyncExternalStore } from 'react';
import { createTraceableActor } from '../../machines/factory.ts';
import { compareMachine, type CompareSnapshot } from '../../machines/compare.ts';
import { createStore } from '../../state/store.ts';
import type { MapLayer } from '../../layers/types.ts';

export const compareActor = createTraceableActor(compareMachine, { input: { years: [] } }).start();

export function useCompare(): CompareSnapshot {
  return useSyncExternalStore(
    (listener) => {
      const sub = compareActor.subscribe(listener);
      return () => sub.unsubscribe();
    },
    () => compareActor.getSnapshot(),
  );
}

export interface CompareSideLayers {
  /** The side's yearly layers, top first, with their features when they are vector. */
  layers: MapLayer[];
  /** GetMap tile URL of the side's satellite year, or null for none. */
  satellite: string | null;
}

interface ComparePage {
  /** The page offers compare (its variant declares `compare`). */
  offered: boolean;
  /** The page has a year slider (`compare.timeline`). */
  timeline: boolean;
  /** Line colour of each year (the layers' legend), for the legend of the sides. */
  colours: Readonly<Record<string, string>>;
  left: CompareSideLayers;
  right: CompareSideLayers;
}

const NO_SIDE: CompareSideLayers = { layers: [], satellite: null };

export const comparePageStore = createStore<ComparePage>({ offered: false, timeline: false, colours: {}, left: NO_SIDE, right: NO_SIDE });

export function clearComparePage(): void {
  comparePageStore.set({ offered: false, timeline: false, colours: {}, left: NO_SIDE, right: NO_SIDE });
}
