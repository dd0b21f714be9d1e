// Interop with GDAL 3.6 (Debian gdal-bin) across versions: ogrinfo reads every feature over WFS
// 1.0.0, 1.1.0 and 2.0.0; SRSNAME=urn:ogc:def:crs:EPSG::4326 answers lat/lon, which GDAL turns
// back into the same lon/lat points; ogr2ogr copies every land-use polygon over 1.0.0 and 2.0.0
// (1.1.0: ../ogc/paging.test.ts); gdal_translate reads WMS 1.3.0 (lat/lon BBOX from a WMS:
// connection string, CRS:84 through the tiled driver with 208 px edge tiles).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { decodePng, startOgcBackend, WFS, WMS, type OgcBackend } from '../ogc/helpers.ts';

const run = promisify(execFile);

let backend: OgcBackend;
let dir: string;
let wfs: string;
let wms: string;
beforeAll(async () => {
  backend = await startOgcBackend();
  dir = mkdtempSync(path.join(tmpdir(), 'interop-gdal-'));
  wfs = `http://127.0.0.1:${backend.port}${WFS}`;
  wms = `http://127.0.0.1:${backend.port}${WMS}`;
}, SLOW);
afterAll(async () => {
  await backend?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function gdal(tool: string, args: string[]): Promise<string> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', GDAL_HTTP_TIMEOUT: '60', CPL_VSIL_CURL_USE_CACHE: 'NO', GDAL_DEFAULT_WMS_CACHE_PATH: path.join(dir, 'wmscache') };
  return (await run(tool, args, { env, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 })).stdout;
}
const count = async (where: string) => (await backend.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${where}`)).rows[0]!.n;

describe('GDAL over WFS versions', () => {
  it.each(['1.0.0', '1.1.0', '2.0.0'])('ogrinfo reads every feature over WFS %s', async (version) => {
    const n = await count("cmline WHERE zone = 'mainland' AND line_year = 2567");
    const out = await gdal('ogrinfo', ['-ro', '-al', `WFS:${wfs}?VERSION=${version}`, 'tcs:cmline_2567']);
    expect(out.match(/^OGRFeature\(tcs:cmline_2567\):/gm)).toHaveLength(n);
  });

  it('SRSNAME=urn:ogc:def:crs:EPSG::4326 is answered lat/lon: GDAL reads the same points', async () => {
    const points = (out: string) => [...out.matchAll(/POINT \(([\d.]+) ([\d.]+)\)/g)].map((m) => [Number(m[1]), Number(m[2])]);
    const plain = points(await gdal('ogrinfo', ['-ro', '-al', `WFS:${wfs}`, 'tcs:radar_station']));
    const urn = points(await gdal('ogrinfo', ['-ro', '-al', `WFS:${wfs}?SRSNAME=urn:ogc:def:crs:EPSG::4326`, 'tcs:radar_station']));
    expect(plain.length).toBeGreaterThan(5);
    expect(urn).toEqual(plain);
    expect(plain[0]![0]).toBeGreaterThan(97);
  });

  it.each(['1.0.0', '2.0.0'])('ogr2ogr -f GPKG over WFS %s copies every land-use polygon of 2558', async (version) => {
    const n = await count('landuse WHERE lu_year = 2558');
    const out = path.join(dir, `lu-${version}.gpkg`);
    await gdal('ogr2ogr', ['-f', 'GPKG', out, `WFS:${wfs}?VERSION=${version}`, 'tcs:coastallu_2558']);
    expect(await gdal('ogrinfo', ['-ro', '-so', out, 'tcs:coastallu_2558'])).toContain(`Feature Count: ${n}`);
  }, 180_000);
});

describe('GDAL over WMS 1.3.0', () => {
  const drawn = (file: string) => {
    const img = decodePng(readFileSync(file));
    let dark = 0;
    for (let y = 0; y < img.height; y += 2) for (let x = 0; x < img.width; x += 2) if (img.at(x, y).slice(0, 3).some((c) => c < 200)) dark++;
    return { width: img.width, height: img.height, dark };
  };

  it('a WMS: connection string with an EPSG:4326 (lat/lon) BBOX', async () => {
    const out = path.join(dir, 'wms13.png');
    const url = `WMS:${wms}?SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=tcs:cmline_2567&CRS=EPSG:4326&BBOX=6.3,99.8,8.3,101.8&FORMAT=image/png&TRANSPARENT=FALSE`;
    await gdal('gdal_translate', ['-q', '-of', 'PNG', '-outsize', '512', '512', url, out]);
    const img = drawn(out);
    expect([img.width, img.height]).toEqual([512, 512]);
    expect(img.dark).toBeGreaterThan(50);
  });

  it('the tiled driver in CRS:84 with 208 px edge tiles', async () => {
    const xml = path.join(dir, 'wms13.xml');
    writeFileSync(
      xml,
      `<GDAL_WMS><Service name="WMS"><Version>1.3.0</Version><ServerUrl>${wms}?</ServerUrl><CRS>CRS:84</CRS><ImageFormat>image/png</ImageFormat>` +
        `<Transparent>FALSE</Transparent><Layers>tcs:cmline_2567</Layers></Service><DataWindow><UpperLeftX>99.8</UpperLeftX><UpperLeftY>8.3</UpperLeftY>` +
        `<LowerRightX>101.8</LowerRightX><LowerRightY>6.3</LowerRightY><SizeX>720</SizeX><SizeY>720</SizeY></DataWindow>` +
        `<BlockSizeX>256</BlockSizeX><BlockSizeY>256</BlockSizeY><BandsCount>3</BandsCount></GDAL_WMS>`,
    );
    const from = backend.seen.length;
    const out = path.join(dir, 'tiled13.png');
    await gdal('gdal_translate', ['-q', '-of', 'PNG', xml, out]);
    expect(drawn(out).dark).toBeGreaterThan(50);
    expect(backend.seen.slice(from).some((t) => /width=208/i.test(t) && /version=1\.3\.0/i.test(t))).toBe(true);
  });

  it('a subdataset GDAL builds from our capabilities (its default FORMAT image/jpeg) is read (issue 27 item 7)', async () => {
    const info = await gdal('gdalinfo', [`WMS:${wms}?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetCapabilities`]);
    const subdataset = /SUBDATASET_\d+_NAME=(WMS:.*LAYERS=tcs(?:%3A|:)cmline_2567&.*)$/m.exec(info)?.[1];
    expect(subdataset, info.slice(0, 500)).toBeDefined();
    const from = backend.seen.length;
    const out = path.join(dir, 'subdataset.png');
    await gdal('gdal_translate', ['-q', '-of', 'PNG', '-outsize', '256', '0', subdataset!, out]);
    expect(backend.seen.slice(from).some((t) => /format=image\/jpeg/i.test(t) && /request=getmap/i.test(t))).toBe(true);
    const img = decodePng(readFileSync(out));
    expect(img.width).toBe(256);
  });
});
