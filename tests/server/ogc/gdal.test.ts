// GDAL (Debian gdal-bin) as an independent OGC client of our WFS and WMS on a loopback port:
// ogrinfo lists the layers, reads a layer (GML by default, GeoJSON when asked) with the same
// feature count as SQL and Thai intact, sends -spat as a FES 2.0 BBOX; gdal_translate reads a WMS
// GetMap (a WMS: connection string and a GDAL_WMS service description) showing the coastline.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFeatureTypes } from '../../../src/server/data/featureTypes.ts';
import { SLOW } from '../db/testDatabase.ts';
import { decodePng, lonLatToPixel, startOgcBackend, type Image, type OgcBackend } from './helpers.ts';

const run = promisify(execFile);
const OGRINFO = '/usr/bin/ogrinfo';
const GDAL_TRANSLATE = '/usr/bin/gdal_translate';
const HAVE_GDAL = existsSync(OGRINFO) && existsSync(GDAL_TRANSLATE);

let backend: OgcBackend;
let dir: string;
let wfs: string;
let wms: string;
beforeAll(async () => {
  if (!HAVE_GDAL) return;
  backend = await startOgcBackend();
  dir = mkdtempSync(path.join(tmpdir(), 'ogc-gdal-'));
  wfs = `http://127.0.0.1:${backend.port}/geoserver/tcs_postgres/wfs`;
  wms = `http://127.0.0.1:${backend.port}/geoserver/tcs_postgres/wms`;
}, SLOW);
afterAll(async () => {
  await backend?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs a GDAL tool without any proxy or cache that could interfere; returns stdout. */
async function gdal(tool: string, args: string[]): Promise<string> {
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', GDAL_HTTP_TIMEOUT: '30', GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR', CPL_VSIL_CURL_USE_CACHE: 'NO', GDAL_DEFAULT_WMS_CACHE_PATH: path.join(dir, 'wmscache') };
  const { stdout } = await run(tool, args, { env, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await backend.db.query<T>(text, params)).rows;
const one = async <T,>(text: string, params: unknown[] = []) => (await sql<T>(text, params))[0]!;
const CMLINE_2567 = "cmline WHERE zone = 'mainland' AND line_year = 2567";

describe('GDAL ogrinfo on our WFS', () => {
  it('has GDAL (Debian gdal-bin; CI installs it)', () => {
    expect(HAVE_GDAL, 'ogrinfo/gdal_translate not found: apt-get install gdal-bin').toBe(true);
  });
  it('lists our feature types', async () => {
    const out = await gdal(OGRINFO, ['-ro', '-so', `WFS:${wfs}`]);
    const listed = [...out.matchAll(/^\d+: (tcs:\w+)/gm)].map((m) => m[1]);
    const vector = listFeatureTypes().filter((ft) => ft.kind === 'vector');
    expect(listed).toHaveLength(vector.length);
    for (const name of ['tcs:cmline_2567', 'tcs:erosion_area', 'tcs:coastallu_2558', 'tcs:radar_station']) expect(listed).toContain(name);
  });

  it('reads a layer (GML 3.2, paged) with the same feature count as SQL and Thai attributes intact', async () => {
    const { n } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${CMLINE_2567}`);
    const summary = await gdal(OGRINFO, ['-ro', '-al', '-so', `WFS:${wfs}`, 'tcs:cmline_2567']);
    expect(summary).toContain(`Feature Count: ${n}`);
    expect(summary).toMatch(/prv_name: String/);
    const full = await gdal(OGRINFO, ['-ro', '-al', `WFS:${wfs}`, 'tcs:cmline_2567']);
    expect(full.match(/^OGRFeature\(tcs:cmline_2567\):/gm)).toHaveLength(n);
    const { n: songkhla } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${CMLINE_2567} AND prv_name = 'สงขลา'`);
    expect(full.match(/^ {2}prv_name \(String\) = สงขลา$/gm)).toHaveLength(songkhla);
    const [first] = await sql<{ gid: number; tam_name: string }>(`SELECT gid, tam_name FROM ${CMLINE_2567} AND prv_code = '90' ORDER BY gid LIMIT 1`);
    expect(full).toContain(`  gid (Integer) = ${first!.gid}\n`);
    expect(full).toContain(`  tam_name (String) = ${first!.tam_name}\n`);
    // lon/lat kept (CRS84 advertised): the first coordinate is a longitude around Thailand
    const wkt = /MULTI(?:LINESTRING|CURVE) \(\(([\d.]+) ([\d.]+)/.exec(full);
    expect(Number(wkt?.[1])).toBeGreaterThan(97);
    expect(Number(wkt?.[2])).toBeLessThan(14);
    // GDAL's sequence: capabilities, schema, hits, pages
    const seen = backend.seen.join('\n');
    expect(seen).toMatch(/REQUEST=DescribeFeatureType/);
    expect(seen).toMatch(/REQUEST=GetFeature&TYPENAMES=tcs:cmline_2567&RESULTTYPE=hits/);
    expect(seen).toMatch(/REQUEST=GetFeature&TYPENAMES=tcs:cmline_2567&STARTINDEX=100&COUNT=100/);
  });

  it('reads GeoJSON output when the connection asks for it', async () => {
    const { n } = await one<{ n: number }>("SELECT count(*)::int AS n FROM change_area WHERE dataset = 'cmline' AND zone = 'mainland' AND kind = 'erosion' AND '90' IN (prv_code, amp_code, tam_code) AND start_year = 2562 AND end_year = 2567");
    const out = await gdal(OGRINFO, ['-ro', '-al', `WFS:${wfs}?OUTPUTFORMAT=application/json&VIEWPARAMS=code:90;start:2562;end:2567`, 'tcs:erosion_area']);
    expect(out.match(/^OGRFeature\(tcs:erosion_area\):/gm)).toHaveLength(n);
    expect(out).toContain('  prv_name (String) = สงขลา');
    expect(out).toMatch(/MULTIPOLYGON \(\(\(10\d\./);
  });

  it('-spat arrives as a FES 2.0 BBOX filter and selects what SQL selects', async () => {
    const [w, s, e, nn] = [100.3, 7.0, 100.8, 7.5];
    const { n } = await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${CMLINE_2567} AND ST_Intersects(geom, ST_MakeEnvelope($1, $2, $3, $4, 4326))`, [w, s, e, nn]);
    expect(n).toBeGreaterThan(2);
    const from = backend.seen.length;
    const out = await gdal(OGRINFO, ['-ro', '-al', '-spat', String(w), String(s), String(e), String(nn), `WFS:${wfs}`, 'tcs:cmline_2567']);
    expect(out.match(/^OGRFeature\(tcs:cmline_2567\):/gm)).toHaveLength(n);
    const requests = backend.seen.slice(from).filter((t) => t.includes('REQUEST=GetFeature'));
    expect(requests.length).toBeGreaterThan(0);
    for (const t of requests) expect(t).toMatch(/FILTER=<Filter xmlns="http:\/\/www\.opengis\.net\/fes\/2\.0".*<BBOX>/);
  });
});

describe('GDAL gdal_translate on our WMS', () => {
  const BBOX: [number, number, number, number] = [99.8, 6.3, 101.8, 8.3];

  const isWhite = (img: Image, x: number, y: number) => {
    const [r, g, b] = img.at(x, y);
    return r === 255 && g === 255 && b === 255;
  };
  const lineNear = (img: Image, x: number, y: number) => {
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) if (!isWhite(img, Math.min(img.width - 1, Math.max(0, x + dx)), Math.min(img.height - 1, Math.max(0, y + dy)))) return true;
    return false;
  };

  async function expectCoastline(file: string): Promise<void> {
    const img = decodePng(readFileSync(file));
    expect([img.width, img.height]).toEqual([512, 512]);
    const pts = await sql<{ x: number; y: number }>(
      `SELECT ST_X(d.geom) AS x, ST_Y(d.geom) AS y FROM cmline c, ST_DumpPoints(c.geom) d
       WHERE c.zone = 'mainland' AND c.line_year = 2567 AND d.path[2] % 5 = 0 AND ST_Intersects(d.geom, ST_MakeEnvelope($1, $2, $3, $4, 4326))`,
      BBOX,
    );
    expect(pts.length).toBeGreaterThan(30);
    const hits = pts.filter((p) => {
      const [x, y] = lonLatToPixel(BBOX, 512, 512, p.x, p.y);
      return lineNear(img, Math.round(x), Math.round(y));
    });
    expect(hits.length / pts.length).toBeGreaterThan(0.95);
    // TRANSPARENT=FALSE: the background is painted white, not black
    expect(isWhite(img, 511, 0)).toBe(true);
  }

  it('a WMS: connection string', async () => {
    const out = path.join(dir, 'wms.png');
    const url = `WMS:${wms}?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=tcs:cmline_2567&SRS=EPSG:4326&BBOX=${BBOX.join(',')}&FORMAT=image/png&TRANSPARENT=FALSE`;
    await gdal(GDAL_TRANSLATE, ['-q', '-of', 'PNG', '-outsize', '512', '512', url, out]);
    await expectCoastline(out);
    expect(backend.seen.some((t) => /REQUEST=GetMap/i.test(t) && /transparent=FALSE/i.test(t))).toBe(true);
  });

  it('a GDAL_WMS service description', async () => {
    const xml = path.join(dir, 'service.xml');
    writeFileSync(
      xml,
      `<GDAL_WMS><Service name="WMS"><Version>1.1.1</Version><ServerUrl>${wms}?</ServerUrl><SRS>EPSG:4326</SRS>` +
        `<ImageFormat>image/png</ImageFormat><Transparent>FALSE</Transparent><Layers>tcs:cmline_2567</Layers></Service>` +
        `<DataWindow><UpperLeftX>${BBOX[0]}</UpperLeftX><UpperLeftY>${BBOX[3]}</UpperLeftY><LowerRightX>${BBOX[2]}</LowerRightX><LowerRightY>${BBOX[1]}</LowerRightY>` +
        `<SizeX>512</SizeX><SizeY>512</SizeY></DataWindow><BlockSizeX>256</BlockSizeX><BlockSizeY>256</BlockSizeY><BandsCount>3</BandsCount></GDAL_WMS>`,
    );
    const out = path.join(dir, 'xml.png');
    await gdal(GDAL_TRANSLATE, ['-q', '-of', 'PNG', xml, out]);
    await expectCoastline(out);
  });

  it('the tiled driver on a 720 px window: edge tiles of 208 px are served', async () => {
    const xml = path.join(dir, 'edge.xml');
    writeFileSync(
      xml,
      `<GDAL_WMS><Service name="WMS"><Version>1.1.1</Version><ServerUrl>${wms}?</ServerUrl><SRS>EPSG:4326</SRS>` +
        `<ImageFormat>image/png</ImageFormat><Transparent>FALSE</Transparent><Layers>tcs:cmline_2567</Layers></Service>` +
        `<DataWindow><UpperLeftX>${BBOX[0]}</UpperLeftX><UpperLeftY>${BBOX[3]}</UpperLeftY><LowerRightX>${BBOX[2]}</LowerRightX><LowerRightY>${BBOX[1]}</LowerRightY>` +
        `<SizeX>720</SizeX><SizeY>720</SizeY></DataWindow><BlockSizeX>256</BlockSizeX><BlockSizeY>256</BlockSizeY><BandsCount>3</BandsCount></GDAL_WMS>`,
    );
    const from = backend.seen.length;
    const out = path.join(dir, 'edge.png');
    await gdal(GDAL_TRANSLATE, ['-q', '-of', 'PNG', '-outsize', '512', '512', xml, out]);
    const img = decodePng(readFileSync(out));
    expect([img.width, img.height]).toEqual([512, 512]);
    const sizes = backend.seen.slice(from).filter((t) => /REQUEST=GetMap/i.test(t)).map((t) => /WIDTH=(\d+)/i.exec(t)?.[1]);
    expect(sizes).toContain('208');
  });
});
