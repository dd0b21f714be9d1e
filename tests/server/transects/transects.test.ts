// Transects on the generated sample database (PGlite, or PostgreSQL with TEST_DATABASE_URL /
// the server-pg project): statistics against PostgreSQL's regr_* aggregates, period recomputation,
// totals equal to the sum of their transects, the router pages and the CSV / shape-zip downloads.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dsasStats } from '../../../src/server/transects/dsasStats.ts';
import { transectHistory, transectsWithStats } from '../../../src/server/transects/query.ts';
import { SLOW } from '../db/testDatabase.ts';
import { startBackend, type Backend } from '../pageApi/helpers.ts';
import { ogrFeatures, ogrSummary, requireGdal } from '../shapefile/gdal.ts';

let backend: Backend;
let dir: string;
beforeAll(async () => {
  requireGdal();
  dir = mkdtempSync(path.join(tmpdir(), 'transects-'));
  backend = await startBackend();
}, SLOW);
afterAll(async () => {
  await backend?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('transect build', () => {
  it('has transects with admin and beach codes and yearly distances', async () => {
    const { rows } = await backend.db.query<{ n: number; prv: number; bs: number; d: number; years: number }>(
      `SELECT count(*)::integer AS n, count(prv_name)::integer AS prv, count(code_b_s)::integer AS bs,
              (SELECT count(*) FROM transect_distance)::integer AS d, (SELECT count(DISTINCT line_year) FROM transect_distance)::integer AS years
       FROM transect`);
    expect(rows[0]!.n).toBeGreaterThan(30_000);
    expect(rows[0]!.prv).toBe(rows[0]!.n);
    expect(rows[0]!.bs).toBeGreaterThan(rows[0]!.n * 0.5);
    expect(rows[0]!.years).toBe(12);
    expect(rows[0]!.d).toBeGreaterThan(rows[0]!.n * 6);
  });
});

describe('statistics agree with PostgreSQL regr_*', () => {
  // DSAS's LRR (the default basis) is regr_slope over every year of the period; the robust basis
  // is the same over the years that are not outliers (issue 27 item 8).
  it.each([
    [2562, 2567, 'dsas'],
    [2548, 2567, 'dsas'],
    [2548, 2567, 'robust'],
  ] as const)('100 transects, period %i-%i, rate basis %s', async (start, end, basis) => {
    const rows = await transectsWithStats(backend.db, { pv: ['74', '84', '90'] }, { start, end }, { limit: 100_000, basis });
    const sample = rows.filter((_, i) => i % Math.floor(rows.length / 100) === 0).slice(0, 100);
    expect(sample).toHaveLength(100);
    const excluded = basis === 'robust' ? sample.flatMap((r) => r.outlier_years.map((y) => [r.gid, y])) : [];
    const { rows: sql } = await backend.db.query<{ gid: number; slope: number; r2: number; n: number; se: number | null; nsm: number }>(
      `SELECT d.transect_gid AS gid, regr_slope(d.distance, d.line_year) AS slope, regr_r2(d.distance, d.line_year) AS r2,
              regr_count(d.distance, d.line_year)::integer AS n,
              CASE WHEN regr_count(d.distance, d.line_year) > 2 THEN sqrt(greatest(regr_syy(d.distance, d.line_year) - regr_slope(d.distance, d.line_year) * regr_sxy(d.distance, d.line_year), 0)
                / (regr_count(d.distance, d.line_year) - 2)) / sqrt(regr_sxx(d.distance, d.line_year)) END AS se
       FROM transect_distance d
       WHERE d.transect_gid = ANY($1::int[]) AND d.line_year BETWEEN $2 AND $3
         AND NOT EXISTS (SELECT 1 FROM unnest($4::int[], $5::int[]) AS x(g, y) WHERE x.g = d.transect_gid AND x.y = d.line_year)
       GROUP BY d.transect_gid`,
      [sample.map((r) => r.gid), start, end, excluded.map((e) => e[0]), excluded.map((e) => e[1])],
    );
    const byGid = new Map(sql.map((r) => [r.gid, r]));
    for (const r of sample) {
      const s = byGid.get(r.gid)!;
      expect(r.rate_basis).toBe(basis);
      expect(r.n_lrr).toBe(s.n);
      expect(Math.abs(r.lrr! - s.slope)).toBeLessThan(0.01);
      expect(Math.abs((r.r2 ?? 1) - (s.r2 ?? 1))).toBeLessThan(0.01);
      if (s.se !== null) expect(Math.abs(r.lrr_se! - s.se)).toBeLessThan(0.01);
    }
  });

  it('the rate basis is in the URL: rate=robust classes by the robust rate, rate=dsas (default) by DSAS', async () => {
    const query = { page: 'transects', mode: 'list', pv: '74', start: '2548', end: '2567' };
    const dsas = (await backend.router(query)).json().data as { gid: number; lrr: number; lrr_robust: number; rate_basis: string; outlier_years: number[] }[];
    const robust = (await backend.router({ ...query, rate: 'robust' })).json().data as typeof dsas;
    expect(dsas[0]!.rate_basis).toBe('dsas');
    expect(robust[0]!.rate_basis).toBe('robust');
    const flagged = dsas.findIndex((r) => r.outlier_years.length > 0);
    expect(flagged).toBeGreaterThanOrEqual(0);
    expect(robust[flagged]!.lrr).toBeCloseTo(dsas[flagged]!.lrr_robust, 10);
    expect(dsas[flagged]!.lrr).not.toBeCloseTo(dsas[flagged]!.lrr_robust, 6);
    expect((await backend.router({ ...query, rate: 'median' })).status).toBe(400);
  });
});

describe('a distance PostgreSQL holds as NaN (issue 27 item 9)', () => {
  it('is null in the history, never the string "NaN", and left out of the statistics', async () => {
    const rollback = new Error('rollback');
    const seen = await backend.db
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ gid: number; year: number }>(
          `SELECT transect_gid AS gid, max(line_year) AS year FROM transect_distance GROUP BY transect_gid HAVING count(*) >= 6 ORDER BY transect_gid LIMIT 1`,
        );
        const { gid, year } = rows[0]!;
        const before = await transectHistory(tx, gid, null);
        await tx.query(`UPDATE transect_distance SET distance = 'NaN' WHERE transect_gid = $1 AND line_year = $2`, [gid, year]);
        const after = await transectHistory(tx, gid, null);
        throw Object.assign(rollback, { seen: { year, before, after } });
      })
      .catch((error: unknown) => (error === rollback ? (rollback as Error & { seen: unknown }).seen : Promise.reject(error)));
    const { year, before, after } = seen as { year: number; before: NonNullable<Awaited<ReturnType<typeof transectHistory>>>; after: NonNullable<Awaited<ReturnType<typeof transectHistory>>> };
    expect(JSON.stringify(after)).not.toContain('NaN');
    expect(after.history.find((h) => h.year === year)!.distance).toBeNull();
    expect(after.n).toBe(before.n - 1);
  });
});

