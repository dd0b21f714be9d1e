// The compare panel (issue 25 item 1), under the top menu while compare mode is on: the view
// (swipe or side by side), each side's year, the legend of which side shows which year in which
// colour (left/right, or top/bottom on a phone), and closing compare.
import { th } from '../../locale/th.ts';
import { useStore } from '../../state/store.ts';
import { modeOf, type CompareMode, type CompareSide } from '../../machines/compare.ts';
import { compareActor, comparePageStore, useCompare } from '../../map/compare/compareState.ts';
import { sideNames, useStacked } from '../../map/compare/sides.ts';

const MODES: CompareMode[] = ['swipe', 'split'];

function SideYear({ side, name, year, years, colour }: { side: CompareSide; name: string; year: string; years: readonly string[]; colour: string | undefined }) {
  const id = `compare-year-${side}`;
  return (
    <div className="compare-side">
      <span className="compare-swatch" style={{ background: colour ?? 'transparent' }} aria-hidden />
      <label htmlFor={id}>{th.compare.sideYear(name)}</label>
      <select id={id} value={year} onChange={(e) => compareActor.send({ type: 'SET_YEAR', side, year: e.target.value })}>
        {years.map((y) => (
          <option key={y} value={y}>
            {th.compare.year(y)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ComparePanel() {
  const snapshot = useCompare();
  const mode = modeOf(snapshot);
  const colours = useStore(comparePageStore, (s) => s.colours);
  const leftNames = useStore(comparePageStore, (s) => s.left.layers.map((l) => l.name).join(', '));
  const rightNames = useStore(comparePageStore, (s) => s.right.layers.map((l) => l.name).join(', '));
  const names = sideNames(useStacked());
  if (!mode) return null;
  const { left, right, years } = snapshot.context;
  return (
    <section className="compare-panel" aria-label={th.compare.title} data-testid="compare-panel">
      <div className="compare-modes" role="group" aria-label={th.compare.mode}>
        {MODES.map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} onClick={() => compareActor.send({ type: 'SET_MODE', mode: m })}>
            {th.compare[m]}
          </button>
        ))}
      </div>
      <SideYear side="left" name={names.first} year={left} years={years} colour={colours[left]} />
      <SideYear side="right" name={names.second} year={right} years={years} colour={colours[right]} />
      <ul className="compare-legend" data-testid="compare-legend">
        <li>
          <span className="compare-swatch" style={{ background: colours[left] ?? 'transparent' }} aria-hidden /> {names.first}: {leftNames}
        </li>
        <li>
          <span className="compare-swatch" style={{ background: colours[right] ?? 'transparent' }} aria-hidden /> {names.second}: {rightNames}
        </li>
      </ul>
      <button type="button" className="compare-close" onClick={() => compareActor.send({ type: 'CLOSE' })}>
        {th.compare.close}
      </button>
    </section>
  );
}
