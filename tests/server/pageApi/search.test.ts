// Router page=search (issue 11 item 2) on the generated sample database: Thai and English
// substrings, case and Thai tone marks ignored, every kind of place, best matches first, boxes,
// the limit, 4xx for bad input, and the place_search table following its source tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldQuery } from '../../../src/server/pageApi/pages/search.ts';
import { SLOW } from '../db/testDatabase.ts';
import { startBackend, type Backend } from './helpers.ts';

interface Place {
  kind: string;
  code: string;
  name: string;
  name_en: string | null;
  province: string | null;
  district: string | null;
  bbox: [number, number, number, number] | null;
  point: [number, number] | null;
}

let backend: Backend;
beforeAll(async () => {
  backend = await startBackend();
}, SLOW);
afterAll(async () => backend?.close());

async function search(q: string, extra: Record<string, string> = {}): Promise<Place[]> {
  const answer = await backend.router({ page: 'search', q, ...extra });
  expect(answer.status, answer.text).toBe(200);
  const body = answer.json();
  expect(body.errors).toBe('');
  return body.data as Place[];
}

async function refused(query: string): Promise<string> {
  const answer = await backend.router(query);
  expect(answer.status, answer.text).toBe(400);
  const body = answer.json();
  expect(body.data).toEqual([]);
  return body.errors as string;
}

