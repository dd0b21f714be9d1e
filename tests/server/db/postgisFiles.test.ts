// PostGIS for PGlite from unpacked files (src/server/db/postgisFiles.ts): only postgis-3.so, its
// control file and install script and the PROJ data are unpacked, byte for byte but for the
// library's unused exports; a fresh database installs PostGIS from them (postgres finds each C
// function of the install script in the library as it creates it) and transforms coordinates (PROJ
// data found), and a database opened again loads the library without the bundle.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { keepEntry, postgisExportNeeded, postgisFilesDir, postgisFromFiles, tarFiles } from '../../../src/server/db/postgisFiles.ts';
import { keepExports } from '../../../src/server/db/wasmExports.ts';
import { SLOW } from './testDatabase.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'postgis-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// What an older package or export rule left (two days old), one made an hour ago (a server of older
// code may still read it), and a file of someone else's.
const TWO_DAYS_AGO = new Date(Date.now() - 48 * 3600_000);
for (const [name, time] of [['postgis-0.2.7-1000-exports1', TWO_DAYS_AGO], ['postgis-0.2.7-1001', new Date(Date.now() - 3600_000)]] as const) {
  mkdirSync(path.join(dir, name, 'lib'), { recursive: true });
  utimesSync(path.join(dir, name), time, time);
}
writeFileSync(path.join(dir, 'notes.txt'), 'not ours');
utimesSync(path.join(dir, 'notes.txt'), TWO_DAYS_AGO, TWO_DAYS_AGO);

function filesUnder(root: string, from = root): string[] {
  return readdirSync(from).flatMap((name) => {
    const full = path.join(from, name);
    return statSync(full).isDirectory() ? filesUnder(root, full) : [path.relative(root, full)];
  });
}

/** `echo "13.75 100.5" | cs2cs EPSG:4326 EPSG:32647` gives 662176.3 1520582.5 */
const TRANSFORM = "SELECT ST_AsText(ST_SnapToGrid(ST_Transform(ST_SetSRID('POINT(100.5 13.75)'::geometry, 4326), 32647), 1)) AS p";

const LIBRARY = 'lib/postgresql/postgis-3.so';

describe('PostGIS from unpacked files', { timeout: SLOW }, () => {
  const original = new Map(tarFiles(gunzipSync(readFileSync(new URL('./postgis.tar.gz', import.meta.resolve('@electric-sql/pglite-postgis'))))).map((f) => [f.name, f.data]));
  const unpacked = postgisFilesDir(dir);

  it('unpacks postgis-3.so, its control file, its install script and PROJ, byte for byte but for the library\'s exports', () => {
    const files = filesUnder(unpacked);
    expect(files.filter((n) => !n.startsWith('share/proj/')).sort()).toEqual([LIBRARY, 'share/postgresql/extension/postgis--3.6.2.sql', 'share/postgresql/extension/postgis.control']);
    expect([...original.keys()].filter((n) => n.startsWith('share/proj/')).sort()).toEqual(files.filter((n) => n.startsWith('share/proj/')).sort());
    for (const name of files.filter((n) => n !== LIBRARY)) expect(readFileSync(path.join(unpacked, name)).equals(original.get(name)!), name).toBe(true);
    const library = original.get(LIBRARY)!;
    expect(readFileSync(path.join(unpacked, LIBRARY)).equals(keepExports(library, postgisExportNeeded(new WebAssembly.Module(new Uint8Array(library)))))).toBe(true);
    expect(original.has('lib/postgresql/postgis_raster-3.so')).toBe(true);
    expect(keepEntry('share/postgresql/extension/postgis--3.5.2--ANY.sql', '3.6.2')).toBe(false);
  });

  it('postgis-3.so keeps what is looked up in it: under half its exports, every C function of the install script with its pg_finfo_ record, and every name it imports', () => {
    const before = new WebAssembly.Module(new Uint8Array(original.get(LIBRARY)!));
    const after = new WebAssembly.Module(readFileSync(path.join(unpacked, LIBRARY)));
    const exported = new Set(WebAssembly.Module.exports(after).map((e) => e.name));
    const all = new Set(WebAssembly.Module.exports(before).map((e) => e.name));
    expect(exported.size).toBeLessThan(all.size / 2);
    const script = original.get('share/postgresql/extension/postgis--3.6.2.sql')!.toString('utf8');
    const symbols = [...script.matchAll(/'\$libdir\/postgis-3'\s*,\s*'(\w+)'/g)].map((m) => m[1]!);
    expect(symbols.length).toBeGreaterThan(400);
    for (const symbol of symbols) expect(exported.has(symbol) && exported.has(`pg_finfo_${symbol}`), symbol).toBe(true);
    const ownImports = WebAssembly.Module.imports(before).filter((i) => all.has(i.name));
    expect(ownImports.length).toBeGreaterThan(3000);
    expect(ownImports.filter((i) => !exported.has(i.name))).toEqual([]);
    expect([...exported].filter((name) => !all.has(name))).toEqual([]);
  });

  it('unpacking removes older unpacks a day old, and keeps a younger one and what is not an unpack', () => {
    expect(readdirSync(dir).sort()).toEqual(['notes.txt', 'postgis-0.2.7-1001', path.basename(unpacked)].sort());
  });

  it('a second call finds the folder made by the first', () => {
    expect(postgisFilesDir(dir)).toBe(unpacked);
    expect(readdirSync(dir).filter((name) => name.startsWith(path.basename(unpacked)))).toEqual([path.basename(unpacked)]);
  });

  it('a fresh database installs PostGIS from them and transforms coordinates; reopened, it loads the library again', async () => {
    const dataDir = path.join(dir, 'db');
    const db = new PGlite({ dataDir, extensions: { postgis: postgisFromFiles } });
    try {
      await db.exec('CREATE EXTENSION postgis');
      expect((await db.query<{ p: string }>(TRANSFORM)).rows[0]!.p).toBe('POINT(662176 1520582)');
    } finally {
      await db.close();
    }
    const again = new PGlite({ dataDir, extensions: { postgis: postgisFromFiles } });
    try {
      expect((await again.query<{ p: string }>(TRANSFORM)).rows[0]!.p).toBe('POINT(662176 1520582)');
      expect((await again.query<{ v: string }>('SELECT postgis_lib_version() AS v')).rows[0]!.v).toBe('3.6.2');
    } finally {
      await again.close();
    }
  });
});
