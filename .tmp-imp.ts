import { openTestDatabase } from './tests/server/import/db.ts';
import { readSource } from './src/server/import/index.ts';
import { loadFeatures } from './src/server/import/load.ts';
const db = await openTestDatabase();
let t0 = performance.now();
const s = await readSource('../shared/data/thai-admin/source/tha_admbnda_adm3_rtsd_20220121_simplified_shp.zip');
console.log('read', Math.round(performance.now() - t0));
const times: Record<string, number> = {};
const tx = { query: async (sql: string, params?: readonly unknown[]) => {
  const t = performance.now();
  try { return await db.query(sql, params); } finally {
    const k = sql.trim().split(/\s+/).slice(0, 2).join(' ');
    times[k] = (times[k] ?? 0) + performance.now() - t;
  }
} } as any;
for (let i = 0; i < 3; i++) {
  for (const k in times) delete times[k];
  const t0 = performance.now();
  await db.query('BEGIN');
  await loadFeatures(tx, s.columns, s.features, { table: 'r' + i, mode: 'create', label: 'x', batchRows: [1000, 500, 250][i] });
  await db.query('COMMIT');
  console.log('total', Math.round(performance.now() - t0), Object.fromEntries(Object.entries(times).map(([k, v]) => [k, Math.round(v)])));
}
console.log((await db.query("select count(*) filter (where ST_Equals(a.geom, b.geom)) eq, count(*) n from r0 a join r1 b using (gid)")).rows);
await db.close();
