// The registry of layer types: type name -> definition (pure). The generated
// schemas/layer.schema.json accepts exactly these types (scripts/build-schemas.ts; a unit test
// fails on drift). Drawing lives beside each definition (drawers.ts).
import type { LayerCapabilities, LayerDefinition, TemplateBase } from './types.ts';
import { wmsDefinition } from './wms/definition.ts';
import { wfsDefinition } from './wfs/definition.ts';
import { geojsonDefinition } from './geojson/definition.ts';
import { circleDefinition } from './circle/definition.ts';
import { circlemarkerDefinition } from './circlemarker/definition.ts';
import { polygonDefinition } from './polygon/definition.ts';
import { polylineDefinition } from './polyline/definition.ts';
import { rectangleDefinition } from './rectangle/definition.ts';
import { groupDefinition } from './group/definition.ts';
import { coastalradarDefinition } from './coastalradar/definition.ts';
import { cctvDefinition } from './cctv/definition.ts';
import { routerpointsDefinition } from './routerpoints/definition.ts';
import { yearlinesDefinition } from './yearlines/definition.ts';

/** What a type that says nothing about a capability is. */
const DEFAULT_CAPABILITIES: Pick<LayerCapabilities, 'drawsChildren' | 'compareSide'> = { drawsChildren: false, compareSide: false };

/** A definition with the capabilities it leaves out at their defaults. */
const withDefaults = <X extends object>(def: X): typeof DEFAULT_CAPABILITIES & X => ({ ...DEFAULT_CAPABILITIES, ...def });

export const layerDefinitions = {
  wms: withDefaults(wmsDefinition),
  wfs: withDefaults(wfsDefinition),
  geojson: withDefaults(geojsonDefinition),
  circle: withDefaults(circleDefinition),
  circlemarker: withDefaults(circlemarkerDefinition),
  polygon: withDefaults(polygonDefinition),
  polyline: withDefaults(polylineDefinition),
  rectangle: withDefaults(rectangleDefinition),
  group: withDefaults(groupDefinition),
  coastalradar: withDefaults(coastalradarDefinition),
  cctv: withDefaults(cctvDefinition),
  routerpoints: withDefaults(routerpointsDefinition),
  yearlines: withDefaults(yearlinesDefinition),
} as const;

export type LayerType = keyof typeof layerDefinitions;

export const layerTypes = Object.keys(layerDefinitions) as LayerType[];

/** What the drawer of type K reads from its instances' `draw` (drawers.ts pairs them). */
export type DrawOf<K extends LayerType> = (typeof layerDefinitions)[K] extends LayerDefinition<never, infer D> ? D : never;

/** A layer definition as code outside the module reads it: its capabilities defaulted. */
type ResolvedLayerDefinition = LayerDefinition<TemplateBase> & LayerCapabilities;

/** The definition of a template's type (config is validated, so the type exists). */
export function definitionOf(type: string): ResolvedLayerDefinition {
  const def = (layerDefinitions as Record<string, LayerDefinition<never>>)[type];
  if (!def) throw new Error(`unknown layer type "${type}"; known: ${layerTypes.join(', ')}`);
  return def as unknown as ResolvedLayerDefinition;
}

/** The types whose definitions declare a capability, in registry order. */
export function typesThat(has: (def: ResolvedLayerDefinition) => boolean): LayerType[] {
  return layerTypes.filter((t) => has(definitionOf(t)));
}
