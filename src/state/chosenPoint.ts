// The station the visitor chose last (issue 24 item 9): a pin clicked on the map or an item of a
// featureList, so that the list highlights that item and scrolls it into view. `properties` are
// the point's row fields (CODE, SITE, ...); `from` says which side chose it.
import { createStore } from './store.ts';

interface ChosenPoint {
  properties: Readonly<Record<string, unknown>>;
  from: 'map' | 'list';
}

export const chosenPointStore = createStore<{ chosen: ChosenPoint | null }>({ chosen: null });

export function choosePoint(chosen: ChosenPoint | null): void {
  chosenPointStore.set({ chosen });
}
