// Issue 23 item 1: the mistakes a new GIS admin made on /beachwatch (tests/fixtures/admin-beachwatch)
// passed check:config and broke the page silently. Each is now refused at its file:line:column with
// a fix; the correct example loads.
import { afterEach, describe, expect, it } from 'vitest';
import { formatConfigError, loadConfigDir } from '../../../src/loader/loadConfig.ts';
import { BEACHWATCH_TOPIC, beachwatchConfig, type BeachwatchEdits } from '../../support/beachwatch.ts';

const made: Array<() => void> = [];
afterEach(() => made.splice(0).forEach((cleanup) => cleanup()));

/** The error lines of the example with these edits, the temp dir cut off the file names. */
async function errorsWith(edits: BeachwatchEdits): Promise<string[]> {
  const { dir, cleanup } = beachwatchConfig(edits);
  made.push(cleanup);
  const result = await loadConfigDir(dir);
  return result.ok ? [] : result.errors.map((e) => formatConfigError(e).replace(`${dir}/`, ''));
}

const topicWith = (from: string, to: string) => {
  if (!BEACHWATCH_TOPIC.includes(from)) throw new Error(`the fixture topic has no "${from}"`);
  return BEACHWATCH_TOPIC.replace(from, to);
};
/** 'topics/beachwatch.yaml:<line>:' of the first line holding `needle` in `text`. */
const at = (text: string, needle: string, file = 'topics/beachwatch.yaml') => `${file}:${text.split('\n').findIndex((l) => l.includes(needle)) + 1}:`;

describe('check:config against the layer catalog (issue 23, the /beachwatch admin)', { timeout: 30_000 }, () => {
  it('loads the correct example', async () => {
    expect(await errorsWith({})).toEqual([]);
  });

  it('refuses a year picker value the catalog does not publish', async () => {
    const topic = topicWith('[2567, 2566, 2565, 2564]', '[2568, 2567, 2566, 2565, 2564]');
    expect(await errorsWith({ topic })).toEqual([
      `${at(topic, '2568')}64 variants[0].pickers[0].source.options[0]: layer "beachwatch_2568" (layer "litter" with year 2568) is not published by the layer catalog (config/layers.yaml); did you mean "beachwatch_2564"?`,
    ]);
  });

  it('refuses such a year given in a variant list the picker reads', async () => {
    const topic = topicWith('source: { options: [2567, 2566, 2565, 2564] }', 'source: { list: years }').replace('    pickers:\n', '    lists:\n      - { id: years, source: { options: [2567, 2568] } }\n    pickers:\n');
    expect(await errorsWith({ topic })).toEqual([
      `${at(topic, '2568')}48 variants[0].lists[0].source.options[1]: layer "beachwatch_2568" (layer "litter" with year 2568) is not published by the layer catalog (config/layers.yaml); did you mean "beachwatch_2564"?`,
    ]);
  });

  it('refuses a CQL field that is not an attribute, with did-you-mean', async () => {
    const topic = topicWith('{ field: prv_code, picker: province }', '{ field: provice, picker: province }');
    const [line] = await errorsWith({ topic });
    expect(line).toMatch(new RegExp(`^${at(topic, 'provice')}\\d+ variants\\[0\\]\\.layers\\[0\\]\\.cql\\[0\\]\\.field: CQL field "provice" is not an attribute of layers "beachwatch_2564" \\.\\.\\. "beachwatch_2567" in the layer catalog \\(config/layers\\.yaml\\); did you mean "province"\\? \\(attributes: gid, name_th, prv_code, province, year, litter_kg\\)$`));
  });

  it("refuses a chart value field and a groupBy field the layer does not have", async () => {
    const topic = topicWith('{ field: litter_kg, unit: kg }', '{ field: litter, unit: kg }').replace('fields: [province]', 'fields: [provnce, prov]');
    const lines = await errorsWith({ topic });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(`${at(topic, 'field: litter,')}`);
    expect(lines[0]).toContain('variants[0].sections[1].value.field: field "litter" is not an attribute of layers "beachwatch_2564" ... "beachwatch_2567"');
    expect(lines[0]).toContain('(attributes: gid, name_th, prv_code, province, year, litter_kg)');
    expect(lines[1]).toContain(`${at(topic, 'provnce')}`);
    expect(lines[1]).toContain('variants[0].sections[1].groupBy[0].fields: none of the fields "provnce", "prov" is an attribute');
  });

  it('refuses a drawer field and a legend field the layer does not publish', async () => {
    const topic = topicWith('province: จังหวัด }', 'province: จังหวัด, litter_kgs: ปริมาณขยะ }');
    const lines = await errorsWith({ topic });
    expect(lines).toEqual([expect.stringContaining(`${at(topic, 'litter_kgs')}`)]);
    expect(lines[0]).toContain('variants[0].layers[0].fields.litter_kgs: drawer field "litter_kgs" is not an attribute');
    const legend = '  - id: litter\n    title: ขยะ\n    type: circle\n    field: kg\n    items:\n      - { label: ทั้งหมด, min: 0, max: 1000, color: "#D73027" }\n';
    const legendLines = await errorsWith({ legend });
    expect(legendLines.some((l) => l.includes('layers.yaml:') && l.includes('legend "litter" classes by field "kg", which layer "beachwatch_2564" does not publish'))).toBe(true);
    expect(legendLines.some((l) => l.includes(`${at(BEACHWATCH_TOPIC, 'legend: litter')}`) && l.includes('legend "litter": its field "kg" is not an attribute'))).toBe(true);
  });

  it('refuses an attribute the drawer would show without a Thai label (issue 24)', async () => {
    const topic = topicWith('fields: { name_th: ชื่อชายหาด, province: จังหวัด }', 'fields: { name_th: ชื่อชายหาด }');
    const lines = await errorsWith({ topic });
    expect(lines).toEqual([expect.stringContaining(`${at(topic, '- id: litter')}`)]);
    expect(lines[0]).toContain('the feature drawer would show "province" of layers "beachwatch_2564" ... "beachwatch_2567" without a Thai label: add it to config/glossary.yaml fields');
  });

  it('refuses an unknown menu icon, listing the icons', async () => {
    const topic = topicWith('icon: beach', 'icon: beech');
    expect(await errorsWith({ topic })).toEqual([`${at(topic, 'icon: beech')}26 menu.icon: unknown menu icon "beech" (did you mean "beach"?)`]);
    const other = topicWith('icon: beach', 'icon: sandcastle');
    expect((await errorsWith({ topic: other }))[0]).toMatch(/menu\.icon: unknown menu icon "sandcastle"; known: coastline, shoreline, /);
  });

  it('refuses a legend class with min above max', async () => {
    const legend = '  - id: litter\n    title: ขยะ\n    type: circle\n    field: litter_kg\n    items:\n      - { label: มาก, min: 50, max: 10, color: "#D73027" }\n';
    const lines = await errorsWith({ legend });
    expect(lines).toEqual([expect.stringMatching(/^legends\.yaml:\d+:\d+ legends\[14\]\.items\[0\]\.min: range class "มาก" has min 50 above max 10: no value lies in it/)]);
  });

  it('refuses a viewparam the published layer does not take', async () => {
    const topic = topicWith('        cql:\n          - { field: prv_code, picker: province }\n', '        viewparams:\n          - { key: code, picker: province }\n');
    expect((await errorsWith({ topic }))[0]).toContain('variants[0].layers[0].viewparams[0].key: viewparam "code" is not one of layers "beachwatch_2564" ... "beachwatch_2567": it takes no viewparams');
  });
});
