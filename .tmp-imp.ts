import { openTestDatabase } from './tests/server/import/db.ts';
import { readSource } from './src/server/import/index.ts';
import { loadFeatures } from './src/server/import/load.ts';
const db = await openTestDatabase();
const s = await readSource('../shared/data/thai-admin/source/tha_admbnda_adm3_rtsd_20220121_simplified_shp.zip');
let i = 0;
for (const rows of [100, 250, 500, 1000, 100, 250, 500, 1000, 50]) {
const t0 = performance.now();
await db.transaction((tx) => loadFeatures(tx, s.columns, s.features, { table: 't' + (i++), mode: 'create', label: 'x', batchRows: rows }));
console.log('load', rows, Math.round(performance.now() - t0));
}
// raw cost of geojson parse only
const gj = s.features.map(f => JSON.stringify(f.geometry));
let t0 = performance.now();
for (let k = 0; k < gj.length; k += 250) {
  const part = gj.slice(k, k + 250);
  await db.query(`select count(*) from (values ${part.map((_, j) => `($${j+1}::text)`).join(',')}) v(j)`, part);
}
console.log('bind only', Math.round(performance.now() - t0));
t0 = performance.now();
for (let k = 0; k < gj.length; k += 250) {
  const part = gj.slice(k, k + 250);
  await db.query(`select count(ST_GeomFromGeoJSON(j)) from (values ${part.map((_, j) => `($${j+1}::text)`).join(',')}) v(j)`, part);
}
console.log('parse', Math.round(performance.now() - t0));
t0 = performance.now();
for (let k = 0; k < gj.length; k += 250) {
  const part = gj.slice(k, k + 250);
  await db.query(`select count(*) filter (where (ST_IsValidDetail(ST_GeomFromGeoJSON(j))).valid) from (values ${part.map((_, j) => `($${j+1}::text)`).join(',')}) v(j)`, part);
}
console.log('parse+valid', Math.round(performance.now() - t0));
await db.close();
