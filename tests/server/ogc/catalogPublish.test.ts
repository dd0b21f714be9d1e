// Issue 12 item 1: publishing a layer on an imported table is a config change only. A GeoJSON is
// imported into a new table (the `npm run import` path), one entry is added to the layer
// catalog (config/layers.yaml), and WMS and WFS serve it: capabilities, features with their Thai
// attributes, CQL on a listed attribute, refusal of one that is not listed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/loader/loadCatalog.ts';
import { useCatalog } from '../../../src/server/data/catalog.ts';
import { importFile } from '../../../src/server/import/index.ts';
import { REPO_ROOT } from '../../../src/server/db/open.ts';
import { SLOW } from '../db/testDatabase.ts';
import { decodePng, drawnNear, exceptionCode, lonLatToPixel, startOgcBackend, WFS, WMS, type OgcBackend } from './helpers.ts';

const REAL = readFileSync(path.join(REPO_ROOT, 'config/layers.yaml'), 'utf8');
const SEAWALL = `
  - { name: seawall_2568, title: กำแพงกันคลื่น พ.ศ. 2568, table: seawall_2568, geometry: line, id: gid,
      attributes: [gid:int, name:string, length_m:double], legend: coastal-structure }
`;

function use(text: string): void {
  const result = parseCatalog(text, 'layers.yaml');
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  useCatalog(result.loaded.data, result.layers);
}

let backend: OgcBackend;
let dir: string;
beforeAll(async () => {
  backend = await startOgcBackend();
  dir = mkdtempSync(path.join(tmpdir(), 'catalog-publish-'));
  const file = path.join(dir, 'seawalls.geojson');
  const line = (x: number, name: string, length: number, secret: string) => ({
    type: 'Feature',
    properties: { name, length_m: length, secret },
    geometry: { type: 'LineString', coordinates: [[x, 7.2], [x + 0.01, 7.21]] },
  });
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features: [line(100.5, 'กำแพงหาดชลาทัศน์', 850.5, 'a'), line(100.6, 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง', 120, 'b')] }));
  await importFile(backend.db, file, { table: 'seawall_2568' });
  use(REAL + SEAWALL);
}, SLOW);
afterAll(async () => {
  use(REAL);
  await backend?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a catalog entry publishes an imported table', () => {
  it('WMS and WFS capabilities list it with its Thai title', async () => {
    const wms = await backend.get(WMS, { SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetCapabilities' });
    expect(wms.text).toContain('<Name>tcs:seawall_2568</Name><Title>กำแพงกันคลื่น พ.ศ. 2568</Title>');
    const wfs = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetCapabilities' });
    expect(wfs.text).toContain('<wfs:Name>tcs:seawall_2568</wfs:Name><wfs:Title>กำแพงกันคลื่น พ.ศ. 2568</wfs:Title>');
  });

  it('WFS GetFeature answers its rows with the listed attributes only', async () => {
    const answer = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:seawall_2568', OUTPUTFORMAT: 'application/json' });
    expect(answer.status).toBe(200);
    const json = answer.json() as { features: Array<{ id: string; properties: Record<string, unknown> }> };
    expect(json.features.map((f) => f.properties.name)).toEqual(['กำแพงหาดชลาทัศน์', 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง']);
    expect(Object.keys(json.features[0]!.properties).sort()).toEqual(['gid', 'length_m', 'name']);
    expect(json.features[0]!.id).toBe('seawall_2568.1');
  });

  it('CQL may use a listed attribute and not one the catalog leaves out', async () => {
    const ok = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:seawall_2568', OUTPUTFORMAT: 'application/json', CQL_FILTER: 'length_m > 500' });
    expect((ok.json() as { features: unknown[] }).features).toHaveLength(1);
    const refused = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:seawall_2568', CQL_FILTER: "secret = 'a'" });
    expect(refused.status).toBe(400);
    expect(exceptionCode(refused.text)).toBe('InvalidParameterValue');
  });

  it('WMS draws it (styled from the legend it names)', async () => {
    const png = await backend.get(WMS, { SERVICE: 'WMS', VERSION: '1.3.0', REQUEST: 'GetMap', LAYERS: 'tcs:seawall_2568', STYLES: '', CRS: 'CRS:84', BBOX: '100.4,7.1,100.7,7.3', WIDTH: 256, HEIGHT: 256, FORMAT: 'image/png', TRANSPARENT: 'TRUE' });
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const img = decodePng(png.body);
    const bbox = [100.4, 7.1, 100.7, 7.3] as const;
    // the middle of the first wall is drawn; an empty corner is not
    const [x, y] = lonLatToPixel(bbox, img.width, img.height, 100.505, 7.205);
    expect(drawnNear(img, x, y)).toBe(true);
    expect(drawnNear(img, 5, 250)).toBe(false);
  });
});
