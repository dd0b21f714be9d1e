// §7 download: router?page=download&mode=changecoastline&outputFormat=shape-zip. GDAL's ogrinfo
// (Debian gdal-bin, required) reads the zip with Thai attributes intact and the same feature
// count as SQL; the file name is fixed by the layer kind; name.txt labels the fields from the
// glossary (issue 16).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { ogrFeatures, ogrSummary, requireGdal } from '../shapefile/gdal.ts';
import { startBackend, type Backend } from './helpers.ts';

let backend: Backend;
let dir: string;
beforeAll(async () => {
  requireGdal();
  dir = mkdtempSync(path.join(tmpdir(), 'router-download-'));
  backend = await startBackend();
}, SLOW);
afterAll(async () => {
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

const download = (typeName: string, viewparams: string, extra: Record<string, string> = {}) =>
  backend.router({ page: 'download', mode: 'changecoastline', outputFormat: 'shape-zip', typeName, viewparams, ...extra });

describe('§7 shape-zip download', () => {
  const cases = [
    ['tcs:erosion_area', 'code:90;start:2562;end:2567', 'erosion', "dataset = 'cmline' AND zone = 'mainland' AND kind = 'erosion' AND $1 IN (prv_code, amp_code, tam_code) AND start_year = 2562 AND end_year = 2567", '90'],
    ['tcs:accretion_area', 'code:9001;start:2563;end:2566', 'accretion', "dataset = 'cmline' AND zone = 'mainland' AND kind = 'accretion' AND $1 IN (prv_code, amp_code, tam_code) AND start_year = 2563 AND end_year = 2566", '9001'],
    ['tcs:shoreline_erosion_area', 'code:90;start:2548;end:2559', 'erosion', "dataset = 'shoreline' AND zone = 'mainland' AND kind = 'erosion' AND $1 IN (prv_code, amp_code, tam_code) AND start_year = 2548 AND end_year = 2559", '90'],
  ] as const;

  it.each(cases)('%s (%s) -> %s.zip that ogrinfo reads with Thai names and the SQL count', async (typeName, viewparams, kind, where, code) => {
    const answer = await download(typeName, viewparams, { format_options: `filename:${kind}.zip;charset:UTF-8` });
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${kind}.zip"`);
    expect(answer.headers['cache-control']).toBe('no-store');
    const entries = unzipSync(answer.body);
    expect(Object.keys(entries).sort()).toEqual(['cpg', 'dbf', 'prj', 'shp', 'shx', 'txt'].map((ext) => `${kind}.${ext}`));

    const file = path.join(dir, `${kind}-${code}-${typeName.replace(/\W/g, '_')}.zip`);
    writeFileSync(file, answer.body);
    const rows = (await backend.db.query<{ gid: number; prv_name: string; amp_name: string; tam_name: string | null; area: number }>(
      `SELECT gid, prv_name, amp_name, tam_name, area FROM change_area WHERE ${where} ORDER BY gid`, [code])).rows;
    expect(rows.length).toBeGreaterThan(0);

    const summary = ogrSummary(`/vsizip/${file}`);
    expect(summary.count).toBe(rows.length);
    expect(summary.geometry).toBe('Polygon');
    expect(summary.fields).toMatchObject({ gid: 'Integer', prv_name: 'String', amp_name: 'String', area: 'Real' });

    const features = ogrFeatures(`/vsizip/${file}`);
    expect(features).toHaveLength(rows.length);
    features.forEach((feature, i) => {
      const row = rows[i]!;
      expect(Number(feature.fields.gid)).toBe(row.gid);
      expect(feature.fields.prv_name).toBe(row.prv_name);
      expect(feature.fields.amp_name).toBe(row.amp_name);
      expect(feature.fields.tam_name ?? null).toBe(row.tam_name);
      expect(Number(feature.fields.area)).toBeCloseTo(row.area, 3);
      expect(feature.wkt).toMatch(/^(MULTI)?POLYGON/);
    });
    expect(features[0]!.fields.prv_name).toMatch(/^[\u0E00-\u0E7F]+$/); // Thai, not mojibake

    const readme = new TextDecoder('utf-8', { ignoreBOM: true }).decode(entries[`${kind}.txt`]);
    expect(readme.startsWith('\uFEFF')).toBe(true);
    expect(readme).toContain(kind === 'erosion' ? 'การกัดเซาะ (Erosion)' : 'การทับถม (Accretion)');
    expect(readme).toContain(`ชั้นข้อมูล / Layer: ${typeName.replace('tcs:', '')}`);
    expect(readme).toContain(`จำนวนรูปแปลง / Features: ${rows.length.toLocaleString('en-US')}`);
    expect(readme).toContain('ข้อมูลตัวอย่าง (สังเคราะห์)');
    const fieldLines = readme.split('\r\n').slice(readme.split('\r\n').findIndex((l) => l.startsWith('ฟิลด์')) + 1).filter(Boolean);
    expect(fieldLines).toHaveLength(Object.keys(summary.fields).length);
    expect(fieldLines).toContain(`${'prv_name'.padEnd(10)}  จังหวัด / Province`);
    expect(fieldLines.filter((l) => / - \/ -/.test(l)), 'every field has a glossary label').toEqual([]);
  });

  it('an island download takes the island viewparams; a request matching nothing is an empty but valid zip', async () => {
    const [island] = (await backend.db.query<{ island: string }>("SELECT island FROM change_area WHERE zone = 'island' ORDER BY gid LIMIT 1")).rows;
    const answer = await download('tcs:accretion_island', `island:${island!.island};start:2562;end:2567`);
    expect(answer.status, answer.text.slice(0, 200)).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="accretion.zip"');
    const file = path.join(dir, 'island.zip');
    writeFileSync(file, answer.body);
    const { n } = (await backend.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM change_area WHERE dataset = 'cmline' AND zone = 'island' AND kind = 'accretion' AND island = $1 AND start_year = 2562 AND end_year = 2567",
      [island!.island])).rows[0]!;
    expect(ogrSummary(`/vsizip/${file}`).count).toBe(n);

    const empty = await download('tcs:erosion_area', 'code:57;start:2562;end:2567');
    expect(empty.status).toBe(200);
    writeFileSync(path.join(dir, 'empty.zip'), empty.body);
    expect(ogrSummary(`/vsizip/${path.join(dir, 'empty.zip')}`).count).toBe(0);
  });

  it('mode=change downloads the shoreline change layers too', async () => {
    const answer = await backend.router({ page: 'download', mode: 'change', outputFormat: 'SHAPE-ZIP', typeName: 'tcs:shoreline_accretion_area', viewparams: 'code:90;start:2554;end:2559' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="accretion.zip"');
  });

  it('format_options may not rename the file', async () => {
    const answer = await download('tcs:erosion_area', 'code:90;start:2562;end:2567', { format_options: 'filename:accretion.zip' });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-disposition']).toBeUndefined();
  });
});
