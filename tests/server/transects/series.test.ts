// page=transects&mode=series (issue 25): every year's distance of an area's transects in one
// answer, the data the year slider plays in the browser; equal to the database's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { startBackend, type Backend } from '../pageApi/helpers.ts';

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, SLOW);
afterAll(async () => {
  await backend?.close();
});

describe('transects series (issue 25)', () => {
  it("answers each transect of the area with its years and distances, oldest first", async () => {
    const answer = await backend.router({ page: 'transects', mode: 'series', ap: '9001' });
    expect(answer.status).toBe(200);
    const data = answer.json().data as Array<{ gid: number; lon: number; lat: number; years: number[]; distances: number[] }>;
    const { rows } = await backend.db.query<{ n: number; d: number }>(
      `SELECT count(DISTINCT t.gid)::integer AS n, count(*)::integer AS d FROM transect t JOIN transect_distance d ON d.transect_gid = t.gid WHERE t.amp_code = '9001'`,
    );
    expect(data.length).toBe(rows[0]!.n);
    expect(data.reduce((sum, t) => sum + t.years.length, 0)).toBe(rows[0]!.d);
    for (const t of data.slice(0, 50)) {
      expect(t.years).toEqual([...t.years].sort((a, b) => a - b));
      expect(t.distances).toHaveLength(t.years.length);
      expect(Number.isFinite(t.lon) && Number.isFinite(t.lat)).toBe(true);
    }
  });

  it('needs an area', async () => {
    expect((await backend.router({ page: 'transects', mode: 'series' })).status).toBe(400);
  });
});
