// DESIGN.md §3 "plus cross-reference checks (unknown legend id, picker id used by a template but
// not declared, duplicate routes)": what a schema cannot see, reported in the same
// `file:line:column path: message` form. Each broken file is written out in full; line 1 is the
// line after the opening backtick and columns count from the left margin of the YAML block.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_DIR, cleanupTempConfigs, loadEdited, topicErrors, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

const LEGEND_IDS = 'erosion-accretion, cmline-years, shoreline-years, change-rate, coastal-status, coastal-structure, landuse, cvi, potential, littoral, erosion-solution, radar-current, ...';

describe('cross-references: legends (DESIGN.md §3)', () => {
  it('10. unknown legend id on a layer (line 19, column 17) and on a legend section, with did-you-mean (line 25, column 33)', async () => {
    const text = yaml`
      route: landuse
      title: { th: การใช้ประโยชน์ที่ดิน, en: Land Use }
      menu: { order: 12, icon: landuse }
      variants:
        - path: ""
          pickers:
            - use: location
              with: { page: landuse }
          layers:
            - id: landuse
              type: wms
              name: "Land use {year}"
              layers: "{product}:coastallu_{year}"
              legend: landuse
            - id: landuse-2558
              type: wms
              name: "Land use 2558"
              layers: "{product}:coastallu_2558"
              legend: lu-2558
          sections:
            - kind: yearLayers
              title: การใช้ประโยชน์ที่ดินรายปี
              years: { options: [2553, 2549] }
              layer: landuse
            - { kind: legend, legend: land-use }
    `;
    expect(await topicErrors('landuse', text)).toEqual([
      `topics/landuse.yaml:19:17 variants[0].layers[1].legend: unknown legend "lu-2558"; known: ${LEGEND_IDS}`,
      'topics/landuse.yaml:25:33 variants[0].sections[1].legend: unknown legend "land-use" (did you mean "landuse"?)',
    ]);
  });
});

describe('cross-references: pickers used by layers (DESIGN.md §3 "picker id used by a template but not declared")', () => {
  it('11. unknown picker in a CQL term (line 19, column 40) and in viewparams `deepest` (line 26, column 56)', async () => {
    const text = yaml`
      route: change
      title: { th: พื้นที่การเปลี่ยนแปลงแนวชายฝั่ง, en: Shoreline Change Area }
      menu: { order: 5, icon: change }
      variants:
        - path: ""
          pickers:
            - use: location
              with: { page: change }
            - { id: start, label: ปีเริ่มต้น, kind: year, source: { list: years } }
            - { id: end, label: ปีสิ้นสุด, kind: year, source: { list: years } }
          lists:
            - { id: years, source: { router: { page: change, mode: year } } }
          layers:
            - id: analysis
              type: wms
              name: "Analysis {start}-{end}"
              layers: "{product}:changearea_analysis"
              cql:
                - { field: prv_code, picker: provine }
                - { field: amp_code, picker: district }
            - id: erosion
              type: wfs
              name: "Erosion {start}-{end}"
              layers: "{product}:shoreline_erosion_area"
              viewparams:
                - { key: code, deepest: [province, district, tambon] }
                - { key: start, picker: start }
    `;
    expect(await topicErrors('change', text)).toEqual([
      'topics/change.yaml:19:40 variants[0].layers[0].cql[0].picker: unknown picker "provine" (did you mean "province"?)',
      'topics/change.yaml:26:56 variants[0].layers[1].viewparams[0].deepest[2]: unknown picker "tambon"; known: province, district, subdistrict, start, end',
    ]);
  });

  it('12. template variable no picker provides: `{yaer}` with did-you-mean (line 12, column 15); `{year}` outside a yearLayers section (line 17, column 17)', async () => {
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
              name: "Shoreline {yaer}"
              layers: "{product}:shoreline_{year}"
            - id: shoreline-latest
              type: wms
              name: "Shoreline (latest)"
              layers: "{product}:shoreline_{year}"
          sections:
            - kind: yearLayers
              title: แนวชายฝั่งรายปี
              years: { options: [2559, 2558] }
              layer: shoreline
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:12:15 variants[0].layers[0].name: template variable {yaer} is not provided by any picker of this variant (did you mean {year}?)',
      'topics/shoreline.yaml:17:17 variants[0].layers[1].layers: template variable {year} is not provided by any picker of this variant ({year} exists only for layers listed by a yearLayers section)',
    ]);
  });
});

