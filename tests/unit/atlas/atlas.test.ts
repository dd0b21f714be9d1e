// The atlas's config and its pure parts (issue 26): the schema accepts exactly the section kinds
// the builder draws, check:config names the file, line and path of a bad atlas.yaml, the scale
// bar's lengths, the permalink, and the --all folder's file names and index.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { AtlasDoc } from '../../../src/engine/atlasTypes.ts';
import { formatConfigError, loadConfigDir } from '../../../src/loader/loadConfig.ts';
import { decodeUrlState } from '../../../src/engine/urlState.ts';
import { unitLabels } from '../../../src/engine/units.ts';
import { niceLength, scaleBar } from '../../../src/pdf/mapDecorations.ts';
import { atlasFileName, indexDefinition } from '../../../src/server/atlas/folder.ts';
import { permalink } from '../../../src/server/atlas/permalink.ts';
import { SECTION_DRAWERS } from '../../../src/server/atlas/sections/index.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const schema = JSON.parse(readFileSync(path.join(ROOT, 'schemas/atlas.schema.json'), 'utf8')) as {
  $defs: { section: { properties: { kind: { enum: string[] } }; oneOf: Array<{ properties: { kind: { const: string } } }> } };
};

describe('schemas/atlas.schema.json', () => {
  it('accepts exactly the section kinds the builder draws', () => {
    const drawn = Object.keys(SECTION_DRAWERS).sort();
    expect([...schema.$defs.section.properties.kind.enum].sort()).toEqual(drawn);
    expect(schema.$defs.section.oneOf.map((b) => b.properties.kind.const).sort()).toEqual(drawn);
  });

  /** The errors of config/ with atlas.yaml edited. */
  async function errorsWith(edit: (text: string) => string): Promise<string[]> {
    const dir = mkdtempSync(path.join(tmpdir(), 'atlas-config-'));
    try {
      cpSync(path.join(ROOT, 'config'), dir, { recursive: true });
      writeFileSync(path.join(dir, 'atlas.yaml'), edit(readFileSync(path.join(dir, 'atlas.yaml'), 'utf8')));
      const result = await loadConfigDir(dir);
      return result.ok ? [] : result.errors.map(formatConfigError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('check:config reports a section kind the builder does not draw at its file:line', async () => {
    const lines = await errorsWith((t) => t.replace('- &period { kind: period', '- &period { kind: timeline'));
    expect(lines.some((l) => /atlas\.yaml:28:25 kinds\.province\.sections\[2\]\.kind: "timeline" is not allowed; use one of: map, legend, period/.test(l)), lines.join('\n')).toBe(true);
  }, 60_000);

  it('check:config reports a chart no topic has at its file:line', async () => {
    const lines = await errorsWith((t) => t.replace('chart: rate-chart }', 'chart: rates-chart }'));
    expect(lines.some((l) => /atlas\.yaml:\d+:\d+ kinds\.province\.sections\[4\]\.charts\[0\]\.chart: unknown chart of shoreline-trend "rates-chart" \(did you mean "rate-chart"\?\)/.test(l)), lines.join('\n')).toBe(true);
  }, 60_000);
});

describe('scale bar', () => {
  it('is a round length of about a fifth of the map', () => {
    expect([niceLength(7), niceLength(180), niceLength(4300), niceLength(26_000)]).toEqual([5, 100, 2000, 20_000]);
    expect(scaleBar(500, 100, unitLabels)).toEqual({ points: 100, metres: 10_000, label: '10 กม.' });
    expect(scaleBar(500, 3, unitLabels).label).toBe('200 ม.');
  });
});

describe('permalink', () => {
  it('opens the kind\'s page with its pickers and the period', () => {
    const area = { pickers: { 'beach-main': ['T6'], 'beach-sub': ['T6-01'], 'beach-system': ['T6-01-02'] } } as never;
    const link = permalink({ origin: 'https://maps.example.org/', basePath: '/maps', route: 'shoreline-trend', variant: 'beach' }, area, { start: 2562, end: 2567 });
    expect(link).toBe('https://maps.example.org/maps/shoreline-trend/beach?v=1&p.beach-main=T6&p.beach-sub=T6-01&p.beach-system=T6-01-02&p.start=2562&p.end=2567');
    expect(decodeUrlState(new URL(link).search).state?.pickers['beach-system']).toEqual(['T6-01-02']);
  });
});

describe('--all folder', () => {
  it('names one file per area and indexes them with links, in the order given', async () => {
    expect([atlasFileName('province', '90'), atlasFileName('district', '9002'), atlasFileName('beach-system', 'T6-01-02')]).toEqual(['atlas-90.pdf', 'atlas-district-9002.pdf', 'atlas-beach-system-T6-01-02.pdf']);
    const config = { atlas: parse(readFileSync(path.join(ROOT, 'config/atlas.yaml'), 'utf8')) as AtlasDoc, bundle: {} as never };
    const def = indexDefinition(config, [
      { code: '10', name: 'กรุงเทพมหานคร', file: 'atlas-10.pdf', transects: 45, meanRate: -4.667, ms: 1 },
      { code: '96', name: 'นราธิวาส', file: 'atlas-96.pdf', transects: 1664, meanRate: null, ms: 1 },
    ], { start: 2562, end: 2567 }, new Date('2026-11-28T00:00:00Z')) as { content: Array<{ table?: { body: Array<Array<Record<string, unknown>>> } }> };
    const body = def.content.find((n) => n.table)!.table!.body;
    expect(body).toHaveLength(3);
    expect(body.slice(1).map((row) => [row[0]!.link, row[1]!.text, row[2]!.text, row[3]!.text])).toEqual([
      ['atlas-10.pdf', '45', '-4.67', 'atlas-10.pdf'],
      ['atlas-96.pdf', '1,664', '-', 'atlas-96.pdf'],
    ]);
  });
});
