import { PGlite } from '@electric-sql/pglite';
import { postgis } from '@electric-sql/pglite-postgis';
const t0 = Date.now();
const db = new PGlite({ extensions: { postgis } });
await db.waitReady;
console.log('ready', Date.now() - t0);
await db.query('CREATE EXTENSION IF NOT EXISTS postgis');
console.log('ext', Date.now() - t0);
const r = await db.query("select postgis_full_version() v, ST_AsText(ST_MakeValid('POLYGON((0 0,1 1,1 0,0 1,0 0))'::geometry)) mv");
console.log(r.rows);
const r2 = await db.query("select ST_IsValidReason(ST_GeomFromGeoJSON($1)) x", ['{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}']);
console.log(r2.rows);
try { await db.query("select ST_GeomFromGeoJSON($1)", ['{"type":"Polygon","coordinates":[[[0,0],[1,1]]]}']); } catch(e) { console.log('err', e.message); }
await db.transaction(async (tx) => { console.log(Object.keys(tx)); });
await db.close();