describe('cross-references: shared cascades (config/pickers.yaml)', () => {
  it('13. unknown cascade in `use:` (line 8, column 14); unknown `with:` parameter (lines 14 and 19, column 17); missing parameter (line 18, column 9)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          tab: { th: แผ่นดิน, en: Mainland }
          pickers:
            - use: locations
              with: { page: shoreline }
        - path: beach
          tab: { th: ระบบหาด, en: Beach system }
          pickers:
            - use: beach-system
              with: { page: shoreline }
        - path: land
          tab: { th: เขตการปกครอง, en: Administrative zones }
          pickers:
            - use: location
              with: { pgae: shoreline }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:8:14 variants[0].pickers[0].use: unknown cascade "locations" (did you mean "location"?)',
      'topics/shoreline.yaml:14:17 variants[1].pickers[0].with.page: cascade "beach-system" has no parameter "page"',
      'topics/shoreline.yaml:18:9 variants[2].pickers[0]: missing value for parameter "page" of cascade "location" (add with: { page: ... })',
      'topics/shoreline.yaml:19:17 variants[2].pickers[0].with.pgae: cascade "location" has no parameter "pgae" (did you mean "page"?)',
    ]);
  });

  it('13. after an unknown cascade, the pickers it would have provided are not reported again (one mistake, one error)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          pickers:
            - use: locatoin
              with: { page: shoreline }
          layers:
            - id: shoreline
              type: wms
              name: "Shoreline {year}"
              layers: "{product}:shoreline_{year}"
              cql:
                - { field: prv_code, picker: province }
                - { field: amp_code, picker: district }
          sections:
            - { kind: yearLayers, title: Years, years: { options: [2559, 2558] }, layer: shoreline }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:7:14 variants[0].pickers[0].use: unknown cascade "locatoin" (did you mean "location"?)',
    ]);
  });
});

