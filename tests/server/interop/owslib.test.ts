// Interop with OWSLib (Debian python3-owslib 0.27, run with /usr/bin/python3): WMS 1.1.1 and
// 1.3.0 capabilities, GetMap (a 208 px wide image), GetFeatureInfo; WFS 1.0.0 (it crashed on
// capabilities without Keywords), 1.1.0 and 2.0.0 capabilities and GetFeature (GML and GeoJSON),
// 2.0 paging, stored queries (GetFeatureById) and GetPropertyValue, GetFeature as an XML POST
// (1.1.0, 2.0.0). The probe is owslib_probe.py.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW } from '../db/testDatabase.ts';
import { startOgcBackend, type OgcBackend } from '../ogc/helpers.ts';

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const PROBE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'owslib_probe.py');

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend();
}, SLOW);
afterAll(() => backend?.close());

async function probe(check: string, version: string): Promise<Record<string, any>> {
  const base = `http://127.0.0.1:${backend.port}/geoserver/tcs_postgres`;
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', NO_PROXY: '*', no_proxy: '*' };
  const { stdout } = await run(PYTHON, [PROBE, base, check, version], { env, timeout: 90_000 }).catch((e: { stdout?: string; message: string }) => {
    throw new Error(`OWSLib ${check} ${version} failed: ${e.stdout || e.message}`);
  });
  return JSON.parse(stdout) as Record<string, any>;
}

const count = async (where: string) => (await backend.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${where}`)).rows[0]!.n;
const CMLINE = "cmline WHERE zone = 'mainland' AND line_year = 2567";

describe('OWSLib WMS', () => {
  it('has python3-owslib (CI installs it)', () => {
    expect(existsSync(PYTHON), `${PYTHON} missing`).toBe(true);
  });
  it.each(['1.1.1', '1.3.0'])('%s capabilities: the layers, their CRS and style', async (version) => {
    const caps = await probe('wms-caps', version);
    expect(caps).toMatchObject({ version, has_layer: true, crs: ['CRS:84', 'EPSG:3857', 'EPSG:4326'], styles: ['cmline-years'], formats: ['image/png', 'image/jpeg'] });
    expect(caps.layers).toBeGreaterThan(100);
  });
  it.each(['1.1.1', '1.3.0'])('%s GetMap of a 208 x 256 image', async (version) => {
    expect(await probe('wms-getmap', version)).toMatchObject({ png: true });
  });
  it.each(['1.1.1', '1.3.0'])('%s GetFeatureInfo finds the coastline', async (version) => {
    expect((await probe('wms-getfeatureinfo', version)).features).toBeGreaterThan(0);
  });
});

describe('OWSLib WFS', () => {
  it.each(['1.0.0', '1.1.0', '2.0.0'])('%s capabilities (1.0.0 needs Keywords)', async (version) => {
    const caps = await probe('wfs-caps', version);
    expect(caps).toMatchObject({ version, has_layer: true, title: 'แนวชายฝั่ง พ.ศ. 2567' });
    expect(caps.keywords.length).toBeGreaterThan(0);
    if (version === '2.0.0') expect(caps.operations).toEqual(expect.arrayContaining(['ListStoredQueries', 'DescribeStoredQueries', 'GetPropertyValue']));
  });
  it.each(['1.0.0', '1.1.0', '2.0.0'])('%s GetFeature in GML and GeoJSON', async (version) => {
    const n = await count(CMLINE);
    expect(await probe('wfs-getfeature', version)).toMatchObject({ gml_members: 5, json_returned: 5, json_features: 5, json_matched: n });
  });
  it('2.0 paging with STARTINDEX visits every feature once', async () => {
    const n = await count(CMLINE);
    expect(await probe('wfs-paging', '2.0.0')).toEqual({ ids: n, distinct: n, matched: n });
  });
  it('2.0 stored queries: GetFeatureById listed, described and answered; GetPropertyValue', async () => {
    const sq = await probe('wfs-storedqueries', '2.0.0');
    expect(sq.queries).toEqual({ 'urn:ogc:def:query:OGC-WFS::GetFeatureById': ['ID'] });
    expect(sq.by_id_root).toMatch(/^<tcs:cmline_2567 /);
    expect(sq.values).toBe(3);
  });
  it.each(['1.1.0', '2.0.0'])('%s GetFeature as an XML POST (method="Post") with a filter (issue 27 item 5)', async (version) => {
    const matched = await count(`${CMLINE} AND gid < 150`);
    expect(matched).toBeGreaterThan(4);
    const page = await probe('wfs-post', version);
    expect(page).toMatchObject({ returned: 4, matched });
    expect(page.gids.every((gid: number) => gid < 150)).toBe(true);
  });
});
