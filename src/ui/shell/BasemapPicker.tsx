// Base map switcher: the listed base maps of config (four public ones plus the offline one), each
// with the thumbnail our server draws in its colours; the choice is remembered (SPEC.md §3). Below it, the satellite imagery years (SPEC.md §4):
// clicking the selected year clears it, another selects it, one active.
import { KeepWhole } from '../../components/KeepWhole.tsx';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { chooseBasemap, mapStore } from '../../map/mapStore.ts';
import { satelliteOptions, satelliteStore, toggleSatellite } from '../../map/satellite/satellite.ts';

export function BasemapPicker({ onChosen }: { onChosen: () => void }) {
  const { app } = useConfig();
  const current = useStore(mapStore, (s) => s.basemap);
  const satellite = useStore(satelliteStore, (s) => s.selected);
  return (
    <>
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
            <img className="basemap-thumb" src={`${app.basePath}/basemap/thumbnail/${b.id}.png`} alt="" width={120} height={64} />
            <span>
              <KeepWhole text={b.name} />
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="satellite-picker" style={{ border: 0, margin: '12px 0 0', padding: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: 6 }}>ภาพถ่ายดาวเทียม</legend>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}>
          {satelliteOptions(app.satellite).map((o) => (
            <label
              key={o.id}
              htmlFor={o.id}
              className={`basemap-option ${o.id === satellite ? 'selected' : ''}`}
              style={{ flexDirection: 'row', justifyContent: 'center' }}
            >
              <input id={o.id} type="checkbox" name="satellite" value={o.id} checked={o.id === satellite} onChange={() => toggleSatellite(o.id)} />
              <span>{o.name}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
