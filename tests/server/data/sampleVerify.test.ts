// verifySample (src/server/data/sample/verify.ts), the generator's last step: on the generated
// sample it passes, and with one segment's change polygons of one year pair gone it fails naming
// that check (each change is made in a transaction that is rolled back). The generation's
// temporary tables, which two checks count against, are stood in for with the counts they had.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySample } from '../../../src/server/data/sample/verify.ts';
import type { Queryable } from '../../../src/server/db/types.ts';
import { openSampleDatabase, SLOW, type TestDatabase } from '../db/testDatabase.ts';

let sample: TestDatabase;
beforeAll(async () => {
  sample = await openSampleDatabase();
}, SLOW);
afterAll(() => sample?.close());

const ROLLBACK = 'rolled back on purpose';

/** Runs `change`, then verifySample, in a transaction that is always rolled back; returns its error or null. */
async function verifyAfter(change: (tx: Queryable) => Promise<unknown>): Promise<string | null> {
  let found: string | null = null;
  await sample.db
    .transaction(async (tx) => {
      await tx.query(`CREATE TEMP TABLE sample_strip ON COMMIT DROP AS SELECT gid AS seg_gid FROM coast_segment WHERE zone IN ('mainland', 'lake_land')`);
      await tx.query(`CREATE TEMP TABLE sample_lu_cell ON COMMIT DROP AS SELECT generate_series(1, (SELECT count(*) / 3 FROM landuse)::integer) AS cell`);
      await change(tx);
      await verifySample(tx).catch((error: unknown) => (found = String(error)));
      throw new Error(ROLLBACK);
    })
    .catch((error: unknown) => {
      if (!String(error).includes(ROLLBACK)) throw error;
    });
  return found;
}

/** Deletes one segment's rows of dataset's first year pair. */
const dropOnePair = (dataset: 'cmline' | 'shoreline') => (tx: Queryable) =>
  tx.query(`
    DELETE FROM change_area a USING (
      SELECT seg_gid, start_year, end_year FROM change_area
      WHERE dataset = $1 AND seg_gid IN (SELECT gid FROM coast_segment WHERE zone = 'mainland')
      ORDER BY seg_gid, start_year, end_year LIMIT 1
    ) first
    WHERE a.dataset = $1 AND a.seg_gid = first.seg_gid AND a.start_year = first.start_year AND a.end_year = first.end_year`, [dataset]);

describe('verifySample', () => {
  it('passes on the generated sample', { timeout: SLOW }, async () => {
    expect(await verifyAfter(async () => undefined)).toBeNull();
  });

  it("names the missing monitoring-line pair when one segment's polygons of one pair are gone", { timeout: SLOW }, async () => {
    const error = await verifyAfter(dropOnePair('cmline'));
    expect(error).toMatch(/every segment has erosion or accretion for all 15 pairs of monitoring years: 1 missing/);
    expect(error).not.toMatch(/shoreline years/);
  });

  it("names the missing shoreline pair when one mainland segment's polygons of one pair are gone", { timeout: SLOW }, async () => {
    const error = await verifyAfter(dropOnePair('shoreline'));
    expect(error).toMatch(/every mainland segment has change polygons for all 15 pairs of shoreline years: 1 missing/);
    expect(error).not.toMatch(/monitoring years/);
  });
});
