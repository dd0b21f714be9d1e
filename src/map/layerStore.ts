// The layer list (SPEC.md §3 Map layer, §4 Layers): a new id goes on top with zIndex 600 +
// count, an existing id is updated in place; remove by id or by group; toggle visibility.
// Only ungrouped layers are listed; grouped ones render inside their group.
import { createStore } from '../state/store.ts';
import type { MapLayer } from '../layers/types.ts';

export type { MapLayer };

export const layerStore = createStore<{ layers: MapLayer[] }>({ layers: [] });

let baseZIndex = 600;
export function setBaseZIndex(z: number): void {
  baseZIndex = z;
}

export function upsertLayer(layer: Omit<MapLayer, 'zIndex' | 'visible'> & Partial<Pick<MapLayer, 'zIndex' | 'visible'>>): void {
  layerStore.set(({ layers }) => {
    const existing = layers.find((l) => l.id === layer.id);
    if (existing) return { layers: layers.map((l) => (l.id === layer.id ? { ...l, ...layer } : l)) };
    const added: MapLayer = { visible: true, zIndex: baseZIndex + layers.length, ...layer };
    return { layers: [added, ...layers] };
  });
}

export function removeLayer(id: string): void {
  layerStore.set(({ layers }) => ({ layers: layers.filter((l) => l.id !== id && l.groupId !== id) }));
}

export function toggleLayer(id: string): void {
  layerStore.set(({ layers }) => ({ layers: layers.map((l) => (l.id === id ? { ...l, visible: !l.visible } : l)) }));
}

/** zIndex of the listed layer at 1-based `position` (top = 1) of `count`: count + base - position. */
export function zIndexAt(count: number, position: number, base: number = baseZIndex): number {
  return count + base - position;
}

/**
 * Moves a listed (ungrouped) layer to `toIndex` of the list (0 = top, clamped) and renumbers every
 * listed layer by the rule of zIndexAt, so WMS and deck layers redraw in the new order.
 */
export function reorderLayer(id: string, toIndex: number): void {
  layerStore.set(({ layers }) => {
    const listed = listedLayers(layers);
    const from = listed.findIndex((l) => l.id === id);
    if (from < 0) return { layers };
    const moved = listed.slice();
    const [layer] = moved.splice(from, 1);
    if (!layer) return { layers };
    const to = Math.max(0, Math.min(moved.length, Math.trunc(toIndex)));
    moved.splice(to, 0, layer);
    const renumbered = moved.map((l, i) => ({ ...l, zIndex: zIndexAt(moved.length, i + 1) }));
    return { layers: [...renumbered, ...layers.filter((l) => l.groupId)] };
  });
}

export function listedLayers(layers: readonly MapLayer[]): MapLayer[] {
  return layers.filter((l) => !l.groupId);
}
