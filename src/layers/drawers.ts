// The drawing half of each layer module, by type (browser only: MapLibre and the DOM). A unit test
// holds its keys equal to the definitions' (definitions.ts).
import type { DrawOf, LayerType } from './definitions.ts';
import type { LayerDrawer } from './draw/types.ts';
import { vectorDrawer } from './draw/vector.ts';
import { wmsDrawer } from './wms/draw.ts';
import { circlemarkerDrawer } from './circlemarker/draw.ts';
import { coastalradarDrawer } from './coastalradar/draw.ts';
import { cctvDrawer } from './cctv/draw.ts';
import { routerpointsDrawer } from './routerpoints/draw.ts';
import { yearlinesDrawer } from './yearlines/draw.ts';

/** Draws nothing: a group's children draw inside it. */
const groupDrawer: LayerDrawer = { add: () => [], signature: () => '' };

/** Each type's drawer reads what its definition writes in `draw` (a mismatch does not compile). */
export const layerDrawers: { [K in LayerType]: LayerDrawer<DrawOf<K>> } = {
  wms: wmsDrawer,
  wfs: vectorDrawer,
  geojson: vectorDrawer,
  circle: vectorDrawer,
  circlemarker: circlemarkerDrawer,
  polygon: vectorDrawer,
  polyline: vectorDrawer,
  rectangle: vectorDrawer,
  group: groupDrawer,
  coastalradar: coastalradarDrawer,
  cctv: cctvDrawer,
  routerpoints: routerpointsDrawer,
  yearlines: yearlinesDrawer,
};

/** The drawer of a layer's type; the layer is of that type, so its `draw` is what the drawer reads. */
export function drawerOf(type: string): LayerDrawer | undefined {
  return (layerDrawers as Record<string, LayerDrawer<never>>)[type] as LayerDrawer | undefined;
}
