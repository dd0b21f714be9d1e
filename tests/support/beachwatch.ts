// The GIS-admin example of issue 23 (tests/fixtures/admin-beachwatch): a copy of config/ with the
// beach-litter layer published and the /beachwatch topic added, optionally with one piece of it
// replaced by a mistake; and the 40 survey points it describes, written into a database.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { Queryable } from '../../src/server/db/types.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FIXTURE = path.join(ROOT, 'tests/fixtures/admin-beachwatch');
export const BEACHWATCH_TOPIC = readFileSync(path.join(FIXTURE, 'topics/beachwatch.yaml'), 'utf8');

/** The admin's line in config/glossary.yaml `fields` (kg is one of the shipped units). */
export const GLOSSARY_FIELD = 'litter_kg: { th: ปริมาณขยะ, en: Litter, unit: kg }';

export interface BeachwatchEdits {
  /** The catalog entry's text (default: the fixture's). */
  catalogLayer?: string;
  /** The table the fixture's entry publishes (default beachwatch). */
  table?: string;
  legend?: string;
  topic?: string;
}

/** A temp copy of config/ with the example added; `cleanup` removes it. */
export function beachwatchConfig(edits: BeachwatchEdits = {}): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tcs-beachwatch-'));
  cpSync(path.join(ROOT, 'config'), dir, { recursive: true });
  const catalog = parse(readFileSync(path.join(FIXTURE, 'catalog.yaml'), 'utf8')) as { dimension: string; layer: string };
  const layersFile = path.join(dir, 'layers.yaml');
  const layers = readFileSync(layersFile, 'utf8').replace('\ndimensions:\n', `\ndimensions:\n  ${catalog.dimension.trim()}\n`);
  const layer = edits.catalogLayer ?? (edits.table ? catalog.layer.replace('table: beachwatch', `table: ${edits.table}`) : catalog.layer);
  writeFileSync(layersFile, `${layers.trimEnd()}\n${indent(layer)}`);
  const legendsFile = path.join(dir, 'legends.yaml');
  writeFileSync(legendsFile, `${readFileSync(legendsFile, 'utf8').trimEnd()}\n${edits.legend ?? readFileSync(path.join(FIXTURE, 'legends.yaml'), 'utf8')}`);
  writeFileSync(path.join(dir, 'topics/beachwatch.yaml'), edits.topic ?? BEACHWATCH_TOPIC);
  // the drawer's label, unit and decimals of the new attribute, as the admin adds them
  const glossaryFile = path.join(dir, 'glossary.yaml');
  writeFileSync(glossaryFile, readFileSync(glossaryFile, 'utf8').replace('\nfields:\n', `\nfields:\n  ${GLOSSARY_FIELD}\n`));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const indent = (text: string) => `${text.trimEnd().split('\n').map((l) => `  ${l}`).join('\n')}\n`;

const BEACHES: ReadonlyArray<[string, string, string, number, number]> = [
  ['หาดบางแสน', '20', 'ชลบุรี', 100.9246, 13.2869],
  ['หาดจอมเทียน', '20', 'ชลบุรี', 100.8686, 12.8886],
  ['หาดสมิหลา', '90', 'สงขลา', 100.5889, 7.2147],
  ['หาดชลาทัศน์', '90', 'สงขลา', 100.6006, 7.1928],
  ['หาดแม่รำพึง', '21', 'ระยอง', 101.3436, 12.6333],
];

/** The 40 survey points: 5 beaches x 4 years x 2 visits; litter_kg from 2.5 to 80 (every class). */
export function beachwatchRows(): Array<{ gid: number; name_th: string; prv_code: string; province: string; year: number; litter_kg: number; lon: number; lat: number }> {
  const rows = [];
  let gid = 0;
  for (const year of [2564, 2565, 2566, 2567]) {
    for (const [b, [name_th, prv_code, province, lon, lat]] of BEACHES.entries()) {
      for (const visit of [0, 1]) {
        gid++;
        rows.push({ gid, name_th, prv_code, province, year, litter_kg: Number(((gid * 37) % 78 + 2.5).toFixed(1)), lon: lon + visit * 0.004 + b * 0.0001, lat: lat + (year - 2564) * 0.002 });
      }
    }
  }
  return rows;
}

/** Creates table beachwatch (as `npm run import` would: gid key, EPSG:4326 points) with the rows,
 *  or another table of the same shape with the rows given. */
export async function writeBeachwatchTable(db: Queryable, table = 'beachwatch', rows = beachwatchRows()): Promise<void> {
  await db.query(`DROP TABLE IF EXISTS ${table}`);
  await db.query(`CREATE TABLE ${table} (gid integer PRIMARY KEY, name_th text, prv_code text, province text, year integer, litter_kg double precision, geom geometry(Point, 4326))`);
  for (const r of rows) {
    await db.query(`INSERT INTO ${table} VALUES ($1, $2, $3, $4, $5, $6, ST_SetSRID(ST_MakePoint($7, $8), 4326))`, [r.gid, r.name_th, r.prv_code, r.province, r.year, r.litter_kg, r.lon, r.lat]);
  }
}
