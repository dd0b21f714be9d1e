// Reads an import source into memory: features with 2D WGS 84 geometries and attribute values
// bound to typed columns. Shapefile (.zip or .shp with its siblings), GeoJSON, TopoJSON. Nothing
// touches the database here, so a bad file is found before any transaction starts.

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Geometry } from 'geojson';
import { unzipSync } from 'fflate';
import { feature as topoFeature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { readDbf } from '../shapefile/dbf-read.ts';
import { decodeText, resolveEncoding } from '../shapefile/encoding.ts';
import { readShp, ShapefileFormatError } from '../shapefile/shp-read.ts';
import { ColumnError, dbfColumnType, dbfParam, jsonColumnType, jsonParam, type ParamValue, type SourceColumn } from './columns.ts';
import { CrsError, crsByName, crsFromPrj, transformTo4326, type KnownCrs, type Transform } from './crs.ts';
import { chooseColumns, featureLabel, type IdChoice } from './featureIds.ts';
import { GeometryError, prepareGeometry } from './geometry.ts';

/** A clear, one-line failure: the file, the feature when there is one, the reason. */
export class ImportError extends Error {
  override name = 'ImportError';

  constructor(
    readonly file: string,
    readonly reason: string,
    /** e.g. 'feature 17' or 'object tambon, feature 17' */
    readonly feature?: string,
  ) {
    super(`${file}: ${feature ? `${feature}: ` : ''}${reason}`);
  }
}

export interface SourceFeature {
  geometry: Geometry | null;
  /** One per column, in column order. */
  values: ParamValue[];
  /** Where it is in the source, with its id and name, for messages: 'feature 17 (gid 17, name "เกาะยอ")'. */
  ref: string;
}

export interface SourceData extends IdChoice {
  /** The file (and zip member) the features came from. */
  label: string;
  columns: SourceColumn[];
  features: SourceFeature[];
  crs: KnownCrs;
  /** The .dbf text encoding used (shapefiles only) and how it was chosen. */
  encoding?: { name: string; from: 'option' | 'cpg' | 'detected' };
}

export interface ReadOptions {
  /** Text encoding of the .dbf, overriding the .cpg and detection (e.g. 'tis-620'). */
  encoding?: string;
  /** TopoJSON: the one object to read (default: all). Zip: the shapefile's base name. */
  object?: string;
  /** Coordinate system of the source, overriding the .prj or GeoJSON crs (e.g. 'EPSG:32647'). */
  srs?: string;
}

type Files = Map<string, Uint8Array>;

function featureRef(index: number, object?: string): string {
  return object === undefined ? `feature ${index + 1}` : `object ${object}, feature ${index + 1}`;
}

function optionCrs(options: ReadOptions, label: string): KnownCrs | null {
  if (options.srs === undefined) return null;
  const crs = crsByName(options.srs);
  if (!crs) throw new ImportError(label, `unsupported --srs ${JSON.stringify(options.srs)}`);
  return crs;
}

function optionEncoding(options: ReadOptions, label: string): string | null {
  if (options.encoding === undefined) return null;
  const encoding = resolveEncoding(options.encoding);
  if (!encoding) throw new ImportError(label, `unknown encoding ${JSON.stringify(options.encoding)}`);
  return encoding;
}

/** Geometries checked and reprojected; errors name the feature. */
function prepared(label: string, raw: unknown, transform: Transform | null, ref: string): Geometry | null {
  try {
    return prepareGeometry(raw, transform);
  } catch (error) {
    if (error instanceof GeometryError) throw new ImportError(label, error.message, ref);
    throw error;
  }
}

/** Columns and values of the attributes, the file's id column, and each feature's label. */
function attributes(
  label: string,
  sources: readonly string[],
  typeOf: (index: number) => SourceColumn['type'],
  valuesOf: (columns: readonly SourceColumn[]) => ParamValue[][],
  refs: readonly string[],
): { columns: SourceColumn[]; values: ParamValue[][]; labels: string[] } & IdChoice {
  try {
    const chosen = chooseColumns(sources, typeOf, valuesOf);
    const labels = refs.map((ref, row) => featureLabel(ref, chosen.columns, chosen.values[row]!, chosen.idColumn));
    return { ...chosen, labels };
  } catch (error) {
    if (error instanceof ColumnError) throw new ImportError(label, error.message);
    throw error;
  }
}

// ---- shapefile ------------------------------------------------------------------------------

/** Finds a member by base path and extension, ignoring case. */
function sibling(files: Files, base: string, ext: string): [string, Uint8Array] | null {
  const wanted = `${base}.${ext}`.toLowerCase();
  for (const [name, bytes] of files) if (name.toLowerCase() === wanted) return [name, bytes];
  return null;
}

function readShapefile(files: Files, shpName: string, prefix: string, options: ReadOptions): SourceData {
  const base = shpName.replace(/\.shp$/i, '');
  const label = (name: string) => `${prefix}${name}`;
  const shp = files.get(shpName)!;
  const dbf = sibling(files, base, 'dbf');
  if (!dbf) throw new ImportError(label(shpName), `${path.basename(base)}.dbf is missing (a shapefile needs its .dbf)`);
  const [dbfName, dbfBytes] = dbf;

  let geometries;
  try {
    geometries = readShp(shp).geometries;
  } catch (error) {
    if (error instanceof ShapefileFormatError) {
      throw new ImportError(label(shpName), `broken .shp: ${error.message}`, error.record ? featureRef(error.record - 1) : undefined);
    }
    throw error;
  }

  let encoding = optionEncoding(options, label(shpName));
  let encodingFrom: 'option' | 'cpg' | 'detected' = 'option';
  if (!encoding) {
    const cpg = sibling(files, base, 'cpg');
    if (cpg) {
      const text = decodeText(cpg[1], 'utf8').replace(/^\uFEFF/, '').trim();
      encoding = resolveEncoding(text);
      if (!encoding) throw new ImportError(label(cpg[0]), `unknown encoding ${JSON.stringify(text)} (give --encoding)`);
      encodingFrom = 'cpg';
    } else {
      encodingFrom = 'detected';
    }
  }
  let table;
  try {
    table = readDbf(dbfBytes, encoding ?? undefined);
  } catch (error) {
    if (error instanceof ShapefileFormatError) {
      throw new ImportError(label(dbfName), `broken .dbf: ${error.message}`, error.record ? featureRef(error.record - 1) : undefined);
    }
    throw error;
  }
  if (table.records.length !== geometries.length) {
    throw new ImportError(
      label(dbfName),
      `${table.records.length} records in the .dbf but ${geometries.length} shapes in the .shp`,
    );
  }

  let crs = optionCrs(options, label(shpName));
  if (!crs) {
    const prj = sibling(files, base, 'prj');
    if (prj) {
      try {
        crs = crsFromPrj(decodeText(prj[1], 'utf8'));
      } catch (error) {
        if (error instanceof CrsError) throw new ImportError(label(prj[0]), error.message);
        throw error;
      }
    }
  }
  crs ??= crsByName('EPSG:4326')!; // no .prj: lon/lat is checked per coordinate
  const transform = transformTo4326(crs);

  // Records deleted in the .dbf are left out.
  const kept = geometries.flatMap((raw, index) => (table.records[index] ? [{ raw, record: table.records[index], index }] : []));
  const { columns, values, labels, idColumn, note } = attributes(
    label(dbfName),
    table.fields.map((field) => field.name),
    (i) => dbfColumnType(table.fields[i]!, table.records.map((record) => record?.[i] ?? null)),
    (typed) => kept.map(({ record }) => typed.map((column, i) => dbfParam(record[i] ?? null, column.type))),
    kept.map(({ index }) => featureRef(index)),
  );
  const features: SourceFeature[] = kept.map(({ raw }, row) => ({
    geometry: prepared(label(shpName), raw, transform, labels[row]!),
    values: values[row]!,
    ref: labels[row]!,
  }));
  return {
    label: label(shpName),
    columns,
    features,
    crs,
    encoding: { name: table.encoding, from: encodingFrom },
    ...(idColumn ? { idColumn } : {}),
    ...(note ? { note } : {}),
  };
}

async function readZip(file: string, options: ReadOptions): Promise<SourceData> {
  const bytes = new Uint8Array(await readFile(file));
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    throw new ImportError(file, `not a readable zip (${(error as Error).message})`);
  }
  const files: Files = new Map(
    Object.entries(entries).filter(([name]) => !name.endsWith('/') && !name.startsWith('__MACOSX/') && !path.posix.basename(name).startsWith('._')),
  );
  const shps = [...files.keys()].filter((name) => /\.shp$/i.test(name));
  let chosen = shps;
  if (options.object !== undefined) {
    chosen = shps.filter((name) => path.posix.basename(name).replace(/\.shp$/i, '').toLowerCase() === options.object!.toLowerCase());
    if (chosen.length === 0) {
      throw new ImportError(file, `no shapefile "${options.object}" in the zip (it has: ${shps.map((name) => path.posix.basename(name)).join(', ') || 'none'})`);
    }
  }
  if (chosen.length === 0) throw new ImportError(file, 'the zip holds no .shp file');
  if (chosen.length > 1) {
    throw new ImportError(file, `the zip holds ${chosen.length} shapefiles (${chosen.join(', ')}); choose one with --object <name>`);
  }
  return readShapefile(files, chosen[0]!, `${file}:`, options);
}