describe('cross-references: routes, ids and menu order must be unique', () => {
  it('14. a copied topic file that keeps its route: route must match the file name; duplicate route; duplicate menu order', async () => {
    // An admin copies topics/shoreline.yaml to topics/shoreline-copy.yaml and changes nothing:
    // line 3 is `route: shoreline` (value in column 8), line 5 `menu: { order: 2, ... }` (2 in column 16).
    const shoreline = readFileSync(path.join(CONFIG_DIR, 'topics/shoreline.yaml'), 'utf8');
    expect(shoreline.split('\n')[2]).toBe('route: shoreline');
    expect(shoreline.split('\n')[4]).toBe('menu: { order: 2, icon: shoreline }');
    const { dir, lines } = await loadEdited({ file: 'topics/shoreline-copy.yaml', text: shoreline });
    expect(lines).toEqual([
      'topics/shoreline-copy.yaml:3:8 route: route "shoreline" must match the file name (expected "shoreline-copy")',
      `topics/shoreline.yaml:3:8 route: duplicate route "shoreline" (also in ${path.join(dir, 'topics/shoreline-copy.yaml')})`,
      'topics/shoreline.yaml:5:16 menu.order: menu order 2 is already used by topic "shoreline"',
    ]);
  });

  it('14. duplicate menu order: shoreline takes cmline\'s order 1 (line 3, column 16)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 1, icon: shoreline }
      variants:
        - path: ""
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:3:16 menu.order: menu order 1 is already used by topic "cmline"',
    ]);
  });

  it('14. duplicate picker id (line 9, column 15), layer id (line 14, column 15) and row id (line 19, column 19)', async () => {
    // `use: location` (line 7) already provides `district`; line 9 declares it again.
    const text = yaml`
      route: change
      title: { th: พื้นที่การเปลี่ยนแปลงแนวชายฝั่ง, en: Shoreline Change Area }
      menu: { order: 5, icon: change }
      variants:
        - path: ""
          pickers:
            - use: location
              with: { page: change }
            - { id: district, label: อำเภอ, source: { options: [{ value: "9001", label: เมือง }] } }
            - { id: start, label: ปีเริ่มต้น, kind: year, source: { options: [2559, 2548] } }
            - { id: end, label: ปีสิ้นสุด, kind: year, source: { options: [2559, 2548] } }
          layers:
            - { id: erosion, type: wfs, name: "Erosion {start}-{end}", layers: "{product}:shoreline_erosion_area", viewparams: [{ key: code, deepest: [province, district] }] }
            - { id: erosion, type: wfs, name: "Accretion {start}-{end}", layers: "{product}:shoreline_accretion_area", viewparams: [{ key: code, deepest: [province, district] }] }
          sections:
            - kind: rows
              rows:
                - { id: erosion, label: พื้นที่กัดเซาะ, layer: erosion }
                - { id: erosion, label: พื้นที่ทับถม, layer: erosion }
    `;
    expect(await topicErrors('change', text)).toEqual([
      'topics/change.yaml:9:15 variants[0].pickers[1].id: duplicate picker id "district" (first declared at line 7)',
      'topics/change.yaml:14:15 variants[0].layers[1].id: duplicate layer id "erosion" (first declared at line 13)',
      'topics/change.yaml:19:19 variants[0].sections[0].rows[1].id: duplicate row id "erosion" (first declared at line 18)',
    ]);
  });

  it('14. duplicate legend id: a legend appended to legends.yaml reuses "cvi" (column 9 of the appended `- id:` line)', async () => {
    const real = readFileSync(path.join(CONFIG_DIR, 'legends.yaml'), 'utf8');
    const realLines = real.split('\n');
    const firstCvi = realLines.indexOf('  - id: cvi') + 1;
    expect(firstCvi).toBeGreaterThan(0);
    expect(real.endsWith('\n')).toBe(true);
    // Appended under `legends:` (so indented by 2); after one empty line, `  - id: cvi` is the
    // 2nd line after the real file, with `cvi` in column 9.
    const appended = [
      '',
      '  - id: cvi',
      '    title: ดัชนีความเปราะบาง (ฉบับใหม่)',
      '    type: fill',
      '    items:',
      '      - { label: สูงมาก, code: 5, color: "#D7191C" }',
      '',
    ].join('\n');
    const line = realLines.length - 1 + 2;
    const { lines } = await loadEdited({ file: 'legends.yaml', text: real + appended });
    expect(lines).toEqual([
      `legends.yaml:${line}:9 legends[14].id: duplicate legend id "cvi" (first declared at line ${firstCvi})`,
    ]);
  });
});

describe('cross-references inside a variant: validations, rows, charts, layers', () => {
  it('15. minItems on a select (line 14, column 36); `different` with one picker (line 15, column 55); unknown validation (line 19, column 55); unknown layer (line 20, column 37); unknown row in a chart (line 23, column 15)', async () => {
    const text = yaml`
      route: change
      title: { th: พื้นที่การเปลี่ยนแปลงแนวชายฝั่ง, en: Shoreline Change Area }
      menu: { order: 5, icon: change }
      variants:
        - path: ""
          pickers:
            - use: location
              with: { page: change }
            - { id: start, label: ปีเริ่มต้น, kind: year, source: { options: [2559, 2548] } }
            - { id: end, label: ปีสิ้นสุด, kind: year, source: { options: [2559, 2548] } }
          layers:
            - { id: erosion, type: wfs, name: "Erosion {start}-{end}", layers: "{product}:shoreline_erosion_area", viewparams: [{ key: code, deepest: [province, district, subdistrict] }] }
          validations:
            - { id: need-province, rule: minItems, pickers: [province], message: กรุณาเลือกจังหวัด }
            - { id: years-differ, rule: different, pickers: [start], message: กรุณาเลือกปีที่แตกต่างกัน }
          sections:
            - kind: rows
              rows:
                - { id: erosion, layer: erosion, validate: [need-provinse, years-differ], label: พื้นที่กัดเซาะ }
                - { id: accretion, layer: accretion, label: พื้นที่ทับถม }
            - kind: chart
              id: erosion-chart
              from: erosoin
              title: พื้นที่การกัดเซาะ
              value: { unit: sqm }
              groupBy: [{ fields: [prv_name], label: จังหวัด }]
    `;
    expect(await topicErrors('change', text)).toEqual([
      'topics/change.yaml:14:36 variants[0].validations[0].rule: rule "minItems" needs a multiselect picker; "province" is a select',
      'topics/change.yaml:15:55 variants[0].validations[1].pickers: rule "different" compares exactly two pickers (got 1)',
      'topics/change.yaml:19:55 variants[0].sections[0].rows[0].validate[0]: unknown validation "need-provinse" (did you mean "need-province"?)',
      'topics/change.yaml:20:37 variants[0].sections[0].rows[1].layer: unknown layer "accretion"; known: erosion',
      'topics/change.yaml:23:15 variants[0].sections[1].from: unknown row "erosoin" (did you mean "erosion"?)',
    ]);
  });
});

