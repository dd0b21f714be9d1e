// PostGIS for PGlite from files unpacked once. PGlite's own way, a tar.gz bundle, costs every open
// 34 MB copied four times (gunzip, Blob, ArrayBuffer, untar, its in-memory file system) plus a
// 17 MB read of postgis-3.so when postgres first loads it: 0.9 s of a 2.7 s warm open on this
// machine (CPU profile, issue 13), most of it the kernel handing out fresh pages. Instead the first
// open unpacks postgis-3.so, its control file, its install script and the PROJ data (the package's
// bundle also holds postgis_raster and postgis_topology, 16 MB of WebAssembly each, which we never
// use) into .cache/pglite/, and every open mounts that folder (Emscripten's NODEFS: postgres reads
// a file only when it needs it, as PROJ does proj.db). The library too is read, compiled and
// linked when postgres first needs it (the first call of a PostGIS function: 0.4-0.85 s here, which
// npm start makes after it serves), not at every open (issue 29: 0.3-0.4 s of a warm start). Files
// are copied byte for byte, except that postgis-3.so keeps only the exports anything looks up
// (postgisExportNeeded).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
import { removeStaleSiblings } from './staleCache.ts';
import { keepExports } from './wasmExports.ts';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BLOCK = 512;
const POSTGIS_LIBRARY = 'lib/postgresql/postgis-3.so';
const EXTENSION_DIR = 'share/postgresql/extension';
/** Where the unpacked folder appears inside PGlite's file system. */
const MOUNT = 'postgis-files';
/** Names the unpacked folder after how postgis-3.so's exports were chosen: change it with postgisExportNeeded. */
const EXPORTS_RULE = 'exports2';

/** The entries the postgis extension needs (the install script of the bundled version only). */
export function keepEntry(name: string, version: string): boolean {
  if (name.startsWith('share/proj/')) return true;
  if (name.startsWith('lib/postgresql/')) return name === POSTGIS_LIBRARY;
  if (name.startsWith(`${EXTENSION_DIR}/`)) {
    const file = name.slice(EXTENSION_DIR.length + 1);
    return file === 'postgis.control' || file === `postgis--${version}.sql`;
  }
  return false;
}

function headerText(header: Buffer, from: number, length: number): string {
  return header.subarray(from, from + length).toString('utf8').replace(/\0.*$/s, '');
}

