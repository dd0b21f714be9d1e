// What the open page publishes for the URL (issue 11): its picker codes and which listed layer
// each of its toggle rows added. The URL writer reads it; the page fills it.
import { createStore } from '../../state/store.ts';
import type { PickerValues } from '../../engine/options.ts';

interface PageState {
  pageKey: string;
  pickers: Record<string, string[]>;
  /** Layer id -> the toggle row that added it. */
  rowLayers: Readonly<Record<string, string>>;
}

export const pageStateStore = createStore<PageState>({ pageKey: '', pickers: {}, rowLayers: {} });

export function openPageState(pageKey: string): void {
  pageStateStore.set({ pageKey, pickers: {}, rowLayers: {} });
}

export function publishPickers(pageKey: string, values: PickerValues): void {
  if (pageStateStore.get().pageKey !== pageKey) return;
  const pickers: Record<string, string[]> = {};
  for (const [id, v] of Object.entries(values)) {
    const codes = v == null ? [] : (Array.isArray(v) ? v : [v]).map((c) => c.code);
    if (codes.length > 0) pickers[id] = codes;
  }
  pageStateStore.set({ pickers });
}

export function setRowLayer(pageKey: string, layerId: string, rowId: string | null): void {
  if (pageStateStore.get().pageKey !== pageKey) return;
  pageStateStore.set(({ rowLayers }) => {
    const next = { ...rowLayers };
    if (rowId) next[layerId] = rowId;
    else delete next[layerId];
    return { rowLayers: next };
  });
}
