// The year slider (issue 25 item 2) under the top menu while it is on: play/pause and a range over
// the page's timeline years, the year shown as a label.
import { th } from '../../locale/th.ts';
import { isPlaying, isSliderOn } from '../../machines/compare.ts';
import { compareActor, useCompare } from '../../map/compare/compareState.ts';

export function TimelinePanel() {
  const snapshot = useCompare();
  if (!isSliderOn(snapshot)) return null;
  const { steps, year } = snapshot.context;
  const playing = isPlaying(snapshot);
  const index = Math.max(0, steps.indexOf(year));
  return (
    <section className="timeline-panel" aria-label={th.compare.slider} data-testid="timeline-panel">
      <button type="button" className="timeline-play" aria-pressed={playing} onClick={() => compareActor.send({ type: playing ? 'PAUSE' : 'PLAY' })}>
        {playing ? th.compare.pause : th.compare.play}
      </button>
      <label htmlFor="timeline-year">{th.compare.slider}</label>
      <input
        id="timeline-year"
        type="range"
        min={0}
        max={Math.max(0, steps.length - 1)}
        step={1}
        value={index}
        aria-valuetext={th.compare.year(year)}
        onChange={(e) => compareActor.send({ type: 'SCRUB', year: steps[Number(e.target.value)] ?? year })}
      />
      <output htmlFor="timeline-year" className="timeline-year" data-testid="timeline-year">
        {th.compare.year(year)}
      </output>
    </section>
  );
}
