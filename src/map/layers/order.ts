// One ordering rule for every layer, whatever draws it (SPEC.md §4): higher zIndex on top; a
// group's children draw at the group's place (their own zIndex orders them inside it) and are
// shown and hidden with it.
import type { MapLayer } from '../layerStore.ts';
import { definitionOf } from '../../layers/definitions.ts';

const byZ = (a: MapLayer, b: MapLayer) => b.zIndex - a.zIndex;

/** Visible layers in drawing order, top first, group children in place of their group. */
export function drawOrder(layers: readonly MapLayer[]): MapLayer[] {
  return layers
    .filter((l) => l.visible && !l.groupId)
    .sort(byZ)
    .flatMap((l) => (definitionOf(l.type).drawsChildren ? layers.filter((c) => c.groupId === l.id && c.visible).sort(byZ) : [l]));
}