describe('router page=transects', () => {
  it('mode=years lists the yearly lines', async () => {
    const a = await backend.router({ page: 'transects', mode: 'years' });
    expect(a.json()).toEqual({ errors: '', data: [2548, 2554, 2556, 2557, 2558, 2559, 2562, 2563, 2564, 2565, 2566, 2567] });
  });

  it('mode=list recomputes for the period; totals equal the sum of their transects', async () => {
    const a = await backend.router({ page: 'transects', mode: 'list', pv: '90', start: '2562', end: '2567' });
    expect(a.status, a.text.slice(0, 200)).toBe(200);
    const list = a.json().data as any[];
    expect(list.length).toBeGreaterThan(500);
    expect(list.every((r) => r.prv_code === '90' && r.n <= 6)).toBe(true);
    const b = await backend.router({ page: 'transects', mode: 'list', pv: '90', start: '2548', end: '2567' });
    const longer = b.json().data as any[];
    expect(longer.length).toBe(list.length);
    expect(longer.some((r) => r.n > 6)).toBe(true);
    // mainland transects gain the shoreline years 2548-2559 (Songkhla Lake shores have none)
    expect(longer.filter((r, i) => r.lrr !== list[i].lrr).length).toBeGreaterThan(list.length / 3);

    for (const by of ['district', 'beach_system'] as const) {
      const t = await backend.router({ page: 'transects', mode: 'totals', pv: '90', start: '2562', end: '2567', by });
      expect(t.status, t.text.slice(0, 200)).toBe(200);
      const totals = t.json().data as any[];
      const key = by === 'district' ? 'amp_code' : 'code_b_s';
      expect(totals.reduce((s, g) => s + g.transects, 0)).toBe(list.length);
      for (const g of totals) {
        const members = list.filter((r) => (r[key] ?? null) === g.code);
        expect(g.transects).toBe(members.length);
        expect(g.km).toBeCloseTo(members.reduce((s, r) => s + r.coast_m, 0) / 1000, 6);
        const classes = Object.keys(g).filter((k) => k.startsWith('km_'));
        expect(classes.reduce((s, k) => s + g[k], 0)).toBeCloseTo(g.km, 6);
        expect(g.significant).toBe(members.filter((r) => r.significant).length);
        const rated = members.filter((r) => r.lrr !== null);
        if (rated.length) expect(g.mean_rate).toBeCloseTo(rated.reduce((s, r) => s + r.lrr, 0) / rated.length, 6);
        // issue 27 item 10: mean EPR, coast-length weighted means, transects spanning the whole period
        const weighted = (rows: any[], field: string) => rows.reduce((s, r) => s + r[field] * r.coast_m, 0) / rows.reduce((s, r) => s + r.coast_m, 0);
        if (rated.length) expect(g.mean_rate_weighted).toBeCloseTo(weighted(rated, 'lrr'), 6);
        const withEpr = members.filter((r) => r.epr !== null);
        if (withEpr.length) {
          expect(g.mean_epr).toBeCloseTo(withEpr.reduce((s, r) => s + r.epr, 0) / withEpr.length, 6);
          expect(g.mean_epr_weighted).toBeCloseTo(weighted(withEpr, 'epr'), 6);
        }
        expect(g.full_period).toBe(members.filter((r) => r.first_year === 2562 && r.last_year === 2567).length);
        expect(g.significant_pct).toBeCloseTo((100 * g.significant) / g.rated, 6);
        if (by === 'district') expect([g.prv_name, g.amp_name, g.amp_code]).toEqual([members[0].prv_name, members[0].amp_name, g.code]);
        else if (g.code !== null) expect(typeof g.name).toBe('string');
      }
    }
  });

  it('rate=robust totals (statistics from JavaScript) equal the sum of the robust list, as the DSAS ones (from SQL) do of theirs', async () => {
    const query = { page: 'transects', pv: '90', start: '2548', end: '2567' };
    for (const rate of ['robust', 'dsas']) {
      const list = (await backend.router({ ...query, mode: 'list', rate })).json().data as any[];
      const totals = (await backend.router({ ...query, mode: 'totals', by: 'district', rate })).json().data as any[];
      for (const g of totals) {
        const members = list.filter((r) => r.amp_code === g.code);
        expect(g.significant).toBe(members.filter((r) => r.significant).length);
        for (const c of ['severe_erosion', 'low_accretion']) {
          expect(g[`km_${c}`]).toBeCloseTo(members.filter((r) => r.rate_class === c).reduce((s, r) => s + r.coast_m, 0) / 1000, 6);
        }
        expect(g.full_period).toBe(members.filter((r) => r.first_year === 2548 && r.last_year === 2567).length);
      }
    }
  });

  it('mode=totals split by rate class, and for a bbox, equal the sum of their transects', async () => {
    const bbox = '100.3,7.0,100.7,7.4';
    const [x0, y0, x1, y1] = bbox.split(',').map(Number) as [number, number, number, number];
    const a = await backend.router({ page: 'transects', mode: 'list', bbox, start: '2562', end: '2567' });
    const list = a.json().data as any[];
    expect(list.length).toBeGreaterThan(20);
    expect(list.every((r) => r.lon >= x0 && r.lon <= x1 && r.lat >= y0 && r.lat <= y1)).toBe(true);
    const t = await backend.router({ page: 'transects', mode: 'totals', bbox, start: '2562', end: '2567', by: 'district', split: 'rate_class', significant: '1' });
    expect(t.status, t.text.slice(0, 200)).toBe(200);
    const totals = t.json().data as any[];
    expect(totals.reduce((s, g) => s + g.transects, 0)).toBe(list.length);
    for (const g of totals) {
      const members = list.filter((r) => r.amp_code === g.code && r.rate_class === g.rate_class);
      expect(g.transects).toBe(members.length);
      expect(g.km).toBeCloseTo(members.reduce((s, r) => s + r.coast_m, 0) / 1000, 6);
      expect(g.significant).toBe(members.filter((r) => r.significant).length);
    }
    expect(new Set(totals.map((g) => g.rate_class)).size).toBeGreaterThan(2);
  });

  it('mode=history gives every year, null where the line misses', async () => {
    const { rows } = await backend.db.query<{ gid: number }>(`SELECT gid FROM transect WHERE zone = 'island' ORDER BY gid LIMIT 1`);
    const a = await backend.router({ page: 'transects', mode: 'history', gid: String(rows[0]!.gid), start: '2562', end: '2567' });
    expect(a.status, a.text.slice(0, 200)).toBe(200);
    const h = a.json().data[0];
    expect(h.history.map((y: any) => y.year)).toEqual([2548, 2554, 2556, 2557, 2558, 2559, 2562, 2563, 2564, 2565, 2566, 2567]);
    // islands have no shoreline lines: those years are null and n counts only the measured ones
    expect(h.history.slice(0, 6).every((y: any) => y.distance === null)).toBe(true);
    expect(h.n).toBe(h.history.filter((y: any) => y.in_period && y.distance !== null).length);
    expect(h.history.filter((y: any) => y.in_period).every((y: any) => y.fit !== null)).toBe(true);
  });

  it('refuses bad input', async () => {
    for (const q of <Record<string, string>[]>[
      { page: 'transects', mode: 'list', start: '2562', end: '2567' },
      { page: 'transects', mode: 'list', pv: '90', start: '2567', end: '2562' },
      { page: 'transects', mode: 'list', bbox: '1,2,3', start: '2562', end: '2567' },
      { page: 'transects', mode: 'history', gid: '1;drop' },
      { page: 'transects', mode: 'totals', pv: '90', start: '2562', end: '2567', by: 'x' },
      { page: 'transects', mode: 'totals', pv: '90', start: '2562', end: '2567', by: 'district', split: 'x' },
    ]) {
      const a = await backend.router(q);
      expect(a.status).toBe(400);
      expect(a.json().data).toEqual([]);
    }
  });

  it('downloads CSV (UTF-8 BOM) and a shape-zip that ogrinfo reads with Thai intact', async () => {
    const q = { page: 'transects', mode: 'download', ap: '9001', start: '2562', end: '2567' };
    const csv = await backend.router({ ...q, outputFormat: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="transects.csv"');
    expect([...csv.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.text.slice(1).trim().split('\r\n');
    expect(lines[0]!.startsWith('gid,prv_code,prv_name')).toBe(true);
    expect(lines[1]).toContain('สงขลา');
    // issue 27 item 11: the header gives each unit; the rate class comes with its Thai name, as the legend words it
    const header = lines[0]!.split(',');
    for (const column of ['nsm (m)', 'sce (m)', 'epr (m/yr)', 'lrr (m/yr)', 'lrr_se (m/yr)', 'lrr_ci95 (m/yr)', 'lrr_robust (m/yr)', 'rate_class', 'class_th']) expect(header).toContain(column);
    const classOf = (line: string) => line.split(',').slice(-2);
    expect(lines.slice(1).map(classOf).find(([code]) => code === 'moderate_erosion')?.[1]).toBe('กัดเซาะปานกลาง (-5 ถึง -1)');

    const zip = await backend.router({ ...q, outputFormat: 'shape-zip' });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-disposition']).toBe('attachment; filename="transects.zip"');
    const file = path.join(dir, 'transects.zip');
    writeFileSync(file, zip.body);
    const summary = ogrSummary(`/vsizip/${file}`);
    expect(summary.count).toBe(lines.length - 1);
    expect(summary.geometry).toBe('Line String');
    const features = ogrFeatures(`/vsizip/${file}`);
    expect(features[0]!.fields.prv_name).toBe('สงขลา');
    expect(features[0]!.fields.amp_name).toBeTruthy();
    expect(features[0]!.fields.lrr).not.toBeUndefined();
    // the readme names every column with its meaning and unit, in Thai and English
    const readme = Buffer.from(unzipSync(new Uint8Array(zip.body))['transects.txt']!).toString('utf8');
    expect(readme).toContain('สถิติการเปลี่ยนแปลงชายฝั่งตามแนวตั้งฉากชายฝั่ง (DSAS)');
    for (const column of header.map((h) => h.split(' ')[0]!)) {
      const line = readme.split('\r\n').find((l) => l.startsWith(`${column.padEnd(10)}  `));
      expect(line, column).toBeTruthy();
      expect(line, column).not.toMatch(/ - \/ -$/);
    }
    expect(readme).toMatch(/^lrr {8}.*\(ม\.\/ปี\) \/ Linear regression rate \(LRR\) \(m\/yr\)/m);
  });
});

describe("dsasStats reads each transect's years by its key (issue 29 aim 7)", () => {
  // The form before issue 29: every year of the period over the whole table, grouped, then joined
  // to the area (a province took ~0.3-0.7 s on PGlite). The per-transect form reads an area's rows
  // through the primary key in year order, as the grouped form's sort did, so the floating-point
  // sums and every derived figure are the same bits. Last in the file: the whole coast keeps the
  // HTTP client idle longer than the server's keep-alive, and the next request could meet a closed socket.
  const grouped = (sql: string) =>
    sql.replace(/CROSS JOIN LATERAL \(([\s\S]*)FROM transect_distance d\n\s*WHERE d\.transect_gid = t\.gid AND ([^\n]*)\) r\n\) a\n/, (_, head: string, where: string) =>
      `LEFT JOIN (${head.replace('SELECT regr_count', 'SELECT d.transect_gid AS gid, regr_count')}FROM transect_distance d JOIN transect t ON t.gid = d.transect_gid
    WHERE ${where} AND ${sql.slice(sql.lastIndexOf('WHERE ') + 6)}
    GROUP BY d.transect_gid) r
) a ON a.gid = t.gid
`);
  it.each([
    [{ pv: ['90'] }, 2562, 2567],
    [{ bbox: [100.3, 7.0, 100.7, 7.4] as [number, number, number, number] }, 2548, 2567],
    [{ pv: ['74', '84'] }, 2548, 2550],
    [{ pv: ['20'] }, 2567, 2567],
    [{}, 2562, 2567],
  ])('%j, %i-%i: the same rows as the grouped form', async (filter, start, end) => {
    const source = dsasStats(filter, { start, end });
    const reference = grouped(source.sql);
    expect(reference).not.toBe(source.sql);
    const byGid = (rows: object[]) => JSON.stringify([...(rows as Array<{ gid: number }>)].sort((a, b) => a.gid - b.gid));
    const now = (await backend.db.query<object>(source.sql, source.params)).rows;
    const before = (await backend.db.query<object>(reference, source.params)).rows;
    expect(now.length).toBeGreaterThan(0);
    expect(byGid(now)).toBe(byGid(before));
  });
});
