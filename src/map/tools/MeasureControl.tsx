// Measure control (SPEC.md §2 Map tools, §3 Measure, §4 Measure, §9 units and colours): toggle
// 'วัดพื้นที่' at the bottom right opens 'วัดระยะทางและพื้นที่'; map clicks add points while
// started (and do not open the feature drawer), 'เสร็จ' or a double-click finishes, and the
// result gets a popup by point count.
import { useEffect, useRef, useState } from 'react';
import { Event as MapEvent, LngLatBounds, Popup, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import { measureMachine, measurePhase } from '../../machines/measure.ts';
import type { Measurement } from '../../machines/measure.ts';
import { useTraceableActor } from '../../machines/useTraceableActor.ts';
import { setInfoClickSuppressed } from '../../state/mapClick.ts';
import { formatArea, formatLength, formatThaiNumber, unitLabels } from '../../engine/units.ts';
import { th } from '../../locale/th.ts';
import { drawMeasure, measureFeatures } from './measureLayers.ts';
import { drawOnEachStyle } from '../eachStyle.ts';

const t = th.measure;

function fire(map: MapLibreMap | null, type: string, data: object = {}) {
  map?.fire(new MapEvent(type, data) as never);
}

/** A length in km (or m) with metres secondary (SPEC.md §9 measure defaults). */
function lengthRows(metres: number): string[] {
  const main = formatLength(metres);
  return metres > 1000 ? [main, `${formatThaiNumber(metres)} ${unitLabels.m}`] : [main];
}

/** The popup's content for a finished result, by point count. */
function resultPopup(result: Measurement, actions: { centre: () => void; focus: () => void; remove: () => void }): HTMLElement {
  const root = document.createElement('div');
  root.className = 'measure-popup';
  const title = document.createElement('h3');
  const rows: string[] = [];
  if (result.pointCount === 1) {
    title.textContent = t.pointResult;
    rows.push(result.lastCoord.dms, result.lastCoord.decimal);
  } else if (result.pointCount === 2) {
    title.textContent = t.lineResult;
    rows.push(...lengthRows(result.length ?? 0));
  } else {
    title.textContent = t.areaResult;
    const area = formatArea(result.area ?? 0);
    rows.push(area.primary, area.secondary, `${t.perimeter} ${formatLength(result.length ?? 0)}`);
  }
  root.append(title);
  for (const text of rows) {
    const p = document.createElement('p');
    p.textContent = text;
    root.append(p);
  }
  const buttons = document.createElement('div');
  buttons.className = 'measure-popup-actions';
  const button = (label: string, onClick: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = label;
    b.addEventListener('click', onClick);
    buttons.append(b);
  };
  if (result.pointCount === 1) button(t.centre, actions.centre);
  else button(result.pointCount === 2 ? t.focusLine : t.focusArea, actions.focus);
  button(t.remove, actions.remove);
  root.append(buttons);
  return root;
}

export function MeasureControl({ map }: { map: MapLibreMap | null }) {
  const mapRef = useRef(map);
  mapRef.current = map;
  const [machine] = useState(() =>
    measureMachine.provide({
      actions: {
        measureStart: () => {
          setInfoClickSuppressed('measure', true);
          mapRef.current?.doubleClickZoom.disable();
          fire(mapRef.current, 'measurestart');
        },
        measureFinish: (_, { result }) => {
          setInfoClickSuppressed('measure', false);
          mapRef.current?.doubleClickZoom.enable();
          fire(mapRef.current, 'measurefinish', { result });
        },
        measureCancel: () => {
          setInfoClickSuppressed('measure', false);
          mapRef.current?.doubleClickZoom.enable();
        },
      },
    }),
  );
  const [snapshot, actor] = useTraceableActor(machine, undefined as never);
  const [open, setOpen] = useState(false);
  const phase = measurePhase(snapshot);
  const started = phase === 'noPoints' || phase === 'points';
  const { current, result } = snapshot.context;

  // Map clicks add points while started; a double-click finishes.
  useEffect(() => {
    if (!map) return;
    const onClick = (e: MapMouseEvent) => actor.send({ type: 'ADD_POINT', lng: e.lngLat.lng, lat: e.lngLat.lat });
    const onDblClick = (e: MapMouseEvent) => {
      if (actor.getSnapshot().matches('started')) {
        e.preventDefault();
        actor.send({ type: 'FINISH' });
      }
    };
    map.on('click', onClick);
    map.on('dblclick', onDblClick);
    return () => {
      map.off('click', onClick);
      map.off('dblclick', onDblClick);
    };
  }, [map, actor]);

  useEffect(() => (map ? drawOnEachStyle(map, () => drawMeasure(map, measureFeatures(current, result))) : undefined), [map, current, result]);

  // The result popup, at the last point, while the result is drawn.
  useEffect(() => {
    if (!map || !result || started) return;
    const [lng, lat] = [result.lastCoord.lng, result.lastCoord.lat];
    const popup = new Popup({ closeOnClick: false, className: 'measure-result-popup', maxWidth: '300px' }).setLngLat([lng, lat]);
    popup.setDOMContent(
      resultPopup(result, {
        centre: () => map.flyTo({ center: [lng, lat] }),
        focus: () => {
          const bounds = new LngLatBounds();
          for (const point of result.points) bounds.extend(point);
          map.fitBounds(bounds, { padding: 60, maxZoom: 17 });
        },
        remove: () => actor.send({ type: 'DELETE' }),
      }),
    );
    popup.addTo(map);
    return () => void popup.remove();
  }, [map, result, started, actor]);

  useEffect(() => () => setInfoClickSuppressed('measure', false), []);

  const lengthText = current?.length == null ? null : formatLength(current.length);
  const area = current?.area == null ? null : formatArea(current.area);
  return (
    <div className="map-control measure-control">
      {(open || started) && (
        <section className="measure-panel" aria-label={t.title}>
          <h3>{t.title}</h3>
          <p className="measure-prompt">{phase === 'points' ? t.continuePrompt : t.prompt}</p>
          {current && (
            <dl className="measure-results" data-testid="measure-results">
              <dt>{t.lastPoint}</dt>
              <dd>{current.lastCoord.dms}</dd>
              <dd>{current.lastCoord.decimal}</dd>
              {lengthText && (
                <>
                  <dt>{current.pointCount >= 3 ? t.perimeter : t.pathLength}</dt>
                  <dd>{lengthText}</dd>
                </>
              )}
              {area && (
                <>
                  <dt>{t.area}</dt>
                  <dd data-testid="measure-area">{area.primary}</dd>
                  <dd>{area.secondary}</dd>
                </>
              )}
            </dl>
          )}
          <div className="measure-actions">
            {started ? (
              <>
                <button type="button" onClick={() => actor.send({ type: 'CANCEL' })}>{t.cancel}</button>
                <button type="button" className="primary" onClick={() => actor.send({ type: 'FINISH' })}>{t.finish}</button>
              </>
            ) : (
              <button type="button" className="primary" onClick={() => actor.send({ type: 'START' })}>{t.create}</button>
            )}
          </div>
        </section>
      )}
      <button type="button" className="measure-toggle" aria-expanded={open || started} disabled={started} onClick={() => setOpen((o) => !o)}>
        {t.toggle}
      </button>
    </div>
  );
}
