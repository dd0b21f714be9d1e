// WMS against the generated sample database: capabilities list the layers; GetMap draws the
// coastline where the database has it (checked pixel by pixel with pngjs), honours CQL_FILTER,
// viewparams, TRANSPARENT/BGCOLOR and WMS 1.3.0 axis order; tiles carry ETag/304 and
// Cache-Control; GetFeatureInfo answers GeoJSON of the features under a pixel; GetLegendGraphic
// draws the config legend.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFeatureTypes } from '../../../src/server/data/featureTypes.ts';
import { SLOW } from '../db/testDatabase.ts';
import { decodePng, drawnNear, lonLatToPixel, startOgcBackend, tileAround, WMS, OWS, type OgcBackend } from './helpers.ts';

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await backend.db.query<T>(text, params)).rows;

/** Around Songkhla (90): its coast and the neighbouring provinces' coasts. */
const BBOX: [number, number, number, number] = [99.8, 6.3, 101.8, 8.3];
const SIZE = 512;
const PX_DEG = (BBOX[2] - BBOX[0]) / SIZE;

function getMap(params: Record<string, string | number> = {}) {
  return backend.get(WMS, {
    SERVICE: 'WMS',
    VERSION: '1.1.1',
    REQUEST: 'GetMap',
    LAYERS: 'tcs:cmline_2567',
    STYLES: '',
    SRS: 'EPSG:4326',
    BBOX: BBOX.join(','),
    WIDTH: SIZE,
    HEIGHT: SIZE,
    FORMAT: 'image/png',
    TRANSPARENT: 'TRUE',
    ...params,
  });
}

/** Vertices of the 2567 mainland coastline inside BBOX (every 4th), with their province. */
async function vertices(where = 'true'): Promise<Array<{ x: number; y: number; prv: string }>> {
  return sql<{ x: number; y: number; prv: string }>(
    `SELECT ST_X(d.geom) AS x, ST_Y(d.geom) AS y, c.prv_code AS prv FROM cmline c, ST_DumpPoints(c.geom) d
     WHERE c.zone = 'mainland' AND c.line_year = 2567 AND ${where} AND d.path[2] % 4 = 0
       AND ST_Intersects(d.geom, ST_MakeEnvelope($1, $2, $3, $4, 4326))`,
    BBOX,
  );
}

