// The layer catalog (config/layers.yaml, issue 12 item 1): check:config refuses what the server
// could not publish, each at file:line:column, and refuses a topic that asks for a layer the
// catalog does not publish.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandCatalog, type CatalogDoc } from '../../../src/engine/catalog.ts';
import { parseCatalog } from '../../../src/loader/loadCatalog.ts';
import { CONFIG_DIR, cleanupTempConfigs, loadEdited, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

const realCatalog = readFileSync(path.join(CONFIG_DIR, 'layers.yaml'), 'utf8');

/** The catalog with `text` as its only layer (the real dimensions, attribute lists and viewparams kept). */
const withLayers = (text: string) => `${realCatalog.slice(0, realCatalog.indexOf('\nlayers:\n'))}\nlayers:\n${text}`;
const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** The catalog's own errors (a catalog of test layers leaves the topics' layers unpublished). */
async function catalogErrors(text: string): Promise<string[]> {
  return (await loadEdited({ file: 'layers.yaml', text })).lines.filter((l) => l.startsWith('layers.yaml:'));
}

// each case copies and loads the whole config (twice in some): seconds on a busy 2-core machine
describe('config/layers.yaml', { timeout: 30_000 }, () => {
  it('publishes every layer the topics ask for (the real config loads)', () => {
    const result = parseCatalog(realCatalog, 'layers.yaml');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const names = result.layers.flatMap((l) => (l.kind === 'family' ? [] : [l.name]));
    expect(names).toContain('coastallu_2549');
    expect(names).toContain('potential_3_low');
    expect(names.filter((n) => n.startsWith('cmline_') && /^cmline_\d+$/.test(n))).toEqual(['cmline_2562', 'cmline_2563', 'cmline_2564', 'cmline_2565', 'cmline_2566', 'cmline_2567']);
  });

  it('multiplies dimensions out (first outermost), fills {dim} and {dim.label}, resolves $lists and viewparams', () => {
    const doc: CatalogDoc = {
      dimensions: { g: [1, 2], s: { high: 'สูง', low: 'ต่ำ' } },
      attributes: { base: ['gid:int', { name: 'pv', type: 'string', expr: 'prv_name' }] },
      viewParams: { code: { code: { type: 'digits', required: true } } },
      layers: [
        {
          name: 'p_{g}_{s}', for: { g: 'g', s: 's' }, title: 'กลุ่ม {g} {s.label}', table: 'potential_area', geometry: 'polygon', id: 'gid',
          attributes: ['$base', 'grp:int'], where: { grp: '{g}', suitability: '{s}' }, viewParams: 'code', filters: [{ param: 'code', anyOf: ['prv_code', 'amp_code'] }], queryable: true,
        },
      ],
    };
    const { layers, problems } = expandCatalog(doc);
    expect(problems).toEqual([]);
    expect(layers.map((l) => (l.kind === 'vector' ? `${l.name} ${l.title}` : ''))).toEqual(['p_1_high กลุ่ม 1 สูง', 'p_1_low กลุ่ม 1 ต่ำ', 'p_2_high กลุ่ม 2 สูง', 'p_2_low กลุ่ม 2 ต่ำ']);
    const first = layers[0]!;
    expect(first.kind === 'vector' && first.where).toEqual([['grp', 1], ['suitability', 'high']]);
    expect(first.kind === 'vector' && first.attributes).toEqual([{ name: 'gid', type: 'int' }, { name: 'pv', type: 'string', expr: 'prv_name' }, { name: 'grp', type: 'int' }]);
    expect(first.kind === 'vector' && first.filters).toEqual([{ kind: 'anyOf', param: 'code', columns: ['prv_code', 'amp_code'] }]);
  });

  it('refuses what it could not publish, each at its line and column', async () => {
    const text = withLayers(yaml`
      - { name: "a_{year}", for: { year: no_such_years }, title: a, table: cmline, geometry: line, id: gid, attributes: [gid:int] }
      - { name: b, title: "b {year}", table: cmline, geometry: line, id: gid, attributes: [gid:int, $nope] }
      - { name: c, title: c, table: cmline, geometry: line, id: fid, attributes: [gid:int] }
      - { name: d, title: d, table: cmline, geometry: line, id: gid, attributes: [gid:int], viewParams: island_only, filters: [{ param: code, column: prv_code }] }
      - { name: e, title: e, table: cmline, geometry: line, id: gid, attributes: [gid:int], where: { zone: "Main Land" }, legend: no-such-legend }
      - { name: c, title: again, table: cmline, geometry: line, id: gid, attributes: [gid:int] }
    `);
    const at = (needle: string) => lineOf(text, needle);
    expect(await catalogErrors(text)).toEqual([
      `layers.yaml:${at('a_{year}')}:36 layers[0].for.year: unknown dimension "no_such_years" (known: cmline_year, shoreline_year, rate_year, status_year, structure_year, landuse_year, satellite_year, change_kind, solution_group, potential_group, suitability)`,
      `layers.yaml:${at('name: b,')}:21 layers[1].title: placeholder {year} names no dimension of this layer's "for"`,
      `layers.yaml:${at('name: b,')}:95 layers[1].attributes[1]: unknown attribute list "$nope" (known: $admin, $admin_tn, $lengths, $line, $island_line, $lake_island_line, $change, $rate, $beach_codes, $lake_island, $littoral, $station)`,
      `layers.yaml:${at('name: c,')}:59 layers[2].id: id "fid" is not one of the layer's attributes`,
      `layers.yaml:${at('name: d,')}:122 layers[3].filters[0]: viewparam "code" is not in this layer's viewParams "island_only"`,
      `layers.yaml:${at('name: e,')}:102 layers[4].where.zone: "Main Land" is neither an integer nor a lower-case word`,
      `layers.yaml:${at('name: c, title: again')}:11 layers[5].name: layer "c" is published twice (also by layers[2])`,
    ]);
  });

  it('refuses an unknown legend and a wrong geometry through the schema and the cross-checks', async () => {
    const legend = withLayers('  - { name: e, title: e, table: cmline, geometry: line, id: gid, attributes: [gid:int], legend: landus }\n');
    expect(await catalogErrors(legend)).toEqual([`layers.yaml:${lineOf(legend, 'name: e,')}:97 layers[0].legend: unknown legend "landus" (did you mean "landuse"?)`]);
    const geometry = withLayers('  - { name: e, title: e, table: cmline, geometry: lines, id: gid, attributes: [gid:int] }\n');
    const lines = await catalogErrors(geometry);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^layers\\.yaml:${lineOf(geometry, 'name: e,')}:51 layers\\[0\\]\\.geometry: `));
  });

  it('checks each viewparam by its type (issue 28: its schema is a union the server\'s type comes from): text needs maxLength, digits take no year bounds', () => {
    const text = `viewParams:\n  s:\n    island: { type: text, required: true }\n    code: { type: digits, required: true, min: 3 }\nlayers:\n  - { name: a, title: t, table: island, geometry: polygon, id: gid, attributes: [gid:int], viewParams: s }\n`;
    const result = parseCatalog(text, 'layers.yaml');
    expect(result.ok ? [] : result.errors.map((e) => `${e.line}:${e.column} ${e.path}: ${e.message}`)).toEqual([
      '3:13 viewParams.s.island: missing required property "maxLength"',
      '4:43 viewParams.s.code.min: unknown property "min"',
    ]);
  });

  it('refuses a topic that asks for a layer or a year the catalog does not publish', async () => {
    const { lines } = await loadEdited({
      file: 'layers.yaml',
      text: realCatalog.replace('landuse_year: [2558, 2553, 2549]', 'landuse_year: [2558, 2553]'),
    });
    const landuse = readFileSync(path.join(CONFIG_DIR, 'topics/landuse.yaml'), 'utf8');
    expect(lines).toEqual([
      `topics/landuse.yaml:${lineOf(landuse, 'options: [2558, 2553, 2549]')}:40 variants[0].sections[0].years.options[2]: layer "coastallu_2549" is not published by the layer catalog (config/layers.yaml); did you mean "coastallu_2558"?`,
    ]);
    const topic = landuse.replace('"{product}:coastallu_{year}"', '"{product}:coastalu_{year}"');
    const wrong = await loadEdited({ file: 'topics/landuse.yaml', text: topic });
    expect(wrong.lines).toEqual([`topics/landuse.yaml:${lineOf(topic, 'coastalu_')}:17 variants[0].layers[0].layers: layer "coastalu_{year}" is not published by the layer catalog (config/layers.yaml)`]);
  });
});
