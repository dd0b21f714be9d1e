// The published layer names (as GeoServer publishes them in workspace `{product}_postgres`) and
// what each one reads: table or parameterised SQL, geometry, exposed attributes with their XSD
// types, styling legend and typed viewparams, all from the layer catalog (config/layers.yaml).
// WMS, WFS and the router build on this; nothing here speaks HTTP. See layers/types.ts.

import type { Published, PublishedFamily, PublishedVector } from '../../engine/catalog.ts';
import { publishedLayers } from './catalog.ts';
import { cviType, listedCviNames } from './layers/cvi.ts';
import { lit, makeSource, paramFilter, quoteIdent, type Filter } from './layers/sql.ts';
import type { FeatureType, VectorFeatureType } from './layers/types.ts';

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

function vectorType(p: PublishedVector): VectorFeatureType {
  const filters: Filter[] = [
    ...p.where.map(([column, value]) => `${quoteIdent(column)} = ${lit(value)}`),
    ...p.filters.map((f) => paramFilter(f, p.viewParams)),
  ];
  return {
    kind: 'vector',
    name: p.name,
    title: p.title,
    table: p.table,
    geometryColumn: 'geom',
    geometryKind: p.geometryKind,
    idColumn: p.idColumn,
    attributes: p.attributes,
    ...(p.legend ? { legend: p.legend } : {}),
    queryable: p.queryable,
    ...(p.viewParams ? { viewParams: p.viewParams } : {}),
    source: makeSource(p.table, p.attributes, filters),
  };
}

interface Registry {
  from: readonly Published[];
  types: ReadonlyMap<string, FeatureType>;
  cvi?: PublishedFamily;
}

let registry: Registry | undefined;

function build(from: readonly Published[]): Registry {
  const cvi = from.find((p): p is PublishedFamily => p.kind === 'family' && p.family === 'cvi');
  const all: FeatureType[] = from.flatMap((p): FeatureType[] => {
    if (p.kind === 'vector') return [vectorType(p)];
    if (p.kind === 'raster') return [{ kind: 'raster', name: p.name, title: p.title, abstract: p.abstract, landTable: p.landTable }];
    return listedCviNames().map((name) => cviType(name, p)!);
  });
  const types = new Map<string, FeatureType>();
  for (const ft of all) {
    if (types.has(ft.name)) throw new Error(`feature type ${ft.name} defined twice`);
    types.set(ft.name, Object.freeze(ft));
  }
  return { from, types, ...(cvi ? { cvi } : {}) };
}

function current(): Registry {
  const from = publishedLayers();
  if (registry?.from !== from) registry = build(from);
  return registry;
}

/** Every listed feature type (cvi_ lists the single variables and all eleven; any combination resolves). */
export function listFeatureTypes(): FeatureType[] {
  return [...current().types.values()];
}

/**
 * The feature type of a layer name, bare ('cmline_2567') or with a workspace prefix
 * ('tcs:cmline_2567'); undefined when unknown. The prefix is not checked here.
 */
export function resolveFeatureType(name: string): FeatureType | undefined {
  const bare = name.includes(':') ? name.slice(name.lastIndexOf(':') + 1) : name;
  const { types, cvi } = current();
  return types.get(bare) ?? (cvi && bare.startsWith('cvi_') ? cviType(bare, cvi) : undefined);
}