describe('missing pieces', () => {
  it('16. a missing menu.yaml is named as such', async () => {
    const { lines } = await loadEdited({ file: 'menu.yaml', remove: true });
    expect(lines).toEqual(['menu.yaml:1:1 (document): file not found']);
  });

  it('16. a topic with several variants needs a `tab` on each (line 9, column 5: the variant without one)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          tab: { th: แผ่นดิน }
          layers:
            - { id: shoreline, type: wms, name: "Shoreline", layers: "{product}:shoreline_2548" }
        - path: island
          layers:
            - { id: shoreline, type: wms, name: "Shoreline", layers: "{product}:shoreline_2548" }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:9:5 variants[1]: missing "tab": a topic with several variants needs a tab label for each',
    ]);
  });
});

describe('several errors in several files (DESIGN.md §3: a bad config fails with every message)', () => {
  it('18. all are reported, sorted by file, then line', async () => {
    const app = readFileSync(path.join(CONFIG_DIR, 'app.yaml'), 'utf8');
    const zoomLine = app.split('\n').indexOf('  zoom: 6') + 1;
    // menu.yaml line 4: `    href: tcs.dmcr.go.th/` has no scheme; the value starts in column 11.
    const menu = yaml`
      external:
        - id: home
          title: { th: หน้าหลัก, en: Home page }
          href: tcs.dmcr.go.th/
        - id: dashboard
          title: { th: แดชบอร์ด, en: Dashboard }
          href: https://tcs.dmcr.go.th/dashboard
    `;
    // shoreline.yaml: the legend (line 14) is checked before the name template (line 12), yet
    // the output lists line 12 first.
    const shoreline = yaml`
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
              name: "Shoreline {yaer}"
              layers: "{product}:shoreline_{year}"
              legend: shoreline-year
          sections:
            - kind: yearLayers
              title: แนวชายฝั่งรายปี
              years: { options: [2559, 2558] }
              layer: shoreline
    `;
    const { lines } = await loadEdited(
      { file: 'topics/shoreline.yaml', text: shoreline },
      { file: 'menu.yaml', text: menu },
      { file: 'app.yaml', text: app.replace('\n  zoom: 6\n', '\n  zoom: six\n') },
    );
    expect(lines).toEqual([
      `app.yaml:${zoomLine}:9 map.zoom: must be a number`,
      'menu.yaml:4:11 external[0].href: "tcs.dmcr.go.th/" is not valid here: expected absolute http(s) URL or a path on our own server.',
      'topics/shoreline.yaml:12:15 variants[0].layers[0].name: template variable {yaer} is not provided by any picker of this variant (did you mean {year}?)',
      'topics/shoreline.yaml:14:17 variants[0].layers[0].legend: unknown legend "shoreline-year" (did you mean "shoreline-years"?)',
    ]);
  });
});
