// DESIGN.md §3 "Every error names the file, the JSON path and the line:column in the YAML":
// mistakes the YAML parser itself catches, before any schema is consulted.
// Each broken file is written out in full; line 1 is the line after the opening backtick and
// columns count from the left margin of the YAML block (see `yaml` in helpers.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempConfigs, topicErrors, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

describe('YAML syntax errors (DESIGN.md §3 error format)', () => {
  it('1. bad indentation names the misplaced key (line 9, column 6)', async () => {
    // Line 9 `     layers:` is indented by 5 spaces instead of 4; its key starts in column 6.
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          pickers:
            - use: location
              with: { page: shoreline }
           layers:
            - id: shoreline
              type: wms
              name: "Shoreline {year}"
              layers: "{product}:shoreline_{year}"
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:9:6 (document): YAML syntax error: All mapping items must start at the same column',
    ]);
  });

  it('1. an unclosed quote points at its opening quote (line 9, column 15)', async () => {
    // Line 9 `        name: "Shoreline {year}` never closes its '"', which is in column 15.
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          layers:
            - id: shoreline
              type: wms
              name: "Shoreline {year}
              layers: "{product}:shoreline_{year}"
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:9:15 (document): YAML syntax error: the quoted text that starts here has no closing quote',
    ]);
  });

  it('1. a tab used as indentation is reported where the tab is (line 4, column 1)', async () => {
    const text = 'route: shoreline\ntitle: { th: แนวชายฝั่ง, en: Shoreline }\nvariants:\n\t- path: ""\n';
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:4:1 (document): YAML syntax error: Tabs are not allowed as indentation',
    ]);
  });
});

describe('duplicate keys (DESIGN.md §3)', () => {
  it('2. a key given twice in a layer names the key, its JSON path and the second occurrence (line 11, column 9)', async () => {
    // `type:` is on line 8 and again on line 11 (column 9) of the same layer mapping.
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          layers:
            - id: shoreline
              type: wms
              name: "Shoreline {year}"
              layers: "{product}:shoreline_{year}"
              type: wfs
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:11:9 variants[0].layers[0].type: the key "type" appears twice in this mapping',
    ]);
  });

  it('2. a top-level key given twice, in flow style too (line 3 column 1, line 4 column 19)', async () => {
    // Line 3 repeats `title:` (first on line 2); line 4 repeats `order` inside `{ ... }`:
    // `menu: { order: 2, order: 3 }` -> the second `order` starts in column 19.
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      title: { th: แนวชายฝั่ง }
      menu: { order: 2, order: 3 }
      variants:
        - path: ""
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:3:1 title: the key "title" appears twice in this mapping',
      'topics/shoreline.yaml:4:19 menu.order: the key "order" appears twice in this mapping',
    ]);
  });
});
