// Map state shared by the shell and tools: the chosen base map (remembered under `basemap`,
// SPEC.md §3) and the live map instance for controls outside the map component.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { createStore } from '../state/store.ts';
import type { BasemapDef } from '../engine/types.ts';

const BASEMAP_STORAGE_KEY = 'basemap';

interface MapState {
  basemap: string;
  /** Set once the public base map failed and the offline one replaced it (said once). */
  fellBackFrom: string | null;
  map: MapLibreMap | null;
}

export const mapStore = createStore<MapState>({ basemap: '', fellBackFrom: null, map: null });

export function initialBasemap(basemaps: readonly BasemapDef[], fallback: string, storage: Pick<Storage, 'getItem'> | null): string {
  const saved = safeGet(storage, BASEMAP_STORAGE_KEY);
  return saved && basemaps.some((b) => b.id === saved) ? saved : fallback;
}

export function chooseBasemap(id: string, storage: Pick<Storage, 'setItem'> | null): void {
  mapStore.set({ basemap: id, fellBackFrom: null });
  try {
    storage?.setItem(BASEMAP_STORAGE_KEY, id);
  } catch {
    // Private mode or a full quota: the choice still applies for this visit.
  }
}

function safeGet(storage: Pick<Storage, 'getItem'> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
