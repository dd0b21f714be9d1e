// Interop with QGIS (Debian python3-qgis 3.22, headless: QT_QPA_PLATFORM=offscreen, run with
// /usr/bin/python3): its WFS provider pages through a whole layer on WFS 2.0.0 and gets every
// feature once, with its fields, geometry and CRS; its WMS provider reads our capabilities and
// draws the layer through QGIS's own renderer. The probe is qgis_probe.py.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { startOgcBackend, type OgcBackend } from '../ogc/helpers.ts';

const run = promisify(execFile);
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'qgis_probe.py');

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

async function probe(check: 'wfs' | 'wms'): Promise<Record<string, any>> {
  const base = `http://127.0.0.1:${backend.port}/geoserver/tcs_postgres`;
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', QT_QPA_PLATFORM: 'offscreen', HOME: process.env.HOME ?? '/tmp', NO_PROXY: '*', no_proxy: '*', ...(process.env.QGIS_PROBE_IMAGE ? { QGIS_PROBE_IMAGE: process.env.QGIS_PROBE_IMAGE } : {}) };
  const { stdout } = await run('/usr/bin/python3', [PROBE, base, check], { env, timeout: 120_000 }).catch((e: { stdout?: string; stderr?: string; message: string }) => {
    throw new Error(`QGIS ${check} failed: ${e.stdout || e.stderr || e.message}`);
  });
  // QGIS may print its own lines before ours: the answer is the last line
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, any>;
}

describe('QGIS', () => {
  it('WFS 2.0.0 with paging: every coastline of 2567 once, with its attributes, lines in EPSG:4326', async () => {
    const { n } = (await backend.db.query<{ n: number }>("SELECT count(*)::int AS n FROM cmline WHERE zone = 'mainland' AND line_year = 2567")).rows[0]!;
    const seen = await probe('wfs');
    expect(seen).toMatchObject({ valid: true, features: n, distinct: n, with_geometry: n, crs: 'EPSG:4326', geometry_type: 1 });
    expect(seen.fields).toEqual(expect.arrayContaining(['gid', 'line_year', 'prv_name']));
    const [xmin, ymin, xmax, ymax] = seen.extent as number[];
    expect([xmin! > 97, ymin! > 5, xmax! < 106, ymax! < 14]).toEqual([true, true, true, true]);
  });

  it('WMS: the layer from capabilities, drawn by QGIS into a 256 px image with the coastline on it', async () => {
    const seen = await probe('wms');
    expect(seen).toMatchObject({ valid: true, crs: 'EPSG:4326', errors: [] });
    // Songkhla's 2 x 2 degrees: a line across the image, not a blank or a filled one
    expect(seen.drawn_pixels).toBeGreaterThan(200);
    expect(seen.drawn_pixels).toBeLessThan(seen.pixels / 4);
  });
});