async function readShpWithSiblings(file: string, options: ReadOptions): Promise<SourceData> {
  const dir = path.dirname(file);
  const base = path.basename(file).replace(/\.shp$/i, '');
  const files: Files = new Map();
  let listing: string[];
  try {
    listing = await readdir(dir);
  } catch (error) {
    throw new ImportError(file, `cannot read its folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  for (const name of listing) {
    const ext = path.extname(name).slice(1).toLowerCase();
    if (name.slice(0, name.length - ext.length - 1).toLowerCase() === base.toLowerCase() && ['shp', 'shx', 'dbf', 'prj', 'cpg'].includes(ext)) {
      files.set(path.join(dir, name), new Uint8Array(await readFile(path.join(dir, name))));
    }
  }
  const shpName = [...files.keys()].find((name) => path.basename(name) === path.basename(file));
  if (!shpName) throw new ImportError(file, 'file not found');
  return readShapefile(files, shpName, '', options);
}

// ---- GeoJSON and TopoJSON -------------------------------------------------------------------

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

async function readJson(file: string, options: ReadOptions): Promise<SourceData> {
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

/** Reads a source file by its extension: .zip, .shp, .geojson/.json/.topojson. */
export async function readSource(file: string, options: ReadOptions = {}): Promise<SourceData> {
  const ext = path.extname(file).toLowerCase();
  try {
    switch (ext) {
      case '.zip':
        return await readZip(file, options);
      case '.shp':
        return await readShpWithSiblings(file, options);
      case '.json':
      case '.geojson':
      case '.topojson':
        return await readJson(file, options);
      default:
        throw new ImportError(file, `unsupported file type "${ext || '(none)'}": give a .zip or .shp shapefile, .geojson or .topojson`);
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ImportError(file, 'file not found');
    if (code === 'EISDIR') throw new ImportError(file, 'is a folder, not a file');
    if (code === 'EACCES') throw new ImportError(file, 'permission denied');
    throw error;
  }
}
