// check:config refuses a chart the engine cannot draw (issue 9 item 5): an item its legend lacks,
// a stackedBar without a stack, a `when` pattern that is no regular expression, a unit neither
// built in nor in config/glossary.yaml `units`;
// each message exact, with line and column.
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempConfigs, topicErrors, yaml } from '../engine/helpers.ts';

afterAll(cleanupTempConfigs);

const change = (chart: string) => yaml`
  route: change
  title: { th: พื้นที่การเปลี่ยนแปลงแนวชายฝั่ง, en: Shoreline Change Area }
  menu: { order: 5, icon: change }
  variants:
    - path: ""
      layers:
        - { id: erosion, type: wfs, name: พื้นที่กัดเซาะ, layers: "{product}:erosion_area" }
      sections:
        - kind: rows
          rows:
            - { id: erosion, label: พื้นที่กัดเซาะ, layer: erosion }
        - kind: chart
          id: erosion-chart
          title: พื้นที่การกัดเซาะ
          from: erosion
${chart}
`;

describe('chart sections in check:config', { timeout: 60_000 }, () => {
  it('the declared change-area chart is accepted', async () => {
    const chart = `
          legend: erosion-accretion
          legendItem: erosion
          value: { field: area, unit: sqm }
          groupBy:
            - { fields: [prv_name, pv_tn], label: จังหวัด, prefix: จ. }
            - { fields: [tam_name, tb_tn], label: ตำบล, prefix: ต., when: { viewparam: code, notMatching: '^\\d{2}$' } }`;
    expect(await topicErrors('change', change(chart))).toEqual([]);
  });

  it('an item the legend lacks (line 18, column 21), a stackedBar without a stack (line 19, column 15), a bad pattern (line 22, column 89)', async () => {
    const chart = `
          legend: erosion-accretion
          legendItem: erosoin
          mark: stackedBar
          value: { unit: sqm }
          groupBy:
            - { fields: [prv_name], label: จังหวัด, when: { viewparam: code, notMatching: '^(\\d{2}$' } }`;
    expect(await topicErrors('change', change(chart))).toEqual([
      'topics/change.yaml:18:21 variants[0].sections[1].legendItem: unknown item of legend "erosion-accretion" "erosoin" (did you mean "erosion"?)',
      'topics/change.yaml:19:15 variants[0].sections[1].mark: a stackedBar chart needs stack: {field, legend}',
      'topics/change.yaml:22:89 variants[0].sections[1].groupBy[0].when.notMatching: not a regular expression: Invalid regular expression: /^(\\d{2}$/: Unterminated group',
    ]);
  });

  it('a unit the glossary does not define (line 17, column 24) is refused with how to define it (issue 23)', async () => {
    const chart = `
          value: { unit: acre }
          groupBy: [{ fields: [prv_name], label: จังหวัด }]`;
    expect(await topicErrors('change', change(chart))).toEqual([
      'topics/change.yaml:17:24 variants[0].sections[1].value.unit: unknown unit "acre" (define it in config/glossary.yaml units, e.g. acre: { th: ..., en: ..., decimals: 1 })',
    ]);
  });
});
