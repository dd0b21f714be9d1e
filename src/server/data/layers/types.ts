// Types of the feature-type registry (built from config/layers.yaml): what each published layer
// name reads and exposes.

import type { AttributeType, GeometryKind, ViewParamSpec } from '../../../engine/catalog.ts';

export type { AttributeType, GeometryKind, ViewParamSpec };

export interface Attribute {
  name: string;
  /** XSD-ish type for DescribeFeatureType: xsd:string, int, double, date, dateTime. */
  type: AttributeType;
}

export type ViewParamsSpec = Readonly<Record<string, ViewParamSpec>>;

/** Validated viewparams as parseViewparams returns them: absent keys are undefined. */
export type ViewParamValues = Readonly<Record<string, string | number | undefined>>;

/** A SELECT with its bound values; its placeholders are $1 .. $params.length. */
export interface SqlSource {
  sql: string;
  params: unknown[];
}

export interface VectorFeatureType {
  kind: 'vector';
  /** The published name, without workspace: 'cmline_2567' (GeoServer: '{product}:cmline_2567'). */
  name: string;
  /** Thai title for capabilities. */
  title: string;
  /** The table behind it (for extents and documentation). */
  table: string;
  geometryColumn: 'geom';
  geometryKind: GeometryKind;
  /** A column of `source` unique per feature (feature ids '<name>.<id>'). */
  idColumn: string;
  /** The exposed attributes, in order; the only names CQL may use. Some need quoting ("CODE", "update"). */
  attributes: readonly Attribute[];
  /** Legend id in config/legends.yaml that styles it (its `field` is one of the attributes). */
  legend?: string;
  /** Answers WMS GetFeatureInfo (capabilities say queryable="1"). */
  queryable: boolean;
  /** Typed viewparams keys when the layer is a parameterised SQL view. */
  viewParams?: ViewParamsSpec;
  /**
   * The rows: a SELECT returning exactly `attributes` plus `geom` (EPSG:4326), with the filters the
   * name implies and the viewparams bound as $1..$n. Wrap it and number your own parameters from
   * $n+1: `SELECT ... FROM (<sql>) AS f WHERE <cql> AND f.geom && <bbox>`.
   * Throws when a required viewparam is missing.
   */
  source(values?: ViewParamValues): SqlSource;
}

/** A raster stand-in (the provider's satellite imagery): drawn from the `land` table, labelled sample. */
export interface RasterFeatureType {
  kind: 'raster';
  name: string;
  title: string;
  /** What it shows, for capabilities and an on-image label. */
  abstract: string;
  /** Land polygons to paint (sea is the background). */
  landTable: 'land';
}

export type FeatureType = VectorFeatureType | RasterFeatureType;
