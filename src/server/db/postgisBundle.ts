// A slim PostGIS bundle for PGlite. The package's bundle holds postgis, postgis_raster and
// postgis_topology (16 MB of WebAssembly each) plus every upgrade script, and PGlite unpacks and
// compiles all of it each time a database opens: most of a warm start. We use only postgis, so
// the first open writes a bundle of postgis-3.so, its control file, its install script and the
// PROJ data into .cache/pglite/ (about 1 s, once per version of the package's bundle), and later opens
// load that. Tar entries are copied byte for byte; only whole entries are dropped.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { postgis } from '@electric-sql/pglite-postgis';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BLOCK = 512;

/** The entries the postgis extension needs (the install script of the bundled version only). */
export function keepEntry(name: string, version: string): boolean {
  if (name.startsWith('share/proj/')) return true;
  if (name.startsWith('lib/postgresql/')) return name === 'lib/postgresql/postgis-3.so';
  if (name.startsWith('share/postgresql/extension/')) {
    const file = name.slice('share/postgresql/extension/'.length);
    return file === 'postgis.control' || file === `postgis--${version}.sql`;
  }
  return false;
}

function entryName(header: Buffer): string {
  const text = (from: number, length: number) => header.subarray(from, from + length).toString('utf8').replace(/\0.*$/s, '');
  const prefix = text(345, 155);
  const name = text(0, 100);
  return prefix ? `${prefix}/${name}` : name;
}

/** The tar archive with only the entries `keep` accepts (pax and long-name headers travel with their entry). */
export function filterTar(tar: Buffer, keep: (name: string) => boolean): Buffer {
  const out: Buffer[] = [];
  let pending: Buffer[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(header.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim() || '0', 8);
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const whole = tar.subarray(offset, end);
    const type = String.fromCharCode(header[156]!);
    if (type === 'x' || type === 'L' || type === 'K' || type === 'g') pending.push(whole);
    else {
      const longName = pending.find((p) => String.fromCharCode(p[156]!) === 'L');
      const name = longName ? longName.subarray(BLOCK, BLOCK + parseInt(longName.subarray(124, 136).toString('ascii').trim(), 8)).toString('utf8').replace(/\0.*$/s, '') : entryName(header);
      if (keep(name.replace(/^\.\//, ''))) out.push(...pending, whole);
      pending = [];
    }
    offset = end;
  }
  out.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(out);
}

/** The path of the slim bundle, built from the package's bundle when missing. */
export function slimPostgisBundle(cacheDir = path.join(REPO_ROOT, '.cache', 'pglite')): string {
  const source = fileURLToPath(new URL('./postgis.tar.gz', import.meta.resolve('@electric-sql/pglite-postgis')));
  // named after the package's bundle (size and time), so an upgraded package makes a new one
  const { size, mtimeMs } = statSync(source);
  const target = path.join(cacheDir, `postgis-${size}-${Math.trunc(mtimeMs)}-slim.tar.gz`);
  if (existsSync(target)) return target;
  const tar = gunzipSync(readFileSync(source));
  const installScript = /share\/postgresql\/extension\/postgis--(\d+\.\d+\.\d+)\.sql/.exec(tar.toString('latin1'))?.[1];
  if (!installScript) throw new Error(`no postgis install script in ${source}`);
  const slim = filterTar(tar, (name) => keepEntry(name, installScript));
  mkdirSync(cacheDir, { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, gzipSync(slim, { level: 1 }));
  renameSync(temp, target); // atomic: processes opening databases together never read half a file
  return target;
}

/** The postgis extension for PGlite, loading the slim bundle. */
export const slimPostgis: typeof postgis = {
  name: postgis.name,
  setup: async (pg, emscriptenOpts) => ({ ...(await postgis.setup(pg, emscriptenOpts)), bundlePath: new URL(`file://${slimPostgisBundle()}`) }),
};