describe('GetCapabilities', () => {
  it('1.1.1 lists every layer with title, SRS, LatLonBoundingBox from the data and a legend style', async () => {
    const answer = await backend.get(WMS, { SERVICE: 'WMS', REQUEST: 'GetCapabilities' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/vnd\.ogc\.wms_xml/);
    const xml = answer.text;
    expect(xml).toContain('<WMT_MS_Capabilities version="1.1.1">');
    for (const ft of listFeatureTypes()) expect(xml, ft.name).toContain(`<Name>tcs:${ft.name}</Name>`);
    for (const srs of ['EPSG:4326', 'EPSG:3857', 'CRS:84']) expect(xml).toContain(`<SRS>${srs}</SRS>`);
    const layer = /<Layer queryable="1"[^>]*><Name>tcs:cmline_2567<\/Name><Title>([^<]+)<\/Title>.*?<LatLonBoundingBox minx="([\d.]+)" miny="([\d.]+)" maxx="([\d.]+)" maxy="([\d.]+)"\/>.*?<Style><Name>([^<]+)<\/Name>/s.exec(xml);
    expect(layer?.[1]).toBe('แนวชายฝั่ง พ.ศ. 2567');
    const [extent] = await sql<{ minx: number; maxx: number }>('SELECT ST_XMin(ST_Extent(geom)) AS minx, ST_XMax(ST_Extent(geom)) AS maxx FROM cmline');
    expect(Number(layer?.[2])).toBeCloseTo(extent!.minx, 5);
    expect(Number(layer?.[4])).toBeCloseTo(extent!.maxx, 5);
    expect(layer?.[6]).toBe('cmline-years');
    expect(xml).toContain('REQUEST=GetLegendGraphic&amp;FORMAT=image/png&amp;LAYER=tcs%3Acmline_2567');
    // links point back at this server
    expect(xml).toContain(`http://127.0.0.1:${backend.port}/geoserver/tcs_postgres/wms?`);
  });

  it('1.3.0 speaks WMS_Capabilities with CRS and EX_GeographicBoundingBox; ETag/304 work', async () => {
    const answer = await backend.get(WMS, { SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetCapabilities' });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<WMS_Capabilities version="1.3.0"');
    expect(answer.text).toContain('<CRS>EPSG:3857</CRS>');
    expect(answer.text).toContain('<EX_GeographicBoundingBox>');
    const again = await backend.get(WMS, { SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetCapabilities' }, { 'If-None-Match': answer.headers.etag! });
    expect(again.status).toBe(304);
  });
});

describe('GetMap', () => {
  it.each([
    [1, 1],
    [208, 256],
    [4096, 16],
  ])('any size from 1 to 4096 px: %i x %i (GDAL asks 208 px edge tiles)', async (width, height) => {
    const answer = await getMap({ WIDTH: width, HEIGHT: height });
    expect(answer.status, answer.text).toBe(200);
    const img = decodePng(answer.body);
    expect([img.width, img.height]).toEqual([width, height]);
  });

  it('draws the coastline where the database has it, and nothing far from it', async () => {
    const answer = await getMap();
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const img = decodePng(answer.body);
    expect([img.width, img.height]).toEqual([SIZE, SIZE]);
    const pts = await vertices();
    expect(pts.length).toBeGreaterThan(50);
    const hit = pts.filter((p) => drawnNear(img, ...lonLatToPixel(BBOX, SIZE, SIZE, p.x, p.y))).length;
    expect(hit / pts.length).toBeGreaterThan(0.97);
    // the line colour is the legend's 2567 colour (#E6194B)
    const [px, py] = lonLatToPixel(BBOX, SIZE, SIZE, pts[0]!.x, pts[0]!.y);
    let found = false;
    for (let dy = -2; dy <= 2 && !found; dy++) {
      for (let dx = -2; dx <= 2 && !found; dx++) {
        const [r, g, b, a] = img.at(px + dx, py + dy);
        found = a === 255 && Math.abs(r - 0xe6) < 8 && Math.abs(g - 0x19) < 8 && Math.abs(b - 0x4b) < 8;
      }
    }
    expect(found).toBe(true);
    // pixels further than 6 px from every line are transparent
    const grid: Array<[number, number]> = [];
    for (let i = 8; i < SIZE; i += 24) for (let j = 8; j < SIZE; j += 24) grid.push([i, j]);
    const far = await sql<{ i: number; j: number }>(
      `SELECT g.i, g.j FROM unnest($1::int[], $2::int[]) AS g(i, j)
       WHERE NOT EXISTS (SELECT 1 FROM cmline c WHERE c.zone = 'mainland' AND c.line_year = 2567
         AND ST_DWithin(c.geom, ST_SetSRID(ST_MakePoint($3 + (g.i + 0.5) * $5, $4 - (g.j + 0.5) * $5), 4326), 6 * $5))`,
      [grid.map((g) => g[0]), grid.map((g) => g[1]), BBOX[0], BBOX[3], PX_DEG],
    );
    expect(far.length).toBeGreaterThan(100);
    for (const { i, j } of far) expect(img.at(i, j)[3], `pixel ${i},${j}`).toBe(0);
  });

  it('CQL_FILTER draws only the chosen province', async () => {
    const answer = await getMap({ CQL_FILTER: "prv_code='90'" });
    expect(answer.status).toBe(200);
    const img = decodePng(answer.body);
    const mine = await vertices("c.prv_code = '90'");
    expect(mine.length).toBeGreaterThan(20);
    expect(mine.filter((p) => drawnNear(img, ...lonLatToPixel(BBOX, SIZE, SIZE, p.x, p.y))).length / mine.length).toBeGreaterThan(0.97);
    // other provinces' vertices that lie further than 6 px from every Songkhla line stay empty
    const others = await vertices(
      `c.prv_code <> '90' AND NOT EXISTS (SELECT 1 FROM cmline s WHERE s.zone = 'mainland' AND s.line_year = 2567 AND s.prv_code = '90' AND ST_DWithin(s.geom, d.geom, ${6 * PX_DEG}))`,
    );
    expect(others.length).toBeGreaterThan(20);
    for (const p of others) expect(drawnNear(img, ...lonLatToPixel(BBOX, SIZE, SIZE, p.x, p.y), 0)).toBe(false);
    // an empty result is an empty (transparent) image
    const none = decodePng((await getMap({ CQL_FILTER: "prv_code='57'" })).body);
    expect(none.data.every((v, i) => i % 4 !== 3 || v === 0)).toBe(true);
  });

  it('TRANSPARENT=FALSE paints white (GDAL shows black otherwise); BGCOLOR paints that colour', async () => {
    const white = decodePng((await getMap({ TRANSPARENT: 'FALSE', CQL_FILTER: "prv_code='57'" })).body);
    expect(white.at(0, 0)).toEqual([255, 255, 255, 255]);
    expect(white.at(300, 400)).toEqual([255, 255, 255, 255]);
    const green = decodePng((await getMap({ TRANSPARENT: 'false', BGCOLOR: '0x00FF00' })).body);
    expect(green.at(0, 0)).toEqual([0, 255, 0, 255]);
    const clear = decodePng((await getMap({ TRANSPARENT: 'TRUE', BGCOLOR: '0x00FF00', CQL_FILTER: "prv_code='57'" })).body);
    expect(clear.at(0, 0)[3]).toBe(0);
  });

  it('WMS 1.3.0 reads EPSG:4326 BBOX as lat/lon: the same picture as 1.1.1 lon/lat', async () => {
    const v111 = await getMap();
    const v130 = await backend.get(WMS, {
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetMap',
      LAYERS: 'tcs:cmline_2567',
      STYLES: '',
      CRS: 'EPSG:4326',
      BBOX: [BBOX[1], BBOX[0], BBOX[3], BBOX[2]].join(','),
      WIDTH: SIZE,
      HEIGHT: SIZE,
      FORMAT: 'image/png',
      TRANSPARENT: 'TRUE',
    });
    expect(v130.status).toBe(200);
    expect(Buffer.compare(decodePng(v130.body).data, decodePng(v111.body).data)).toBe(0);
  });

  it('EPSG:3857 tiles: ETag + 304, Cache-Control public max-age=300, identical requests answer from cache', async () => {
    // the z10 tile around a point of the Songkhla coastline
    const [p] = await vertices("c.prv_code = '90'");
    const params = { SRS: 'EPSG:3857', BBOX: tileAround(10, p!.x, p!.y), WIDTH: 256, HEIGHT: 256 };
    const first = await getMap(params);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=300');
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^"m-[\w-]+"$/);
    const second = await getMap(params);
    expect(second.headers.etag).toBe(etag);
    expect(Buffer.compare(second.body, first.body)).toBe(0);
    const revalidated = await getMap(params).then(() => backend.get(WMS, `SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=tcs:cmline_2567&STYLES=&SRS=EPSG:3857&BBOX=${params.BBOX}&WIDTH=256&HEIGHT=256&FORMAT=image/png&TRANSPARENT=TRUE`, { 'If-None-Match': etag }));
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    // another filter is another picture and another tag
    const filtered = await getMap({ ...params, CQL_FILTER: "prv_code='90'" });
    expect(filtered.headers.etag).not.toBe(etag);
    const img = decodePng(first.body);
    expect(img.data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
  });

  it('several layers with per-layer CQL_FILTER and viewparams; raster stand-in paints land over sea', async () => {
    const answer = await getMap({
      LAYERS: 'tcs:gistda_satellite_2567,tcs:erosion_area,tcs:cmline_2567',
      CQL_FILTER: "INCLUDE;area>0;prv_code='90'",
      VIEWPARAMS: 'code:90;start:2562;end:2567',
      TRANSPARENT: 'TRUE',
    });
    expect(answer.status, answer.text).toBe(200);
    const img = decodePng(answer.body);
    // the stand-in is opaque everywhere (sea colour in the open Gulf)
    const [r, g, b, a] = img.at(SIZE - 5, 5);
    expect(a).toBe(255);
    expect(b).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(150);
    const mismatch = await getMap({ LAYERS: 'tcs:cmline_2567,tcs:cmline_2566', CQL_FILTER: "prv_code='90'" });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('InvalidParameterValue');
  });

  it('POST form-encoded and the ows endpoint answer the same picture', async () => {
    const form = { SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetMap', LAYERS: 'tcs:cmline_2567', STYLES: '', SRS: 'EPSG:4326', BBOX: BBOX.join(','), WIDTH: 256, HEIGHT: 256, FORMAT: 'image/png', TRANSPARENT: 'TRUE' };
    const get = await backend.get(WMS, form);
    const post = await backend.post(WMS, form);
    const ows = await backend.get(OWS, form);
    expect(post.status).toBe(200);
    expect(ows.status).toBe(200);
    expect(Buffer.compare(post.body, get.body)).toBe(0);
    expect(Buffer.compare(ows.body, get.body)).toBe(0);
  });
});

describe('GetFeatureInfo', () => {
  it('answers the features under the clicked pixel as GeoJSON, honouring CQL_FILTER', async () => {
    const [p] = await vertices("c.prv_code = '90'");
    const [x, y] = lonLatToPixel(BBOX, SIZE, SIZE, p!.x, p!.y);
    const base = {
      SERVICE: 'WMS',
      VERSION: '1.1.0',
      REQUEST: 'GetFeatureInfo',
      LAYERS: 'tcs:cmline_2567',
      QUERY_LAYERS: 'tcs:cmline_2567',
      STYLES: '',
      SRS: 'EPSG:4326',
      BBOX: BBOX.join(','),
      WIDTH: SIZE,
      HEIGHT: SIZE,
      X: Math.floor(x),
      Y: Math.floor(y),
      INFO_FORMAT: 'application/json',
      FEATURE_COUNT: 5,
    };
    const answer = await backend.get(WMS, base);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const fc = answer.json();
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.length).toBeGreaterThan(0);
    expect(fc.features[0].id).toMatch(/^cmline_2567\.\d+$/);
    expect(fc.features[0].properties.prv_code).toBe('90');
    expect(fc.features[0].properties.prv_name).toBe('สงขลา');
    expect(fc.crs.properties.name).toBe('urn:ogc:def:crs:EPSG::4326');
    const ids = await sql<{ gid: number }>(
      `SELECT gid FROM cmline WHERE zone = 'mainland' AND line_year = 2567 AND ST_DWithin(geom, ST_SetSRID(ST_MakePoint($1, $2), 4326), 1e-9)`,
      [p!.x, p!.y],
    );
    expect(fc.features.map((f: any) => f.properties.gid)).toEqual(expect.arrayContaining(ids.map((r) => r.gid)));
    const filtered = (await backend.get(WMS, { ...base, CQL_FILTER: "prv_code='57'" })).json();
    expect(filtered.features).toEqual([]);
    const farAway = (await backend.get(WMS, { ...base, X: SIZE - 3, Y: 3 })).json();
    expect(farAway.features).toEqual([]);
  });

  it('WMS 1.3.0 uses I/J; a raster layer is not queryable', async () => {
    const answer = await backend.get(WMS, {
      SERVICE: 'WMS',
      VERSION: '1.3.0',
      REQUEST: 'GetFeatureInfo',
      LAYERS: 'tcs:gistda_satellite_2567',
      QUERY_LAYERS: 'tcs:gistda_satellite_2567',
      CRS: 'EPSG:4326',
      BBOX: [BBOX[1], BBOX[0], BBOX[3], BBOX[2]].join(','),
      WIDTH: 100,
      HEIGHT: 100,
      I: 5,
      J: 5,
      INFO_FORMAT: 'application/json',
    });
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('LayerNotQueryable');
  });
});

describe('GetLegendGraphic', () => {
  it('draws the config legend of the layer as PNG', async () => {
    const answer = await backend.get(WMS, { SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetLegendGraphic', FORMAT: 'image/png', LAYER: 'tcs:cmline_2567' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const img = decodePng(answer.body);
    // six years, one swatch each
    expect(img.height).toBeGreaterThan(6 * 20);
    const erosion = decodePng((await backend.get(WMS, { SERVICE: 'WMS', REQUEST: 'GetLegendGraphic', LAYER: 'tcs:erosion_area' })).body);
    expect(erosion.height).toBeLessThan(img.height);
  });
});
