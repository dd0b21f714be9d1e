// The deterministic sample dataset (PROVENANCE.md): built from Natural Earth and the DOPA code list
// plus seeded synthetic change, then measured by PostGIS. Runs inside the caller's transaction,
// so a failure leaves the database as it was.

import type { Queryable, ScriptRunner } from '../../db/types.ts';
import { CHANGE_AREA_SQL, ANALYSIS_AREA_SQL, changeRateSql } from './analysis.sql.ts';
import { ADMIN_AREAS_SQL, BEACH_GEOMETRY_SQL, LITTORAL_SQL, STRIPS_SQL } from './areas.sql.ts';
import { buildBeaches } from './beach.ts';
import { bulkInsert } from './bulkInsert.ts';
import { ALL_PROVINCES } from './coastPlan.ts';
import { insertCvi } from './cvi.ts';
import { insertAdmin, insertBeaches, insertIslands, insertLand, insertLines } from './insertBase.ts';
import { insertLanduse } from './landuse.ts';
import { loadThaiCoast } from './naturalEarth.ts';
import { insertPotentialAreas } from './potential.ts';
import { buildCoastModel } from './segments.ts';
import { insertErosionSolutions } from './solution.ts';
import { insertStations } from './stations.ts';
import { insertCoastalStatus } from './status.ts';
import { insertStructures } from './structures.ts';
import { loadAdmin } from './thaiAdmin.ts';
import { readTransects } from './transectRows.ts';
import { verifySample } from './verify.ts';
import { BASE_YEAR, buildYearLines } from './yearLines.ts';
import { SAMPLE_TABLES } from './tables.ts';
import { sampleYears } from './years.ts';

const SAMPLE_DATASET = {
  name: 'sample',
  /** Bump when the generator's output changes. */
  version: '2',
  seed: 'tcs-sample-v1',
  description:
    'ข้อมูลตัวอย่าง (สังเคราะห์) ไม่ใช่ข้อมูลจริง / Sample data: real Natural Earth coastline and DOPA codes, ' +
    'synthetic yearly change measured by PostGIS. See src/server/data/PROVENANCE.md.',
} as const;

export { SAMPLE_TABLES };

interface GenerateOptions {
  seed?: string;
  log?: (message: string) => void;
}

export interface GenerateReport {
  ms: number;
  steps: { step: string; ms: number }[];
}

export async function generateSampleData(tx: Queryable & ScriptRunner, options: GenerateOptions = {}): Promise<GenerateReport> {
  const seed = options.seed ?? SAMPLE_DATASET.seed;
  const log = options.log ?? (() => undefined);
  const years = sampleYears();
  const started = performance.now();
  const steps: GenerateReport['steps'] = [];
  let last = started;
  const step = async <T>(name: string, fn: () => Promise<T> | T): Promise<T> => {
    const result = await fn();
    const now = performance.now();
    steps.push({ step: name, ms: Math.round(now - last) });
    log(`sample data: ${name} (${Math.round(now - last)} ms)`);
    last = now;
    return result;
  };

  const { admin, model, beaches, lines } = await step('build lines', async () => {
    const admin = await loadAdmin(ALL_PROVINCES);
    const model = buildCoastModel(loadThaiCoast(), admin, seed);
    const beaches = buildBeaches(model.segments, seed);
    const lines = buildYearLines(model.parents, [...years.cmline, ...years.shoreline], seed);
    return { admin, model, beaches, lines };
  });
  await step('dataset and land', async () => {
    await bulkInsert(
      tx,
      'dataset_info',
      [
        { name: 'name', type: 'text' },
        { name: 'version', type: 'text' },
        { name: 'sample', type: 'bool' },
        { name: 'description', type: 'text' },
      ],
      [[SAMPLE_DATASET.name, SAMPLE_DATASET.version, true, SAMPLE_DATASET.description]],
    );
    await insertLand(tx);
  });
  await step('admin, islands, beaches', async () => {
    await insertAdmin(tx, admin, model);
    await insertIslands(tx, model);
    await insertBeaches(tx, beaches);
  });
  await step('yearly lines', () => insertLines(tx, model, beaches, lines));
  await step('erosion and accretion', async () => {
    for (const sql of CHANGE_AREA_SQL) await tx.query(sql);
  });
  await step('change rates', async () => {
    for (const sql of changeRateSql(BASE_YEAR, years.rate)) await tx.query(sql);
    await tx.query(ANALYSIS_AREA_SQL);
  });
  await step('areas and beach systems', async () => {
    await tx.exec(STRIPS_SQL);
    await tx.exec(ADMIN_AREAS_SQL);
    await tx.exec(BEACH_GEOMETRY_SQL);
    await tx.exec(LITTORAL_SQL);
  });
  await step('topic layers', async () => {
    const transects = await readTransects(tx, [...years.status, 2567]);
    await insertCoastalStatus(tx, transects, seed);
    await insertStructures(tx, transects, seed);
    await insertErosionSolutions(tx, transects, seed);
    await insertPotentialAreas(tx, seed);
    await insertCvi(tx, seed);
  });
  await step('land use', () => insertLanduse(tx, seed));
  await step('stations', () => insertStations(tx, model, seed));
  await step('transects', async () => (await import('./transects.ts')).insertTransects(tx));
  await step('verify', () => verifySample(tx));
  await step('analyze', () => tx.exec(`ANALYZE ${SAMPLE_TABLES.join(', ')}`));
  return { ms: Math.round(performance.now() - started), steps };
}
