// QA mode (`?qa=1`): every machine actor created afterwards records its events, so a session can
// be downloaded as JSON and replayed with `npm run replay -- file.json` (docs/qa.md).
import { createTraceRecorder, getActiveRecorder, setActiveRecorder, type MachineTrace } from '../../machines/factory.ts';
import { mapStore } from '../../map/mapStore.ts';
import { styleLayersOf } from '../../map/layers/sync.ts';

function isQaMode(search: string): boolean {
  const v = new URLSearchParams(search).get('qa');
  return v === '1' || v === 'true';
}

/** Test and QA handle, only under ?qa=1: the map's style layer ids, bottom first. */
interface QaHandle {
  styleLayerIds(): string[];
  /** Features drawn by a layer of the layer list, with their place on screen (CSS px). */
  drawnFeatures(layerId: string): Array<{ properties: Record<string, unknown>; point: [number, number] }>;
  traces(): readonly MachineTrace[];
}

declare global {
  interface Window {
    __qa?: QaHandle;
  }
}

/** Turns recording on at startup when the URL asks for QA mode; returns whether it is on. */
function startQaMode(): boolean {
  if (typeof window === 'undefined' || !isQaMode(window.location.search)) return false;
  if (!getActiveRecorder()) setActiveRecorder(createTraceRecorder());
  window.__qa = {
    styleLayerIds: () => mapStore.get().map?.getStyle().layers.map((l) => l.id) ?? [],
    drawnFeatures: (layerId) => {
      const map = mapStore.get().map;
      const ids = map ? styleLayersOf(map, layerId).filter((id) => map.getLayer(id)) : [];
      if (!map || ids.length === 0) return [];
      return map.queryRenderedFeatures({ layers: ids }).map((f) => {
        const at = f.geometry.type === 'Point' ? map.project(f.geometry.coordinates as [number, number]) : { x: NaN, y: NaN };
        return { properties: (f.properties ?? {}) as Record<string, unknown>, point: [at.x, at.y] };
      });
    },
    traces: () => getActiveRecorder()?.traces ?? [],
  };
  return true;
}

/** The recorded traces as the JSON file `npm run replay` reads (an array of traces). */
export function tracesJson(traces: readonly MachineTrace[]): string {
  return `${JSON.stringify(traces, null, 2)}\n`;
}

export function traceFileName(now: Date = new Date()): string {
  return `traces-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

// At import, before any actor of the UI is created.
export const qaMode = startQaMode();
