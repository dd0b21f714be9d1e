// reorderLayer: the moved layer lands at its index and every listed layer is renumbered
// zIndex = list length + 600 - position (1-based, top first), so the draw order follows the list.
import { beforeEach, describe, expect, it } from 'vitest';
import { layerStore, listedLayers, reorderLayer, upsertLayer, zIndexAt } from '../../../src/map/layerStore.ts';
import { drawOrder } from '../../../src/map/layers/order.ts';

const ids = () => listedLayers(layerStore.get().layers).map((l) => l.id);
const zs = () => listedLayers(layerStore.get().layers).map((l) => l.zIndex);

describe('reorderLayer', () => {
  beforeEach(() => {
    layerStore.set({ layers: [] });
    for (const id of ['a', 'b', 'c']) upsertLayer({ id, name: id, type: 'wms' });
    // newest on top: c (602), b (601), a (600)
  });

  it('new layers go on top with 600 + count, which is the same rule', () => {
    expect(ids()).toEqual(['c', 'b', 'a']);
    expect(zs()).toEqual([602, 601, 600]);
    expect(zs()).toEqual([1, 2, 3].map((p) => zIndexAt(3, p)));
  });

  it('moves a layer down and renumbers every listed layer', () => {
    reorderLayer('c', 2);
    expect(ids()).toEqual(['b', 'a', 'c']);
    expect(zs()).toEqual([602, 601, 600]);
    expect(drawOrder(layerStore.get().layers).map((l) => l.id)).toEqual(['b', 'a', 'c']);
  });

  it('moves a layer up; clamps out-of-range indexes; ignores unknown ids', () => {
    reorderLayer('a', 0);
    expect(ids()).toEqual(['a', 'c', 'b']);
    reorderLayer('a', 99);
    expect(ids()).toEqual(['c', 'b', 'a']);
    reorderLayer('b', -5);
    expect(ids()).toEqual(['b', 'c', 'a']);
    const before = layerStore.get().layers;
    reorderLayer('nope', 0);
    expect(layerStore.get().layers).toBe(before);
  });

  it('keeps grouped layers and hidden layers; a hidden layer keeps its place', () => {
    upsertLayer({ id: 'g1', name: 'g1', type: 'wms', groupId: 'c' });
    layerStore.set(({ layers }) => ({ layers: layers.map((l) => (l.id === 'b' ? { ...l, visible: false } : l)) }));
    reorderLayer('a', 0);
    expect(ids()).toEqual(['a', 'c', 'b']);
    expect(layerStore.get().layers.some((l) => l.id === 'g1')).toBe(true);
    expect(drawOrder(layerStore.get().layers).map((l) => l.id)).toEqual(['a', 'c']);
    expect(zs()).toEqual([602, 601, 600]);
  });
});
