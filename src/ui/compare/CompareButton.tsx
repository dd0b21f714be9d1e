// The top menu's compare buttons (issue 25 items 1, 2) on a page that declares years to compare:
// 'เปรียบเทียบปี' opens compare mode (a swipe divider) or closes it; 'เลื่อนดูรายปี' shows or hides
// the year slider when the page has a timeline layer. Each is pressed while on.
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { isSliderOn, modeOf } from '../../machines/compare.ts';
import { compareActor, comparePageStore, useCompare } from '../../map/compare/compareState.ts';

export function CompareButton() {
  const offered = useStore(comparePageStore, (s) => s.offered);
  const timeline = useStore(comparePageStore, (s) => s.timeline);
  const snapshot = useCompare();
  const on = modeOf(snapshot) !== null;
  const slider = isSliderOn(snapshot);
  if (!offered) return null;
  return (
    <>
      <button type="button" aria-pressed={on} onClick={() => compareActor.send(on ? { type: 'CLOSE' } : { type: 'OPEN' })}>
        {th.compare.open}
      </button>
      {timeline && (
        <button type="button" aria-pressed={slider} onClick={() => compareActor.send({ type: slider ? 'HIDE' : 'SHOW' })}>
          {th.compare.slider}
        </button>
      )}
    </>
  );
}
