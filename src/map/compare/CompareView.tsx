// Compare mode on the map (issue 25 item 1): a second MapLibre map that follows the main one and
// shows the right (bottom, at 390 px) side's year. Swipe: it lies over the main map, clipped at the
// divider, and lets the main map take the pointer; the divider is dragged by mouse or touch and moved
// with the arrow keys. Side by side: the two maps share the panel and move together (linked views).
// Each side says its year in a label.
import { useEffect, useRef, useState } from 'react';
import { Map as MapLibreMap, type StyleSpecification } from 'maplibre-gl';
import { useConfig } from '../../state/config.tsx';
import { useStore } from '../../state/store.ts';
import { th } from '../../locale/th.ts';
import { modeOf, type CompareMode } from '../../machines/compare.ts';
import { drawOnEachStyle } from '../eachStyle.ts';
import { forgetDrawn, syncLayers } from '../layers/sync.ts';
import { drawOrder } from '../layers/order.ts';
import { drawSatellite } from '../satellite/SatelliteLayer.tsx';
import { comparePageStore, compareActor, useCompare } from './compareState.ts';
import { sideNames, useStacked } from './sides.ts';
import { CompareDivider } from './CompareDivider.tsx';

/** Keeps `follower` on `leader`'s camera (and back, when both take the pointer). */
function linkCameras(a: MapLibreMap, b: MapLibreMap, both: boolean): () => void {
  let moving: MapLibreMap | null = null;
  const follow = (from: MapLibreMap, to: MapLibreMap) => () => {
    if (moving && moving !== from) return;
    moving = from;
    to.jumpTo({ center: from.getCenter(), zoom: from.getZoom(), bearing: from.getBearing(), pitch: from.getPitch() });
    moving = null;
  };
  const aToB = follow(a, b);
  const bToA = follow(b, a);
  a.on('move', aToB);
  if (both) b.on('move', bToA);
  aToB();
  return () => {
    a.off('move', aToB);
    b.off('move', bToA);
  };
}

function SecondMap({ main, mode, style }: { main: MapLibreMap; mode: CompareMode; style: StyleSpecification | string }) {
  const { legends } = useConfig();
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const right = useStore(comparePageStore, (s) => s.right);

  useEffect(() => {
    const m = new MapLibreMap({
      container: container.current!,
      style,
      center: main.getCenter(),
      zoom: main.getZoom(),
      maxZoom: main.getMaxZoom(),
      attributionControl: false,
      canvasContextAttributes: { preserveDrawingBuffer: true },
    });
    m.on('idle', () => container.current?.setAttribute('data-idle', 'true'));
    m.on('movestart', () => container.current?.setAttribute('data-idle', 'false'));
    setMap(m);
    return () => {
      setMap(null);
      m.remove();
    };
  }, [main, style]);

  // Swipe: the main map takes the pointer; side by side: both do, linked.
  useEffect(() => {
    if (!map) return;
    const interactive = mode === 'split';
    for (const handler of [map.dragPan, map.scrollZoom, map.boxZoom, map.dragRotate, map.keyboard, map.doubleClickZoom, map.touchZoomRotate]) {
      if (interactive) handler.enable();
      else handler.disable();
    }
    map.resize();
    return linkCameras(main, map, interactive);
  }, [map, main, mode]);

  useEffect(() => {
    if (!map) return;
    container.current?.setAttribute('data-idle', 'false');
    const sync = () => {
      syncLayers(map, drawOrder(right.layers), legends);
      drawSatellite(map, right.satellite);
    };
    return drawOnEachStyle(map, sync, () => {
      forgetDrawn(map);
      sync();
    });
  }, [map, right, legends]);

  // Swipe: the second map only shows; the main map under it takes the pointer and the keyboard.
  return <div ref={container} className="compare-second-map" data-testid="compare-map" data-idle="false" inert={mode === 'swipe'} />;
}

/** The year labels of the two sides, each in the middle of the part of the map it names. */
function SideLabels({ left, right, at, stacked }: { left: string; right: string; at: number; stacked: boolean }) {
  const names = sideNames(stacked);
  const place = (centre: number) => (stacked ? { top: `calc(${centre}% - 1rem)` } : { left: `${centre}%` });
  return (
    <>
      <div className="compare-label" style={place(at / 2)} data-testid="compare-label-left">
        {names.first} · {th.compare.year(left)}
      </div>
      <div className="compare-label" style={place((at + 100) / 2)} data-testid="compare-label-right">
        {names.second} · {th.compare.year(right)}
      </div>
    </>
  );
}

export function CompareView({ main, style }: { main: MapLibreMap | null; style: StyleSpecification | string }) {
  const snapshot = useCompare();
  const mode = modeOf(snapshot);
  const stacked = useStacked();
  if (!main || !mode) return null;
  const { left, right, position } = snapshot.context;
  // Where the second side starts: at the divider (swipe) or in the middle (side by side).
  const at = mode === 'swipe' ? position : 50;
  const clip = mode === 'swipe' ? (stacked ? `inset(${at}% 0 0 0)` : `inset(0 0 0 ${at}%)`) : undefined;
  return (
    <>
      <div className={`compare-pane compare-pane-${mode}`} style={clip ? { clipPath: clip } : undefined}>
        <SecondMap main={main} mode={mode} style={style} />
      </div>
      <SideLabels left={left} right={right} at={at} stacked={stacked} />
      {mode === 'swipe' && (
        <CompareDivider
          position={position}
          stacked={stacked}
          text={th.compare.dividerText(`${sideNames(stacked).first} ${th.compare.year(left)}`, `${sideNames(stacked).second} ${th.compare.year(right)}`)}
          onMove={(p) => compareActor.send({ type: 'MOVE', position: p })}
          onNudge={(by) => compareActor.send({ type: 'NUDGE', by })}
        />
      )}
    </>
  );
}
