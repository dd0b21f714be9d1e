// Reads an import source into memory: features with 2D WGS 84 geometries and attribute values
// bound to typed columns. Shapefile (.zip or .shp with its siblings) here, GeoJSON and TopoJSON in
// jsonSource.ts. Nothing touches the database here, so a bad file is found before any transaction
// starts.

import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { lazyPackage } from '../../loader/lazyPackage.ts';
import { readDbf } from '../shapefile/dbf-read.ts';
import { decodeText, resolveEncoding } from '../shapefile/encoding.ts';
import { readShp, ShapefileFormatError } from '../shapefile/shp-read.ts';
import { dbfColumnType, dbfParam } from './columns.ts';
import { CrsError, crsByName, crsFromPrj, transformTo4326 } from './crs.ts';
import { readJson } from './jsonSource.ts';
import { attributes, featureRef, ImportError, optionCrs, prepared, type ReadOptions, type SourceData, type SourceFeature } from './sourceData.ts';

const fflate = lazyPackage<typeof import('fflate')>('fflate');

export { ImportError, type ReadOptions, type SourceData, type SourceFeature } from './sourceData.ts';

type Files = Map<string, Uint8Array>;

function optionEncoding(options: ReadOptions, label: string): string | null {
  if (options.encoding === undefined) return null;
  const encoding = resolveEncoding(options.encoding);
  if (!encoding) throw new ImportError(label, `unknown encoding ${JSON.stringify(options.encoding)}`);
  return encoding;
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
    entries = fflate().unzipSync(bytes);
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
