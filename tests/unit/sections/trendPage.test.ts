// The engine units /shoreline-trend is built from (issue 14), beyond the routerpoints layer:
// the router download of a row's request (CSV or shape-zip), the `note` section, and the
// `toggle` picker kind's check (a checkbox holds exactly one fixed option).
import { afterAll, describe, expect, it } from 'vitest';
import { canDownload, routerDownloadUrl } from '../../../src/ui/sections/download/View.tsx';
import { sectionDefinitionOf } from '../../../src/sections/definitions.ts';
import type { SectionBase } from '../../../src/engine/types.ts';
import type { Path, SectionCheckContext } from '../../../src/sections/types.ts';
import { cleanupTempConfigs, topicErrors, yaml } from '../engine/helpers.ts';

const collection = (n: number): GeoJSON.FeatureCollection => ({ type: 'FeatureCollection', features: Array.from({ length: n }, () => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [100, 7] }, properties: {} })) });

function check(section: SectionBase): Array<[string, Path, unknown]> {
  const calls: Array<[string, Path, unknown]> = [];
  const rec = (name: string) => (path: Path, value: unknown) => void calls.push([name, path, value]);
  const ctx: SectionCheckContext = {
    layer: rec('layer'), dataLayer: rec('dataLayer'), dataFields: (p, r, f) => void calls.push(['dataFields', p, [r, f]]), legend: rec('legend'), legendItem: (p, l, c) => void calls.push(['legendItem', p, [l, c]]),
    picker: rec('picker'), validations: rec('validations'), source: rec('source'), form: rec('form'), add: rec('add'),
  };
  sectionDefinitionOf(section).crossCheck?.(section, ctx);
  return calls;
}

describe('download of a router row (issue 14 item 5)', () => {
  const router = { page: 'transects', mode: 'download', outputFormat: 'csv' } as const;

  it('repeats the row request parameters with the page, mode and format', () => {
    const url = new URL(routerDownloadUrl('/tcs/v2/router', { pv: '90', start: '2562', end: '2567', significant: '1' }, router), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ pv: '90', start: '2562', end: '2567', significant: '1', page: 'transects', mode: 'download', outputFormat: 'csv' });
  });

  it('a row parameter cannot replace the page or the mode', () => {
    const url = new URL(routerDownloadUrl('/r', { page: 'x', mode: 'list' }, router), 'http://x');
    expect([url.searchParams.get('page'), url.searchParams.get('mode')]).toEqual(['transects', 'download']);
  });

  it('enabled while the row holds points and its parameters', () => {
    const result = { features: collection(2), typeName: 'transects:list', params: { pv: '90' } };
    expect(canDownload(result, true)).toBe(true);
    expect(canDownload({ ...result, params: undefined }, true)).toBe(false);
    expect(canDownload({ ...result, features: collection(0) }, true)).toBe(false);
    // The feature download still needs viewparams.
    expect(canDownload(result)).toBe(false);
  });

  it('check: transects files need `router`, the feature files refuse it', () => {
    expect(check({ kind: 'download', from: 'rates', file: 'transects.csv', router })).toEqual([['dataLayer', ['from'], 'rates']]);
    expect(check({ kind: 'download', from: 'rates', file: 'transects.zip' })).toContainEqual(['add', ['file'], 'transects.zip needs router: {page, mode, outputFormat}']);
    expect(check({ kind: 'download', from: 'erosion', file: 'erosion.zip', router })).toContainEqual(['add', ['router'], 'erosion.zip is the feature download; router files are transects.csv, transects.zip or atlas.pdf']);
  });
});

describe('note section (issue 14 item 6)', () => {
  it('declares nothing and checks nothing: plain paragraphs', () => {
    const note = { kind: 'note', title: 'ข้อควรทราบ', paragraphs: ['ข้อมูลตัวอย่าง'] };
    expect(sectionDefinitionOf(note).declares).toBeUndefined();
    expect(check(note)).toEqual([]);
  });
});

describe('toggle picker kind', () => {
  afterAll(cleanupTempConfigs);
  const topic = (source: string) => yaml`
    route: radar
    title: { th: เรดาร์ชายฝั่ง }
    variants:
      - path: ""
        pickers:
          - { id: significant, label: แสดงเฉพาะแนวโน้มที่มีนัยสำคัญ, kind: toggle, source: ${source} }
        sections:
          - { kind: note, title: ข้อควรทราบ, paragraphs: [ข้อมูลตัวอย่าง] }
  `;

  it('one fixed option is the value sent when ticked', async () => {
    expect(await topicErrors('radar', topic('{ options: [{ value: "1", label: มีนัยสำคัญ }] }'))).toEqual([]);
  });

  it('two options, or a list from the router, are refused', async () => {
    const message = 'variants[0].pickers[0].source: a toggle picker needs source: { options: [one option] } (the value sent when ticked)';
    expect((await topicErrors('radar', topic('{ options: [{ value: "0", label: ทุกจุด }, { value: "1", label: มีนัยสำคัญ }] }')))[0]).toContain(message);
    expect((await topicErrors('radar', topic('{ router: { page: transects, mode: years } }')))[0]).toContain(message);
  });
});
