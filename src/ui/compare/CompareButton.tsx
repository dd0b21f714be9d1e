// The top menu's compare button (issue 25 item 1): opens compare mode (a swipe divider) on a page
// that declares years to compare, closes it when it is on. Pressed while on.
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { modeOf } from '../../machines/compare.ts';
import { compareActor, comparePageStore, useCompare } from '../../map/compare/compareState.ts';

export function CompareButton() {
  const offered = useStore(comparePageStore, (s) => s.offered);
  const on = modeOf(useCompare()) !== null;
  if (!offered) return null;
  return (
    <button type="button" aria-pressed={on} onClick={() => compareActor.send(on ? { type: 'CLOSE' } : { type: 'OPEN' })}>
      {th.compare.open}
    </button>
  );
}
