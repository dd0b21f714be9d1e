// The slim PostGIS bundle PGlite opens with (src/server/db/postgisBundle.ts): only postgis-3.so,
// its control file and install script and the PROJ data survive, byte for byte, and a fresh
// database built from it installs PostGIS and transforms coordinates (PROJ data present).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { filterTar, keepEntry, slimPostgis, slimPostgisBundle } from '../../../src/server/db/postgisBundle.ts';
import { SLOW } from './testDatabase.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'postgis-bundle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Names and contents of a tar archive (ustar, as the package's bundle is written). */
function entries(tar: Buffer): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(header.subarray(124, 136).toString('ascii').trim() || '0', 8);
    out.set(name, tar.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

describe('slim PostGIS bundle', { timeout: SLOW }, () => {
  const original = entries(gunzipSync(readFileSync(new URL('./postgis.tar.gz', import.meta.resolve('@electric-sql/pglite-postgis')))));
  const slim = entries(gunzipSync(readFileSync(slimPostgisBundle(dir))));

  it('keeps postgis-3.so, its control file, its install script and PROJ, byte for byte', () => {
    const kept = [...slim.keys()].filter((n) => !n.startsWith('share/proj/'));
    expect(kept.filter((n) => !n.endsWith('/')).sort()).toEqual(['lib/postgresql/postgis-3.so', 'share/postgresql/extension/postgis--3.6.2.sql', 'share/postgresql/extension/postgis.control']);
    expect([...original.keys()].filter((n) => n.startsWith('share/proj/')).every((n) => slim.has(n))).toBe(true);
    for (const [name, bytes] of slim) expect(bytes.equals(original.get(name)!), name).toBe(true);
    expect(original.has('lib/postgresql/postgis_raster-3.so')).toBe(true);
  });

  it('the filter drops whole entries only and ends the archive', () => {
    const tar = filterTar(gunzipSync(readFileSync(slimPostgisBundle(dir))), (name) => name === 'share/postgresql/extension/postgis.control');
    expect([...entries(tar).keys()]).toEqual(['share/postgresql/extension/postgis.control']);
    expect(tar.subarray(-1024).every((b) => b === 0)).toBe(true);
    expect(keepEntry('share/postgresql/extension/postgis--3.5.2--ANY.sql', '3.6.2')).toBe(false);
  });

  it('a fresh database installs PostGIS from it and transforms coordinates', async () => {
    const db = new PGlite({ extensions: { postgis: slimPostgis } });
    try {
      await db.exec('CREATE EXTENSION postgis');
      const { rows } = await db.query<{ p: string }>("SELECT ST_AsText(ST_SnapToGrid(ST_Transform(ST_SetSRID('POINT(100.5 13.75)'::geometry, 4326), 32647), 1)) AS p");
      // `echo "13.75 100.5" | cs2cs EPSG:4326 EPSG:32647` gives 662176.3 1520582.5
      expect(rows[0]!.p).toBe('POINT(662176 1520582)');
    } finally {
      await db.close();
    }
  });
});
