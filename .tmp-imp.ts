import { openTestDatabase } from './tests/server/import/db.ts';
import { readSource } from './src/server/import/index.ts';
import { toWkbHex } from './src/server/import/wkb.ts';
const db = await openTestDatabase();
const s = await readSource('../shared/data/thai-admin/source/tha_admbnda_adm3_rtsd_20220121_simplified_shp.zip');
const cols = s.columns;
const defs = cols.map(c => `"${c.name}" ${c.type}`).join(', ');
const rows = s.features.map(f => [...f.values, toWkbHex(f.geometry!)]);
const W = cols.length + 1;
const best: Record<string, number> = {};
function values(n: number) {
  const out: string[] = [];
  for (let r = 0; r < n; r++) out.push('(' + [...cols.map((c, i) => `$${r*W+i+1}::${c.type}`), `$${r*W+W}::text`].join(',') + ')');
  return out.join(',');
}
const names = cols.map((_, i) => `c${i}`);
const q = cols.map(c => `"${c.name}"`).join(',');
async function run(name: string, sql: (n: number) => string, batch = 500) {
  await db.query('drop table if exists z');
  await db.query(`create table z (gid serial primary key, ${defs}, geom geometry(Geometry,4326))`);
  await db.query('alter table z alter column geom set storage external');
  const t0 = performance.now();
  await db.query('BEGIN');
  for (let k = 0; k < rows.length; k += batch) {
    const part = rows.slice(k, k + batch);
    await db.query(sql(part.length), part.flat());
  }
  await db.query('COMMIT');
  best[name] = Math.min(best[name] ?? Infinity, Math.round(performance.now() - t0));
}
for (let r = 0; r < 3; r++) {
  await run('attrs no geom', n => `insert into z (${q}) select ${names.join(',')} from (values ${values(n)}) v(${names.join(',')}, j)`);
  await run('attrs + wkb', n => `insert into z (${q}, geom) select ${names.join(',')}, ST_GeomFromWKB(decode(j,'hex'),4326) from (values ${values(n)}) v(${names.join(',')}, j)`);
  await run('inline valid', n => `insert into z (${q}, geom) select ${names.join(',')}, CASE WHEN (ST_IsValidDetail(g)).valid THEN g ELSE ST_MakeValid(g) END from (select v.*, ST_GeomFromWKB(decode(j,'hex'),4326) g from (values ${values(n)}) v(${names.join(',')}, j)) w`);
  await run('cte (current)', n => `WITH v(${names.join(',')}, j) AS (VALUES ${values(n)}), w AS (SELECT v.*, ST_GeomFromWKB(decode(j, 'hex'), 4326) AS g FROM v), x AS (SELECT w.*, (g IS NULL OR (ST_IsValidDetail(g)).valid) AS ok FROM w), ins AS (INSERT INTO z (${q}, geom) SELECT ${names.join(',')}, CASE WHEN ok THEN g ELSE ST_MakeValid(g) END FROM x RETURNING 1) SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM x WHERE NOT ok)::int AS repaired`);
  await run('cte (current) 100', n => `WITH v(${names.join(',')}, j) AS (VALUES ${values(n)}), w AS (SELECT v.*, ST_GeomFromWKB(decode(j, 'hex'), 4326) AS g FROM v), x AS (SELECT w.*, (g IS NULL OR (ST_IsValidDetail(g)).valid) AS ok FROM w), ins AS (INSERT INTO z (${q}, geom) SELECT ${names.join(',')}, CASE WHEN ok THEN g ELSE ST_MakeValid(g) END FROM x RETURNING 1) SELECT (SELECT count(*) FROM ins)::int AS inserted, (SELECT count(*) FROM x WHERE NOT ok)::int AS repaired`, 100);
}
console.log(best);
await db.close();
