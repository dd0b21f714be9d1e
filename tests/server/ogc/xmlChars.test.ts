// Issue 12: one XML 1.0-illegal character (\x01, \x0B, U+FFFE, a lone surrogate) in an attribute,
// a title or a request echoed in an exception must not break the page: every XML answer parses
// with libxml2 (xmllint) and lxml, and GDAL reads the GML. The characters come from a layer
// whose SQL yields them (no writes to the shared sample database).
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VectorFeatureType } from '../../../src/server/data/featureTypes.ts';
import { xmlEscape, xmlSafe } from '../../../src/server/ogc/xml.ts';
import { SLOW } from '../db/testDatabase.ts';
import { startOgcBackend, WFS, WMS, type OgcBackend } from './helpers.ts';

const run = promisify(execFile);

const BAD_TYPE: VectorFeatureType = {
  kind: 'vector',
  name: 'bad_text',
  title: 'title with \u0001 and \uFFFE and \uD800 inside',
  table: 'cmline',
  geometryColumn: 'geom',
  geometryKind: 'line',
  queryable: true,
  idColumn: 'gid',
  attributes: [
    { name: 'gid', type: 'int' },
    { name: 'label', type: 'string' },
  ],
  source: () => ({
    sql:
      `SELECT g AS gid, 'row ' || g || chr(1) || ' vt ' || chr(11) || ' nonchar ' || chr(65534) || ' ไทย' AS label, ` +
      `ST_Multi(ST_MakeLine(ST_MakePoint(100 + g * 0.01, 7), ST_MakePoint(100.005 + g * 0.01, 7.01)))::geometry(MultiLineString, 4326) AS geom FROM generate_series(1, 5) AS g`,
    params: [],
  }),
};

let backend: OgcBackend;
beforeAll(async () => {
  backend = await startOgcBackend({ extraFeatureTypes: [BAD_TYPE] });
}, SLOW);
afterAll(() => backend?.close());

/** Parses with xmllint and with lxml; returns their complaints ('' when well-formed). */
async function parseErrors(xml: Buffer): Promise<string> {
  const lint = await new Promise<string>((resolve) => {
    const child = spawn('xmllint', ['--noout', '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', () => resolve(err));
    child.stdin.end(xml);
  });
  const lxml = await new Promise<string>((resolve) => {
    const child = spawn('/usr/bin/python3', ['-c', 'import sys; from lxml import etree; etree.fromstring(sys.stdin.buffer.read())'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('close', () => resolve(err));
    child.stdin.end(xml);
  });
  return lint + lxml;
}

describe('xmlSafe', () => {
  it('replaces exactly the XML 1.0-illegal characters', () => {
    expect(xmlSafe('a\u0001b\u000Bc\uFFFEd\uFFFFe\uD800f\uDC00g')).toBe('a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg');
    expect(xmlSafe('tab\tlf\ncr\r ไทย 😀 \u0085')).toBe('tab\tlf\ncr\r ไทย 😀 \u0085');
    expect(xmlEscape('<a\u0001>')).toBe('&lt;a\uFFFD&gt;');
  });
});

const GET_FEATURE = { SERVICE: 'WFS', REQUEST: 'GetFeature', TYPENAMES: 'tcs:bad_text', TYPENAME: 'tcs:bad_text' };
const DOCUMENTS: Array<[string, string, Record<string, string>]> = [
  ['WFS 2.0 GML 3.2', WFS, { ...GET_FEATURE, VERSION: '2.0.0' }],
  ['WFS 1.1.0 GML 3.1.1', WFS, { ...GET_FEATURE, VERSION: '1.1.0' }],
  ['WFS 1.0.0 GML 2', WFS, { ...GET_FEATURE, VERSION: '1.0.0' }],
  ['WFS 2.0 capabilities', WFS, { SERVICE: 'WFS', REQUEST: 'GetCapabilities', VERSION: '2.0.0' }],
  ['WFS 1.1.0 capabilities', WFS, { SERVICE: 'WFS', REQUEST: 'GetCapabilities', VERSION: '1.1.0' }],
  ['WFS 1.0.0 capabilities', WFS, { SERVICE: 'WFS', REQUEST: 'GetCapabilities', VERSION: '1.0.0' }],
  ['WMS 1.3.0 capabilities', WMS, { SERVICE: 'WMS', REQUEST: 'GetCapabilities', VERSION: '1.3.0' }],
  ['WMS 1.1.1 capabilities', WMS, { SERVICE: 'WMS', REQUEST: 'GetCapabilities', VERSION: '1.1.1' }],
  ['DescribeFeatureType', WFS, { SERVICE: 'WFS', REQUEST: 'DescribeFeatureType', VERSION: '2.0.0', TYPENAMES: 'tcs:bad_text' }],
  ['a WMS exception echoing the name', WMS, { SERVICE: 'WMS', REQUEST: 'GetLegendGraphic', VERSION: '1.1.1', LAYER: 'tcs:x\u0001\uFFFE', FORMAT: 'image/png' }],
  ['a WFS exception echoing the name', WFS, { SERVICE: 'WFS', REQUEST: 'GetFeature', VERSION: '2.0.0', TYPENAMES: 'tcs:bad_text', SORTBY: 'x\u0001 DESC' }],
];

describe('every XML answer is well-formed', () => {
  it.each(DOCUMENTS)('%s', async (_name, path, params) => {
    const a = await backend.get(path, params);
    expect(a.headers['content-type']).toMatch(/xml/);
    expect(await parseErrors(a.body)).toBe('');
    expect(a.text).not.toMatch(/[\u0001\u000B\uFFFE]/);
  });

  it('GML keeps the rest of the text (Thai included) around the replaced characters', async () => {
    const a = await backend.get(WFS, { ...GET_FEATURE, VERSION: '2.0.0' });
    expect(a.text).toContain('row 1\uFFFD vt \uFFFD nonchar \uFFFD ไทย');
  });

  it('GDAL reads every feature over WFS 1.1.0 GML', async () => {
    const url = `WFS:http://127.0.0.1:${backend.port}${WFS}?VERSION=1.1.0`;
    const { stdout } = await run('ogrinfo', ['-ro', '-al', url, 'tcs:bad_text'], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, timeout: 60_000 });
    expect(stdout.match(/^OGRFeature\(tcs:bad_text\):/gm)).toHaveLength(5);
    expect(stdout).toContain('ไทย');
  });
});
