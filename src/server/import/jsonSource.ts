// GeoJSON (a FeatureCollection, a Feature or a bare geometry, with an optional crs member) and
// TopoJSON (every object, or the one --object names) read into memory.

import { readFile } from 'node:fs/promises';
import { feature as topoFeature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { jsonColumnType, jsonParam } from './columns.ts';
import { crsByName, transformTo4326 } from './crs.ts';
import { attributes, featureRef, ImportError, optionCrs, prepared, type ReadOptions, type SourceData } from './sourceData.ts';

interface RawFeature {
  geometry: unknown;
  properties: Record<string, unknown>;
  ref: string;
}

function rawFeatures(file: string, json: unknown): RawFeature[] {
  const object = json as { type?: unknown; features?: unknown; geometry?: unknown; properties?: unknown };
  const one = (value: unknown, index: number): RawFeature => {
    const ref = featureRef(index);
    const item = value as { type?: unknown; geometry?: unknown; properties?: unknown } | null;
    if (!item || typeof item !== 'object' || item.type !== 'Feature') throw new ImportError(file, 'not a GeoJSON Feature', ref);
    const properties = item.properties ?? {};
    if (typeof properties !== 'object' || Array.isArray(properties)) throw new ImportError(file, 'properties is not an object', ref);
    return { geometry: item.geometry, properties: properties as Record<string, unknown>, ref };
  };
  switch (object?.type) {
    case 'FeatureCollection':
      if (!Array.isArray(object.features)) throw new ImportError(file, 'FeatureCollection without a features array');
      return object.features.map(one);
    case 'Feature':
      return [one(object, 0)];
    case 'Point':
    case 'MultiPoint':
    case 'LineString':
    case 'MultiLineString':
    case 'Polygon':
    case 'MultiPolygon':
    case 'GeometryCollection':
      return [{ geometry: object, properties: {}, ref: featureRef(0) }];
    default:
      throw new ImportError(file, 'not GeoJSON or TopoJSON (no FeatureCollection, Feature, geometry or Topology)');
  }
}

function topologyFeatures(file: string, topology: Topology, options: ReadOptions): RawFeature[] {
  const objects = topology.objects ?? {};
  const all = Object.keys(objects);
  const wanted = options.object === undefined ? all : [options.object];
  if (options.object !== undefined && !Object.hasOwn(objects, options.object)) {
    throw new ImportError(file, `no object "${options.object}" in the TopoJSON (it has: ${all.join(', ') || 'none'})`);
  }
  const out: RawFeature[] = [];
  for (const name of wanted) {
    let converted;
    try {
      converted = topoFeature(topology, objects[name]!);
    } catch (error) {
      throw new ImportError(file, `object ${name}: broken TopoJSON (${(error as Error).message})`);
    }
    const list = converted.type === 'FeatureCollection' ? converted.features : [converted];
    list.forEach((item, index) =>
      out.push({ geometry: item.geometry, properties: item.properties ?? {}, ref: featureRef(index, wanted.length > 1 ? name : undefined) }),
    );
  }
  return out;
}

export async function readJson(file: string, options: ReadOptions): Promise<SourceData> {
  const bytes = await readFile(file);
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ImportError(file, `not valid JSON (${(error as Error).message})`);
  }
  const isTopology = (json as { type?: unknown })?.type === 'Topology';
  let crs = optionCrs(options, file);
  if (!crs) {
    const named = (json as { crs?: { type?: unknown; properties?: { name?: unknown } } }).crs;
    if (!isTopology && named && typeof named.properties?.name === 'string') {
      crs = crsByName(named.properties.name);
      if (!crs) throw new ImportError(file, `unsupported crs ${JSON.stringify(named.properties.name)} (give --srs)`);
    }
  }
  crs ??= crsByName('EPSG:4326')!;
  if (options.object !== undefined && !isTopology) throw new ImportError(file, '--object applies to TopoJSON and zips only');
  const raw = isTopology ? topologyFeatures(file, json as Topology, options) : rawFeatures(file, json);

  const keys: string[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    for (const key of Object.keys(item.properties)) {
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
      }
    }
  }
  const { columns, values, labels, idColumn, note } = attributes(
    file,
    keys,
    (i) => jsonColumnType(raw.map((item) => item.properties[keys[i]!])),
    (typed) => raw.map((item) => typed.map((column) => jsonParam(item.properties[column.source], column.type))),
    raw.map((item) => item.ref),
  );
  const transform = transformTo4326(crs);
  const features = raw.map((item, row) => ({
    geometry: prepared(file, item.geometry, transform, labels[row]!),
    values: values[row]!,
    ref: labels[row]!,
  }));
  return { label: file, columns, features, crs, ...(idColumn ? { idColumn } : {}), ...(note ? { note } : {}) };
}
