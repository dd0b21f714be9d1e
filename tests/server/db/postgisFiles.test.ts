// PostGIS for PGlite from unpacked files (src/server/db/postgisFiles.ts): only postgis-3.so, its
// control file and install script and the PROJ data are unpacked, byte for byte; a fresh database
// installs PostGIS from them and transforms coordinates (PROJ data found), and a database opened
// again loads the library without the bundle.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { keepEntry, postgisFilesDir, postgisFromFiles, tarFiles } from '../../../src/server/db/postgisFiles.ts';
import { SLOW } from './testDatabase.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'postgis-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function filesUnder(root: string, from = root): string[] {
  return readdirSync(from).flatMap((name) => {
    const full = path.join(from, name);
    return statSync(full).isDirectory() ? filesUnder(root, full) : [path.relative(root, full)];
  });
}

/** `echo "13.75 100.5" | cs2cs EPSG:4326 EPSG:32647` gives 662176.3 1520582.5 */
const TRANSFORM = "SELECT ST_AsText(ST_SnapToGrid(ST_Transform(ST_SetSRID('POINT(100.5 13.75)'::geometry, 4326), 32647), 1)) AS p";

describe('PostGIS from unpacked files', { timeout: SLOW }, () => {
  const original = new Map(tarFiles(gunzipSync(readFileSync(new URL('./postgis.tar.gz', import.meta.resolve('@electric-sql/pglite-postgis'))))).map((f) => [f.name, f.data]));
  const unpacked = postgisFilesDir(dir);

  it('unpacks postgis-3.so, its control file, its install script and PROJ, byte for byte', () => {
    const files = filesUnder(unpacked);
    expect(files.filter((n) => !n.startsWith('share/proj/')).sort()).toEqual(['lib/postgresql/postgis-3.so', 'share/postgresql/extension/postgis--3.6.2.sql', 'share/postgresql/extension/postgis.control']);
    expect([...original.keys()].filter((n) => n.startsWith('share/proj/')).sort()).toEqual(files.filter((n) => n.startsWith('share/proj/')).sort());
    for (const name of files) expect(readFileSync(path.join(unpacked, name)).equals(original.get(name)!), name).toBe(true);
    expect(original.has('lib/postgresql/postgis_raster-3.so')).toBe(true);
    expect(keepEntry('share/postgresql/extension/postgis--3.5.2--ANY.sql', '3.6.2')).toBe(false);
  });

  it('a second call finds the folder made by the first', () => {
    expect(postgisFilesDir(dir)).toBe(unpacked);
    expect(readdirSync(dir)).toEqual([path.basename(unpacked)]);
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