describe('page=search', { timeout: 60_000 }, () => {
  it('finds a province by its Thai name, whole-name match first, with its box', async () => {
    const [first, ...rest] = await search('สงขลา');
    expect(first).toMatchObject({ kind: 'province', code: '90', name: 'สงขลา', name_en: 'Songkhla' });
    const [x0, y0, x1, y1] = first!.bbox!;
    expect(x0).toBeLessThan(x1);
    expect(y0).toBeLessThan(y1);
    expect(x0).toBeGreaterThan(99);
    expect(y1).toBeLessThan(9);
    // The others contain the name (districts, beach groups) and come after it.
    expect(rest.length).toBeGreaterThan(0);
    for (const place of rest) expect(place.name).toContain('สงขลา');
  });

  it('ignores Thai tone marks on both sides: เกาะชาง finds เกาะช้าง, and so does the query typed with them', async () => {
    const withoutMarks = await search('เกาะชาง');
    expect(withoutMarks.map((p) => p.name)).toContain('เกาะช้าง');
    expect(withoutMarks.some((p) => p.kind === 'island' && p.name === 'เกาะช้าง')).toBe(true);
    expect(await search('เกาะช้าง')).toEqual(withoutMarks);
  });

  it('matches English names case-insensitively, anywhere in the name', async () => {
    const upper = await search('KO CHANG');
    expect(upper.some((p) => p.kind === 'island' && p.name_en === 'Ko Chang')).toBe(true);
    expect(await search('ko chang')).toEqual(upper);
    const inside = await search('ongkh');
    expect(inside.some((p) => p.kind === 'province' && p.code === '90')).toBe(true);
  });

  it('finds every kind of place by its own name', async () => {
    const { rows } = await backend.db.query<{ kind: string; code: string; name: string }>(
      `SELECT DISTINCT ON (kind) kind, code, name FROM place_search ORDER BY kind, length(name) DESC, code`,
    );
    expect(rows.map((r) => r.kind).sort()).toEqual(['beach_main', 'beach_sub', 'beach_system', 'cctv', 'district', 'island', 'lake_island', 'province', 'radar_station', 'subdistrict']);
    for (const row of rows) {
      const found = await search(row.name, { limit: '50' });
      expect(found.some((p) => p.kind === row.kind && p.code === row.code), `${row.kind} ${row.name}`).toBe(true);
    }
  });

  it('finds our own sites: บางแสน is the CCTV camera at หาดบางแสน, with its province, and a point on it in its box (issue 24 item 8)', async () => {
    const found = await search('บางแสน');
    const camera = found.find((p) => p.kind === 'cctv');
    expect(camera).toMatchObject({ name: 'หาดบางแสน', province: 'ชลบุรี' });
    const { rows } = await backend.db.query<{ code: string }>(`SELECT code FROM radar_station ORDER BY code LIMIT 1`);
    expect((await search(rows[0]!.code.toLowerCase())).some((p) => p.kind === 'radar_station' && p.code === rows[0]!.code)).toBe(true);
    for (const p of [...found, ...(await search('สงขลา'))]) {
      const [x0, y0, x1, y1] = p.bbox!;
      const [x, y] = p.point!;
      expect(x >= x0 && x <= x1 && y >= y0 && y <= y1, `${p.kind} ${p.name}`).toBe(true);
    }
  });

  it('reads จ./อ./ต. and จังหวัด/อำเภอ/ตำบล as the kind of place, not as part of its name (issue 24 item 8)', async () => {
    expect((await search('จ.ชลบุรี'))[0]).toMatchObject({ kind: 'province', code: '20' });
    expect((await search('จังหวัดชลบุรี'))[0]).toMatchObject({ kind: 'province', code: '20' });
    expect((await search('อ.เมืองสงขลา'))[0]).toMatchObject({ kind: 'district', code: '9001' });
    expect((await search('ต.บ่อยาง'))[0]).toMatchObject({ kind: 'subdistrict', name: 'บ่อยาง' });
    // the prefix's kind comes first among names that start alike
    const districts = await search('อ.เมือง');
    expect(districts[0]!.kind).toBe('district');
  });

  it('finds a name with one letter wrong after every exact, prefix and substring match (issue 24 item 8)', async () => {
    expect((await search('สงขา'))[0]).toMatchObject({ kind: 'province', code: '90' });
    const found = await search('ชลบุรี', { limit: '50' });
    const exact = found.map((p) => foldQuery(p.name).includes('ชลบุรี'));
    expect(exact.includes(false), 'เพชรบุรี is one letter away').toBe(true);
    expect(exact.indexOf(false)).toBeGreaterThan(exact.lastIndexOf(true));
    // three letters are too few to guess at
    expect(await search('สงข')).toEqual((await search('สงข')).filter((p) => foldQuery(p.name).includes('สงข') || p.code.toLowerCase().startsWith('สงข')));
  });

  it('finds beach systems by a code prefix', async () => {
    const found = await search('t1-01');
    expect(found.length).toBeGreaterThan(1);
    for (const p of found) expect(p.code.startsWith('T1-01')).toBe(true);
    expect(found[0]!.kind).toBe('beach_sub');
  });

  it('bounds the answer: 10 by default, `limit` up to 50', async () => {
    expect(await search('ก')).toHaveLength(10);
    expect(await search('ก', { limit: '3' })).toHaveLength(3);
    expect((await search('ก', { limit: '50' })).length).toBe(50);
  });

  it('takes the query as text, never as a pattern', async () => {
    expect(await search('ก_')).toEqual([]);
    expect(await search('ก.')).toEqual([]);
  });

  it('refuses bad input with a 400 and a plain message', async () => {
    expect(await refused('page=search')).toMatch(/missing parameter q/);
    expect(await refused('page=search&q=')).toMatch(/missing parameter q/);
    expect(await refused(`page=search&q=${encodeURIComponent('่ ')}`)).toMatch(/letter or digit/);
    expect(await refused(`page=search&q=${encodeURIComponent("ก'; DROP TABLE province; --")}`)).toMatch(/may hold only/);
    expect(await refused(`page=search&q=${encodeURIComponent('ก%')}`)).toMatch(/may hold only/);
    expect(await refused(`page=search&q=${encodeURIComponent('ก'.repeat(101))}`)).toMatch(/at most 100/);
    for (const limit of ['0', '51', '-1', 'ten', '1.5']) expect(await refused(`page=search&q=ko&limit=${limit}`)).toMatch(/limit must be/);
    expect(await refused('page=search&mode=list&q=ko')).toMatch(/takes no mode/);
  });

  it('folds a query exactly as place_fold() folds the stored names', async () => {
    const { rows } = await backend.db.query<{ name: string; name_en: string | null; f_name: string; f_en: string }>('SELECT name, name_en, f_name, f_en FROM place_search');
    expect(rows.length).toBeGreaterThan(500);
    for (const row of rows) {
      expect(foldQuery(row.name), row.name).toBe(row.f_name);
      expect(foldQuery(row.name_en ?? ''), row.name_en ?? '').toBe(row.f_en);
    }
    // Decomposed sara am, marks in the other order, thanthakhat, spaces and case.
    const samples = ['น\u0E4D\u0E32', 'ก\u0E49\u0E35', 'ก\u0E35\u0E49', 'จันทร์', '  Ko   CHANG ', 'กรุงเทพฯ', 'เกาะช้าง'];
    for (const text of samples) {
      const { rows: folded } = await backend.db.query<{ f: string }>('SELECT place_fold($1) AS f', [text]);
      expect(foldQuery(text), JSON.stringify(text)).toBe(folded[0]!.f);
    }
    expect(foldQuery('ก\u0E49\u0E35')).toBe(foldQuery('ก\u0E35\u0E49'));
  });

  it('place_search follows its source tables (statement triggers), here inside a transaction that is undone', async () => {
    const undo = new Error('undo');
    const seen = await backend.db
      .transaction(async (tx) => {
        await tx.query(`UPDATE island SET island = 'เกาะทดสอบค้นหา' WHERE gid = (SELECT min(gid) FROM island)`);
        const { rows } = await tx.query<{ name: string; f_name: string }>(`SELECT name, f_name FROM place_search WHERE kind = 'island' AND name = 'เกาะทดสอบค้นหา'`);
        throw Object.assign(undo, { rows });
      })
      .catch((error: unknown) => (error === undo ? (undo as Error & { rows: unknown[] }).rows : Promise.reject(error)));
    expect(seen).toEqual([{ name: 'เกาะทดสอบค้นหา', f_name: 'เกาะทดสอบคนหา' }]);
    expect(await search('เกาะทดสอบ')).toEqual([]);
  });
});
