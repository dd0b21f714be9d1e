// The real config/ (DESIGN.md §3, SPEC.md §2 route table): it loads, one file per route, every
// file names its schema for editors, and a new topic is one new file with no code change.
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfigDir } from '../../../src/loader/loadConfig.ts';
import type { ConfigBundle } from '../../../src/engine/types.ts';
import { CONFIG_DIR, REPO_ROOT, cleanupTempConfigs, copyConfig, errorLines } from './helpers.ts';

afterAll(cleanupTempConfigs);

const EXTRA_TOPIC = path.join(REPO_ROOT, 'tests/fixtures/config-extra-topic/topics/beachwatch.yaml');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(d.name) ? [full] : [];
  });
}

/** The schema each kind of config file must name (schemas/<kind>.schema.json). */
function expectedSchema(rel: string): string {
  if (rel.startsWith('topics/')) return 'topic.schema.json';
  if (rel.startsWith('forms/')) return 'proposal.schema.json';
  return `${path.basename(rel).replace(/\.ya?ml$/, '')}.schema.json`;
}

async function loadOk(dir: string): Promise<ConfigBundle> {
  const result = await loadConfigDir(dir);
  expect(errorLines(result, dir)).toEqual([]);
  if (!result.ok) throw new Error('config did not load');
  return result.bundle;
}

describe('the real config/ (DESIGN.md §3)', () => {
  it('loads with ok=true: 17 topics, one per route of SPEC.md §2 and /shoreline-trend (issue 14)', async () => {
    const result = await loadConfigDir(CONFIG_DIR);
    expect(errorLines(result, CONFIG_DIR)).toEqual([]);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bundle.topics).toHaveLength(17);
    expect(result.summary).toMatch(/^config ok: 17 topics, \d+ variants, \d+ legends, \d+ cascades, \d+ forms, \d+ catalog layers \(/);
  });

  it('every topic file\'s route equals its file name', () => {
    const files = readdirSync(path.join(CONFIG_DIR, 'topics')).filter((f) => f.endsWith('.yaml'));
    expect(files).toHaveLength(17);
    for (const f of files) {
      const doc = parse(readFileSync(path.join(CONFIG_DIR, 'topics', f), 'utf8')) as { route: string };
      expect(`${doc.route}.yaml`, f).toBe(f);
    }
  });

  it('every YAML file starts with a `# yaml-language-server: $schema=` line naming an existing schema of its kind', () => {
    const files = yamlFiles(CONFIG_DIR);
    expect(files.length).toBeGreaterThanOrEqual(21);
    for (const file of files) {
      const rel = path.relative(CONFIG_DIR, file).split(path.sep).join('/');
      const first = readFileSync(file, 'utf8').split('\n')[0] ?? '';
      const m = /^# yaml-language-server: \$schema=(\S+)$/.exec(first);
      expect(m, `${rel} line 1: ${first}`).not.toBeNull();
      const target = path.resolve(path.dirname(file), m?.[1] ?? '');
      expect(existsSync(target), `${rel} -> ${m?.[1]}`).toBe(true);
      expect(path.relative(path.join(REPO_ROOT, 'schemas'), target), rel).toBe(expectedSchema(rel));
    }
  });

  it('the bundle orders topics by menu order and expands `use:` cascades', async () => {
    const bundle = await loadOk(CONFIG_DIR);
    const orders = bundle.topics.flatMap((t) => (t.menu ? [t.menu.order] : []));
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(new Set(orders).size).toBe(orders.length);
    const landuse = bundle.topics.find((t) => t.route === 'landuse');
    expect(landuse?.variants[0]?.pickers.map((p) => [p.id, p.dependsOn, p.cascade])).toEqual([
      ['province', [], 'location'],
      ['district', ['province'], 'location'],
      ['subdistrict', ['province', 'district'], 'location'],
      ['codes', [], undefined],
    ]);
  });
});

describe('a new topic is one new file (DESIGN.md §3 "No code change")', () => {
  it('the beachwatch fixture names the topic schema from where it lives', () => {
    const first = readFileSync(EXTRA_TOPIC, 'utf8').split('\n')[0] ?? '';
    const rel = /\$schema=(\S+)$/.exec(first)?.[1] ?? '';
    expect(path.resolve(path.dirname(EXTRA_TOPIC), rel)).toBe(path.join(REPO_ROOT, 'schemas/topic.schema.json'));
  });

  it('config/ + topics/beachwatch.yaml loads ok with 18 topics and the new topic\'s resolved pickers', async () => {
    const dir = copyConfig();
    cpSync(EXTRA_TOPIC, path.join(dir, 'topics/beachwatch.yaml'));
    const bundle = await loadOk(dir);
    expect(bundle.topics).toHaveLength(18);

    const topic = bundle.topics.find((t) => t.route === 'beachwatch');
    expect(topic?.title).toEqual({ th: 'เฝ้าระวังชายหาด', en: 'Beach Watch' });
    expect(topic?.menu?.order).toBe(16);
    expect(topic?.layout).toBe('map');
    // The tile comes in its menu order: after project (15), before shoreline-trend (17).
    const tiles = bundle.topics.filter((t) => t.menu).map((t) => t.route);
    expect(tiles.slice(-3)).toEqual(['project', 'beachwatch', 'shoreline-trend']);

    expect(topic?.variants).toHaveLength(1);
    const variant = topic?.variants[0];
    expect(variant?.pickers.map((p) => ({ id: p.id, kind: p.kind, dependsOn: p.dependsOn, cascade: p.cascade }))).toEqual([
      { id: 'province', kind: 'select', dependsOn: [], cascade: 'location' },
      { id: 'district', kind: 'select', dependsOn: ['province'], cascade: 'location' },
      { id: 'subdistrict', kind: 'select', dependsOn: ['province', 'district'], cascade: 'location' },
      { id: 'year', kind: 'year', dependsOn: [], cascade: undefined },
    ]);
    // `with: { page: coastline }` is filled into the shared cascade's router queries.
    expect(variant?.pickers.slice(0, 3).map((p) => ('router' in p.source ? p.source.router.page : undefined))).toEqual(['coastline', 'coastline', 'coastline']);
    expect(variant?.pickers[3]?.source).toEqual({ options: [2567, 2566] });
    expect(variant?.layers.map((l) => [l.id, l.type, l.layers])).toEqual([['beachwatch', 'wms', '{product}:cmline_{year}']]);
    expect(variant?.sections.map((s) => s.kind)).toEqual(['addLayer', 'legend']);
    expect(bundle.legends.some((l) => l.id === 'cmline-years')).toBe(true);
  });
});
