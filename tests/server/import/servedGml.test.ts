// Issue 23 item 6: an imported line table is served as GML its own DescribeFeatureType accepts. The
// admin's polygon among lines made WFS answer a gml:Polygon for a feature type declared as curves;
// now that polygon is refused at import, and the table's geometry column is typed, so the declared
// property type (geometry_columns) and every served geometry agree. SPEC.md §7 (WFS), DESIGN.md §7.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCatalog } from '../../../src/loader/loadCatalog.ts';
import { useCatalog } from '../../../src/server/data/catalog.ts';
import { REPO_ROOT } from '../../../src/server/db/open.ts';
import { importFile } from '../../../src/server/import/index.ts';
import { SLOW } from '../db/testDatabase.ts';
import { startOgcBackend, WFS, type OgcBackend } from '../ogc/helpers.ts';
import { tempDirs } from '../tempDirs.ts';

const REAL = readFileSync(path.join(REPO_ROOT, 'config/layers.yaml'), 'utf8');
const ENTRY = `
  - { name: groyne_2568, title: รอดักทราย พ.ศ. 2568, table: groyne_2568, geometry: line, id: gid, attributes: [gid:int, name_th:string] }
`;

function useCatalogText(text: string): void {
  const result = parseCatalog(text, 'layers.yaml');
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('\n'));
  useCatalog(result.loaded.data, result.layers);
}

const tempDir = tempDirs();
let backend: OgcBackend;
let dir: string;
const line = (x: number) => ({ type: 'LineString', coordinates: [[100.5 + x, 7.2], [100.51 + x, 7.21]] });
const multi = { type: 'MultiLineString', coordinates: [[[100.7, 7.2], [100.71, 7.21]], [[100.72, 7.2], [100.73, 7.21]]] };
const polygon = { type: 'Polygon', coordinates: [[[100.8, 7.2], [100.81, 7.2], [100.81, 7.21], [100.8, 7.2]]] };
const file = (name: string, geometries: unknown[]) => {
  const target = path.join(dir, name);
  const features = geometries.map((geometry, i) => ({ type: 'Feature', properties: { gid: i + 1, name_th: `รอดักทราย ${i + 1}` }, geometry }));
  writeFileSync(target, JSON.stringify({ type: 'FeatureCollection', features }));
  return target;
};

beforeAll(async () => {
  backend = await startOgcBackend();
  dir = tempDir('import-gml-');
  await importFile(backend.db, file('groynes.geojson', [line(0), line(0.1), multi]), { table: 'groyne_2568' });
  useCatalogText(REAL + ENTRY);
}, SLOW);
afterAll(async () => {
  useCatalogText(REAL);
  await backend?.close();
});

it('a polygon added to the line table is refused; the table keeps its three lines', async () => {
  await expect(importFile(backend.db, file('with-polygon.geojson', [line(0.2), polygon]), { table: 'groyne_2568', mode: 'append' })).rejects.toThrow(
    /feature 2 \(gid 2, name_th "รอดักทราย 2"\): a Polygon, but table "groyne_2568" holds lines/,
  );
  expect((await backend.db.query<{ n: number }>('SELECT count(*)::int AS n FROM groyne_2568')).rows).toEqual([{ n: 3 }]);
});

it('DescribeFeatureType declares the curves WFS serves, for each of them', async () => {
  const schema = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'DescribeFeatureType', TYPENAMES: 'tcs:groyne_2568' });
  expect(schema.text).toMatch(/name="geom" nillable="true" type="gml:MultiCurvePropertyType"/);
  const gml = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:groyne_2568' });
  expect(gml.status).toBe(200);
  expect(spawnSync('xmllint', ['--noout', '-'], { input: gml.text }).status).toBe(0);
  const geometries = [...gml.text.matchAll(/<tcs:geom>\s*<gml:(\w+)/g)].map((m) => m[1]);
  expect(geometries).toEqual(['MultiCurve', 'MultiCurve', 'MultiCurve']);
});
