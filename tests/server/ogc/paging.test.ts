// Issue 12: WFS answers never truncate silently. 1.0.0/1.1.0 without MAXFEATURES return every
// match (up to MAX_COUNT, beyond it an exception), so ogr2ogr copies all 4444 land-use
// polygons; 2.0 caps COUNT to MAX_COUNT (not an exception) and says where the other pages are
// (next/previous in GML and GeoJSON); several TYPENAMES and RESOURCEID alone are served.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COUNT } from '../../../src/server/ogc/wfs/names.ts';
import { SLOW } from '../db/testDatabase.ts';
import { exceptionCode, generatedPoints, startOgcBackend, WFS, type OgcBackend } from './helpers.ts';

const run = promisify(execFile);

/** More points than one answer holds. */
const MANY = generatedPoints('many_points', 'many points', MAX_COUNT + 5, 1e-4);

let backend: OgcBackend;
let dir: string;
beforeAll(async () => {
  backend = await startOgcBackend({ extraFeatureTypes: [MANY] });
  dir = mkdtempSync(path.join(tmpdir(), 'wfs-paging-'));
}, SLOW);
afterAll(async () => {
  await backend?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const count = async (where: string) => (await backend.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${where}`)).rows[0]!.n;
const LANDUSE_2558 = 'landuse WHERE lu_year = 2558';

describe('WFS 1.x without MAXFEATURES', () => {
  it.each(['1.0.0', '1.1.0'])('%s returns every land-use polygon of 2558 (GML and GeoJSON)', async (version) => {
    const n = await count(LANDUSE_2558);
    expect(n).toBeGreaterThan(1000);
    const gml = await backend.get(WFS, { SERVICE: 'WFS', VERSION: version, REQUEST: 'GetFeature', TYPENAME: 'tcs:coastallu_2558' });
    expect(gml.status).toBe(200);
    expect(gml.text.match(/<tcs:coastallu_2558 /g)).toHaveLength(n);
    const json = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: version, REQUEST: 'GetFeature', TYPENAME: 'tcs:coastallu_2558', OUTPUTFORMAT: 'application/json' })).json();
    expect([json.numberReturned, json.numberMatched]).toEqual([n, n]);
  });

  it('more matches than one answer holds is an exception, not a cut', async () => {
    const a = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '1.1.0', REQUEST: 'GetFeature', TYPENAME: 'tcs:many_points', OUTPUTFORMAT: 'application/json' });
    expect(a.status).toBe(400);
    expect(exceptionCode(a.text)).toBe('InvalidParameterValue');
    expect(a.text).toContain(`${MAX_COUNT + 5} features match`);
    const paged = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '1.1.0', REQUEST: 'GetFeature', TYPENAME: 'tcs:many_points', OUTPUTFORMAT: 'application/json', MAXFEATURES: 10 })).json();
    expect([paged.numberReturned, paged.numberMatched]).toEqual([10, MAX_COUNT + 5]);
  });

  it('ogr2ogr -f GPKG over WFS 1.1.0 copies every feature', async () => {
    const n = await count(LANDUSE_2558);
    const out = path.join(dir, 'out.gpkg');
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
    await run('ogr2ogr', ['-f', 'GPKG', out, `WFS:http://127.0.0.1:${backend.port}${WFS}?VERSION=1.1.0`, 'tcs:coastallu_2558'], { env, timeout: 120_000 });
    const { stdout } = await run('ogrinfo', ['-ro', '-so', out, 'tcs:coastallu_2558'], { env });
    expect(stdout).toContain(`Feature Count: ${n}`);
  }, 120_000);
});

describe('WFS 2.0 paging', () => {
  it('COUNT above the limit is capped, with numberMatched and a next link', async () => {
    const a = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:many_points', OUTPUTFORMAT: 'application/json', COUNT: 1_000_000_000 });
    expect(a.status).toBe(200);
    const json = a.json();
    expect([json.numberReturned, json.numberMatched]).toEqual([MAX_COUNT, MAX_COUNT + 5]);
    const next = json.links.find((l: { rel: string }) => l.rel === 'next').href as string;
    expect(next).toContain(`STARTINDEX=${MAX_COUNT}`);
    const last = (await backend.request('GET', next.slice(next.indexOf('/geoserver')))).json();
    expect(last.numberReturned).toBe(5);
    expect(last.links.map((l: { rel: string }) => l.rel)).toEqual(['previous']);
  });

  it('past the last page, previous is the last page (issue 27 item 6)', async () => {
    const past = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:many_points', OUTPUTFORMAT: 'application/json', COUNT: 10, STARTINDEX: 99_999 })).json();
    expect(past.numberReturned).toBe(0);
    const previous = past.links.find((l: { rel: string }) => l.rel === 'previous').href as string;
    // the page that holds the last match, pages counted from 0 in steps of COUNT
    expect(previous).toContain(`STARTINDEX=${Math.floor((MAX_COUNT + 5 - 1) / 10) * 10}`);
  });

  it('GML 3.2 pages carry next and previous; following them visits every feature once', async () => {
    const n = await count("cmline WHERE zone = 'mainland' AND line_year = 2567");
    let target: string | undefined = `${WFS}?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=tcs:cmline_2567&COUNT=100`;
    const ids: string[] = [];
    let pages = 0;
    while (target) {
      const text: string = (await backend.request('GET', target)).text;
      pages++;
      ids.push(...[...text.matchAll(/<tcs:cmline_2567 gml:id="([^"]+)"/g)].map((m) => m[1]!));
      if (pages > 1) expect(text).toMatch(/ previous="[^"]*STARTINDEX=/);
      const next: string | undefined = / next="([^"]+)"/.exec(text)?.[1]?.replace(/&amp;/g, '&');
      target = next ? next.slice(next.indexOf('/geoserver')) : undefined;
    }
    expect(pages).toBe(Math.ceil(n / 100));
    expect(new Set(ids).size).toBe(n);
  });
});

describe('WFS 2.0 several types and resource ids', () => {
  it('TYPENAMES with two types pages across both in order', async () => {
    const [a, b] = [await count("cmline WHERE zone = 'mainland' AND line_year = 2567"), await count("cmline WHERE zone = 'mainland' AND line_year = 2566")];
    const all = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: 'tcs:cmline_2567,tcs:cmline_2566', OUTPUTFORMAT: 'application/json', COUNT: 10, STARTINDEX: a - 4 })).json();
    expect(all.numberMatched).toBe(a + b);
    expect(all.features.map((f: { id: string }) => f.id.split('.')[0])).toEqual([...Array(4).fill('cmline_2567'), ...Array(6).fill('cmline_2566')]);
    const hits = await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: '(tcs:cmline_2567)(tcs:cmline_2566)', RESULTTYPE: 'hits' });
    expect(hits.text).toContain(`numberMatched="${a + b}"`);
  });

  it('RESOURCEID without TYPENAMES', async () => {
    const json = (await backend.get(WFS, { SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', RESOURCEID: 'cmline_2567.6,cmline_2566.1', OUTPUTFORMAT: 'application/json' })).json();
    const ids = json.features.map((f: { id: string }) => f.id).sort();
    const [exists] = (await backend.db.query<{ n: number }>("SELECT count(*)::int AS n FROM cmline WHERE gid = 1 AND zone = 'mainland' AND line_year = 2566")).rows;
    expect(ids).toEqual(exists!.n ? ['cmline_2566.1', 'cmline_2567.6'] : ['cmline_2567.6']);
  });
});
