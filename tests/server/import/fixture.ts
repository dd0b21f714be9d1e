// The database and small files of the importer tests (import.test.ts, import-rules.test.ts): a
// PGlite + PostGIS database (or TEST_DATABASE_URL) and a temp folder per test file, both live
// bindings set by useImportDatabase().
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { afterAll, beforeAll, vi } from 'vitest';
import { importFile, type ImportOptions } from '../../../src/server/import/index.ts';
import { requireGdal } from '../shapefile/gdal.ts';
import { openTestDatabase, type TestDatabase } from './db.ts';

/** The real reference data, read from ../shared (never copied). */
export const DATA = path.resolve(import.meta.dirname, '../../../../shared/data/thai-admin');
export const SONGKHLA = path.join(DATA, 'songkhla_tambon_rtsd20220121.geojson');

export let db: TestDatabase;
export let dir: string;

/** Opens the database and the temp folder before the file's tests, closes them after. */
export function useImportDatabase(): void {
  // Generous limits: CI machines are slower than a laptop and PGlite runs on one core.
  vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });
  beforeAll(async () => {
    requireGdal();
    dir = mkdtempSync(path.join(tmpdir(), 'import-db-'));
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

export async function rows<Row = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
  return (await db.query<Row>(sql, params)).rows;
}

export const run = (file: string, options: ImportOptions) => importFile(db, file, options);

export function geojsonFile(name: string, features: Feature<Geometry | null>[]): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features } satisfies FeatureCollection<Geometry | null>));
  return file;
}

export const feature = (geometry: Geometry | null, properties: Record<string, unknown>): Feature<Geometry | null> => ({ type: 'Feature', geometry, properties });

/** Small Thai sample around Songkhla: points, a line and a polygon with a hole. */
export const SAMPLE: Feature<Geometry | null>[] = [
  feature({ type: 'Point', coordinates: [100.55, 7.16] }, { name: 'เกาะยอ', amphoe: 'เมืองสงขลา', n: 1 }),
  feature({ type: 'Point', coordinates: [100.43, 7.23] }, { name: 'ชิงโค', amphoe: 'สิงหนคร', n: 2 }),
  feature({ type: 'Point', coordinates: [100.6, 7.0] }, { name: 'ผู้ใหญ่ น้ำ ที่ตั้ง ปู่ ฝั่ง', amphoe: 'หาดใหญ่', n: 3 }),
];
