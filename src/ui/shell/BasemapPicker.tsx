// Base map switcher: the listed base maps of config; the choice is remembered (SPEC.md §3).
import { useConfig } from '../config.tsx';
import { useStore } from '../store.ts';
import { chooseBasemap, mapStore } from '../../map/mapStore.ts';

export function BasemapPicker({ onChosen }: { onChosen: () => void }) {
  const { app } = useConfig();
  const current = useStore(mapStore, (s) => s.basemap);
  return (
    <fieldset className="basemap-picker">
      <legend className="sr-only">แผนที่ฐาน</legend>
      {app.basemaps.filter((b) => b.listed !== false).map((b) => (
        <label key={b.id} className={`basemap-option ${b.id === current ? 'selected' : ''}`}>
          <input
            type="radio"
            name="basemap"
            value={b.id}
            checked={b.id === current}
            // onClick, not onChange: choosing the already shown map (e.g. the offline one after a
            // fallback) must still be remembered as the user's choice.
            onClick={() => {
              chooseBasemap(b.id, window.localStorage);
              onChosen();
            }}
            onChange={() => undefined}
          />
          <span className={`basemap-thumb thumb-${b.id}`} aria-hidden />
          <span>{b.name}</span>
        </label>
      ))}
    </fieldset>
  );
}