/** The regular files of a tar archive (ustar names with prefix, GNU long names), in order. */
export function tarFiles(tar: Buffer): Array<{ name: string; data: Buffer }> {
  const files: Array<{ name: string; data: Buffer }> = [];
  let longName: string | undefined;
  for (let offset = 0; offset + BLOCK <= tar.length; ) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(headerText(header, 124, 12).trim() || '0', 8);
    const data = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    const type = String.fromCharCode(header[156]!);
    if (type === 'L') longName = data.toString('utf8').replace(/\0.*$/s, '');
    else if (type === '0' || type === '\0') {
      const prefix = headerText(header, 345, 155);
      const name = longName ?? (prefix ? `${prefix}/${headerText(header, 0, 100)}` : headerText(header, 0, 100));
      files.push({ name: name.replace(/^\.\//, ''), data });
    }
    if (type !== 'L' && type !== 'x') longName = undefined;
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

/**
 * The exports of postgis-3.so that are ever looked up. Loading a library gives every export a JS
 * wrapper, a GOT entry and (functions) a table slot: 23,265 of them, ~0.2 s of each load and a
 * ~40 MB heap for V8 to mark. Needed are the names the library imports (its GOT entries, the
 * addresses its code takes of its exported functions and data, and the ~3,900 functions of its own,
 * GEOS's and libc++'s that it calls through `env`: all resolved against its exports once it is
 * loaded), the SQL-callable functions with their `pg_finfo_` records
 * (postgres's dlsym; the install script names no other), the module and extension hooks, and the
 * `__` names Emscripten's loader calls (constructors, relocations, EM_ASM/EM_JS).
 */
export function postgisExportNeeded(library: WebAssembly.Module): (name: string) => boolean {
  const exported = WebAssembly.Module.exports(library).map((e) => e.name);
  const needed = new Set(WebAssembly.Module.imports(library).map((i) => i.name));
  for (const name of exported) if (name.startsWith('pg_finfo_')) needed.add(name).add(name.slice('pg_finfo_'.length));
  for (const name of ['Pg_magic_func', '_PG_init', '_PG_fini']) needed.add(name);
  return (name) => needed.has(name) || name.startsWith('__');
}

/** Older unpacks go once a new one is made, if this old: a server still running reads its own (PROJ's files, the library at its first PostGIS call). */
const OLD_UNPACK_GRACE_MS = 24 * 3600_000;

/** The folder of unpacked PostGIS files, made from the package's bundle when missing. */
export function postgisFilesDir(cacheDir = path.join(REPO_ROOT, '.cache', 'pglite')): string {
  const entry = import.meta.resolve('@electric-sql/pglite-postgis');
  const source = fileURLToPath(new URL('./postgis.tar.gz', entry));
  // Named after what the package's bundle holds (the package's version and the bundle's size), not
  // its file time: an upgraded package makes a new folder, a copied installation keeps its own.
  const { version: packageVersion } = JSON.parse(readFileSync(new URL('../package.json', entry), 'utf8')) as { version: string };
  const target = path.join(cacheDir, `postgis-${packageVersion}-${statSync(source).size}-${EXPORTS_RULE}`);
  if (existsSync(target)) return target;
  const files = tarFiles(gunzipSync(readFileSync(source)));
  const version = files.map((f) => /^share\/postgresql\/extension\/postgis--(\d+\.\d+\.\d+)\.sql$/.exec(f.name)?.[1]).find(Boolean);
  if (!version) throw new Error(`no postgis install script in ${source}`);
  const temp = `${target}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  for (const file of files.filter((f) => keepEntry(f.name, version))) {
    mkdirSync(path.join(temp, path.dirname(file.name)), { recursive: true });
    const data = file.name === POSTGIS_LIBRARY ? keepExports(file.data, postgisExportNeeded(new WebAssembly.Module(new Uint8Array(file.data)))) : file.data;
    writeFileSync(path.join(temp, file.name), data);
  }
  try {
    renameSync(temp, target); // atomic: processes opening databases together never see half a folder
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(target)) throw error; // another process made it first otherwise
  }
  removeStaleSiblings(cacheDir, path.basename(target), /^postgis-/, OLD_UNPACK_GRACE_MS);
  return target;
}

/** The parts of an Emscripten module the mount uses. */
interface EmscriptenModule {
  FS: {
    filesystems: { NODEFS: unknown };
    analyzePath(path: string): { exists: boolean };
    mkdirTree(path: string): void;
    mount(type: unknown, options: { root: string }, mountpoint: string): void;
    symlink(target: string, path: string): void;
  };
}

/** Mounts `dir` at <prefix>/postgis-files and links the extension's files where postgres looks. */
function mountPostgisFiles(mod: EmscriptenModule, prefix: string, dir: string): void {
  const { FS } = mod;
  const ensureDir = (p: string) => FS.analyzePath(p).exists || FS.mkdirTree(p);
  ensureDir(`${prefix}/${MOUNT}`);
  FS.mount(FS.filesystems.NODEFS, { root: dir }, `${prefix}/${MOUNT}`);
  // the control file and the install script (all the unpacked folder holds there: keepEntry), and the library
  const linked = [...readdirSync(path.join(dir, EXTENSION_DIR)).map((file) => `${EXTENSION_DIR}/${file}`), POSTGIS_LIBRARY];
  for (const file of linked) {
    ensureDir(`${prefix}/${path.posix.dirname(file)}`);
    FS.symlink(`${prefix}/${MOUNT}/${file}`, `${prefix}/${file}`);
  }
}

/** The postgis extension for PGlite, from the unpacked files. */
export const postgisFromFiles: Extension = {
  name: postgis.name,
  setup: async (pg, emscriptenOpts) => {
    const dir = postgisFilesDir();
    const { emscriptenOpts: opts } = await postgis.setup(pg, emscriptenOpts); // its environment; its bundle is not used
    const prefix = opts.WASM_PREFIX as string | undefined;
    if (!prefix) throw new Error('PGlite gave the postgis extension no WASM_PREFIX');
    opts.PGLITE_ENV.PROJ_DATA = `${prefix}/${MOUNT}/share/proj`;
    return { emscriptenOpts: { ...opts, preRun: [...(opts.preRun ?? []), (mod: EmscriptenModule) => mountPostgisFiles(mod, prefix, dir)] } };
  },
};
