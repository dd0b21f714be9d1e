// The published layer names (as GeoServer publishes them in workspace `{product}_postgres`) and
// what each one reads: table or parameterised SQL, geometry, exposed attributes with their XSD
// types, styling legend and typed viewparams. WMS, WFS and the router build on this; nothing here
// speaks HTTP. See layers/types.ts for the descriptor.

import { changeTypes } from './layers/change.ts';
import { coastlineTypes } from './layers/coastline.ts';
import { cviType, listedCviNames } from './layers/cvi.ts';
import { rasterTypes } from './layers/raster.ts';
import { rateTypes } from './layers/rates.ts';
import { stationTypes } from './layers/stations.ts';
import { topicTypes } from './layers/topics.ts';
import type { FeatureType } from './layers/types.ts';

export type {
  Attribute,
  AttributeType,
  FeatureType,
  GeometryKind,
  RasterFeatureType,
  SqlSource,
  VectorFeatureType,
  ViewParamSpec,
  ViewParamsSpec,
  ViewParamValues,
} from './layers/types.ts';
export { cviVariables } from './layers/cvi.ts';

let registry: ReadonlyMap<string, FeatureType> | undefined;

function build(): ReadonlyMap<string, FeatureType> {
  const all: FeatureType[] = [
    ...coastlineTypes(),
    ...changeTypes(),
    ...rateTypes(),
    ...topicTypes(),
    ...stationTypes(),
    ...listedCviNames().map((name) => cviType(name)!),
    ...rasterTypes(),
  ];
  const map = new Map<string, FeatureType>();
  for (const ft of all) {
    if (map.has(ft.name)) throw new Error(`feature type ${ft.name} defined twice`);
    map.set(ft.name, Object.freeze(ft));
  }
  return map;
}

function types(): ReadonlyMap<string, FeatureType> {
  registry ??= build();
  return registry;
}

/** Every listed feature type (cvi_ lists the single variables and all eleven; any combination resolves). */
export function listFeatureTypes(): FeatureType[] {
  return [...types().values()];
}

/**
 * The feature type of a layer name, bare ('cmline_2567') or with a workspace prefix
 * ('tcs:cmline_2567'); undefined when unknown. The prefix is not checked here.
 */
export function resolveFeatureType(name: string): FeatureType | undefined {
  const bare = name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name;
  return types().get(bare) ?? (bare.startsWith('cvi_') ? cviType(bare) : undefined);
}
