// Map and legend agree on point symbols (issue 23 item 4): a point table published in the layer
// catalog with a legend whose classes carry `symbol` is drawn by our WMS in those shapes (classes
// by code and by range), and its GetLegendGraphic shows the same shapes. Pixels read back from the
// PNGs (tests/server/render/symbolShapes.ts); PGlite in `server`, PostgreSQL in `server-pg`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/loader/loadCatalog.ts';
import { useCatalog } from '../../../src/server/data/catalog.ts';
import { REPO_ROOT } from '../../../src/server/db/open.ts';
import { SLOW } from '../db/testDatabase.ts';
import { BY_CODE, BY_RANGE } from '../render/symbolLegends.ts';
import { readShape } from '../render/symbolShapes.ts';
import { configLegends, decodePng, lonLatToPixel, startOgcBackend, WMS, type OgcBackend } from './helpers.ts';

const REAL = readFileSync(path.join(REPO_ROOT, 'config/layers.yaml'), 'utf8');
const LITTER = `
  - { name: litter_by_kind, title: จุดสำรวจขยะตามชนิด, table: litter_points, geometry: point, id: gid,
      attributes: [gid:int, kind:string, litter_kg:double], legend: test-kind }
  - { name: litter_by_kg, title: จุดสำรวจขยะตามน้ำหนัก, table: litter_points, geometry: point, id: gid,
      attributes: [gid:int, kind:string, litter_kg:double], legend: test-kg }
`;
const BBOX = [100.4, 7.1, 100.8, 7.3] as const;
const SIZE = 512;
/** [lon, lat, kind, litter_kg]: far enough apart (~60 px) that no two marks touch. */
const POINTS: Array<[number, number, string, number]> = [
  [100.45, 7.2, 'sq', 3],
  [100.55, 7.2, 'up', 12.5],
  [100.65, 7.2, 'ci', 8],
  [100.75, 7.2, 'down', 40],
];

function use(text: string): void {
  const result = parseCatalog(text, 'layers.yaml');
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  useCatalog(result.loaded.data, result.layers);
}

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend({ legends: [...(await configLegends()), BY_CODE, BY_RANGE] });
  await backend.db.exec(`CREATE TABLE litter_points (gid serial PRIMARY KEY, kind text, litter_kg double precision, geom geometry(Point, 4326))`);
  for (const [lon, lat, kind, kg] of POINTS) {
    await backend.db.query(`INSERT INTO litter_points (kind, litter_kg, geom) VALUES ($1, $2, ST_SetSRID(ST_MakePoint($3, $4), 4326))`, [kind, kg, lon, lat]);
  }
  use(REAL + LITTER);
}, SLOW);
afterAll(async () => {
  use(REAL);
  await backend?.db.exec('DROP TABLE IF EXISTS litter_points');
  await backend?.close();
});

async function getMap(layer: string) {
  const answer = await backend.get(WMS, {
    SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetMap', LAYERS: `tcs:${layer}`, STYLES: '', CRS: 'CRS:84',
    BBOX: BBOX.join(','), WIDTH: SIZE, HEIGHT: SIZE / 2, FORMAT: 'image/png', TRANSPARENT: 'FALSE',
  });
  expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  return decodePng(answer.body);
}

/** The shape drawn in `color` within 24 px of a point. */
function shapeAt(img: ReturnType<typeof decodePng>, lon: number, lat: number, color: string) {
  const [x, y] = lonLatToPixel(BBOX, img.width, img.height, lon, lat);
  return readShape(img, color, [Math.floor(x - 12), Math.floor(y - 12), Math.ceil(x + 12), Math.ceil(y + 12)]);
}

const colorOf = (code: string) => BY_CODE.items.find((i) => i.code === code)!.color!;

describe('WMS of a point layer with a symbol legend', () => {
  it('GetMap draws classes by code in their shapes: a square fills its corners, a triangle is narrow at its tip', async () => {
    const img = await getMap('litter_by_kind');
    const read = POINTS.map(([lon, lat, kind]) => shapeAt(img, lon, lat, colorOf(kind)));
    expect(read.map((r) => r.shape)).toEqual(['square', 'triangle-up', 'circle', 'triangle-down']);
    const [square, up, circle, down] = read;
    expect(square!.fill).toBeGreaterThan(circle!.fill);
    expect(up!.top * 2).toBeLessThan(up!.bottom);
    expect(down!.bottom * 2).toBeLessThan(down!.top);
  });

  it('GetMap draws classes by range of litter_kg (<= 10 a square, > 10 a downward triangle)', async () => {
    const img = await getMap('litter_by_kg');
    const [small, large] = BY_RANGE.items.map((i) => i.color!);
    expect(POINTS.map(([lon, lat, , kg]) => shapeAt(img, lon, lat, kg <= 10 ? small! : large!).shape)).toEqual(['square', 'triangle-down', 'square', 'triangle-down']);
  });

  it('GetLegendGraphic shows the same shapes in the same colours', async () => {
    for (const [layer, legend] of [['litter_by_kind', BY_CODE], ['litter_by_kg', BY_RANGE]] as const) {
      const answer = await backend.get(WMS, { SERVICE: 'WMS', VERSION: '1.1.1', REQUEST: 'GetLegendGraphic', LAYER: `tcs:${layer}`, FORMAT: 'image/png' });
      expect(answer.status).toBe(200);
      const img = decodePng(answer.body);
      expect(legend.items.map((i) => readShape(img, i.color!).shape)).toEqual(legend.items.map((i) => i.symbol ?? 'circle'));
    }
  });
});
