// The map modal of the proposal form (SPEC.md §2, §4, §8):
// - point mode 'เลือกตำแหน่งจากแผนที่' (start or end): a map click writes 'lat, lng' with 6 decimals
//   into that point's field and closes the modal;
// - screenshot mode 'กำหนดภาพแผนที่': a map click only alerts; 'ใช้ภาพนี้' captures the map with its
//   layers into the form's map image; a failed capture is logged and the form keeps working.
import { useId, useMemo, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { Modal } from '../../../components/Modal.tsx';
import { useConfig } from '../../../state/config.tsx';
import { formatLatLng, normaliseLatLng, parseLatLng, type LatLng } from '../geo.ts';
import { POINT_FIELD, useProposalUi, type MapMode } from '../context.ts';
import { t } from '../strings.ts';
import { FormMap, POINT_COLORS } from './FormMap.tsx';
import { captureMap } from './capture.ts';

export function MapPickerModal({ mode, onClose }: { mode: MapMode | null; onClose: () => void }) {
  const title = mode === 'screenshot' ? t.screenshotTitle : t.pickTitle;
  return (
    <Modal title={title} open={mode !== null} onClose={onClose} className="modal-wide proposal-map-modal">
      {mode && <MapPicker key={mode} mode={mode} onClose={onClose} />}
    </Modal>
  );
}

function MapPicker({ mode, onClose }: { mode: MapMode; onClose: () => void }) {
  const { app } = useConfig();
  const { data, patch } = useProposalUi();
  const [point, setPoint] = useState<'start' | 'end'>(mode === 'end' ? 'end' : 'start');
  const offline = app.basemaps.find((b) => b.offline) ?? app.basemaps[0];
  const [basemapId, setBasemapId] = useState(offline?.id ?? '');
  const basemap = app.basemaps.find((b) => b.id === basemapId) ?? offline;
  const choices = app.basemaps.filter((b) => b.listed !== false);
  const mapRef = useRef<MapLibreMap | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { mode: useId(), basemap: useId() };
  const points = useMemo(() => ({ start: parseLatLng(data.coordinates), end: parseLatLng(data.coordinatesEnd) }), [data.coordinates, data.coordinatesEnd]);

  const onClick = (at: LatLng) => {
    if (mode === 'screenshot') {
      window.alert(t.screenshotAlert);
      return;
    }
    patch({ [POINT_FIELD[point]]: formatLatLng(normaliseLatLng(at)) });
    onClose();
  };

  const takeImage = async () => {
    const map = mapRef.current;
    setBusy(true);
    setStatus(t.capturing);
    try {
      if (!map) throw new Error('the map is not ready');
      patch({ mapImage: await captureMap(map) });
      onClose();
    } catch (error) {
      // SPEC.md §8 Screenshot failure: logged; the form keeps working.
      console.error('proposal: the map image could not be captured', error);
      setStatus(t.captureFailed);
    } finally {
      setBusy(false);
    }
  };

  if (!basemap) return null;
  return (
    <div className="proposal-map-picker">
      <div className="proposal-map-tools">
        {mode !== 'screenshot' && (
          <fieldset className="proposal-point-mode">
            <legend id={ids.mode}>{t.pickMode}</legend>
            {(['start', 'end'] as const).map((p) => (
              <label key={p} className="proposal-point-choice">
                <input type="radio" name={ids.mode} value={p} checked={point === p} onChange={() => setPoint(p)} />
                <span className="proposal-point-dot" style={{ background: POINT_COLORS[p] }} aria-hidden="true" />
                {p === 'start' ? t.startPoint : t.endPoint}
              </label>
            ))}
          </fieldset>
        )}
        {choices.length > 1 && (
          <label className="proposal-basemap" htmlFor={ids.basemap}>
            {t.basemap}
            <select id={ids.basemap} value={basemap.id} onChange={(e) => setBasemapId(e.target.value)}>
              {choices.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p className="proposal-map-hint">{mode === 'screenshot' ? t.screenshotHint : t.pickHint}</p>
      {/* Re-keyed by base map: a new style is a new map (a capture never mixes two styles). */}
      <FormMap key={basemap.id} basemap={basemap} points={points} onClick={onClick} onReady={(m) => (mapRef.current = m)} label={title(mode)} />
      {mode === 'screenshot' && (
        <div className="proposal-map-actions">
          {status && (
            <p role="status" className="proposal-map-status">
              {status}
            </p>
          )}
          <button type="button" onClick={onClose} disabled={busy}>
            {t.cancel}
          </button>
          <button type="button" className="primary" onClick={() => void takeImage()} disabled={busy}>
            {t.useImage}
          </button>
        </div>
      )}
    </div>
  );
}

function title(mode: MapMode): string {
  return mode === 'screenshot' ? t.screenshotTitle : t.pickTitle;
}
