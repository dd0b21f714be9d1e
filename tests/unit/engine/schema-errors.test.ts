// DESIGN.md §3 "Validation: ajv against schemas/ ... Every error names the file, the JSON path and
// the line:column in the YAML, in plain words": one sentence per mistake, at the offending key or
// value. Each broken file is written out in full; line 1 is the line after the opening backtick.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONFIG_DIR, cleanupTempConfigs, loadEdited, topicErrors, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

describe('schema errors (DESIGN.md §3, schemas/*.schema.json)', () => {
  it('3. missing required property: a layer without `type` (line 7, column 9: the layer)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          layers:
            - id: shoreline
              name: "Shoreline {year}"
              layers: "{product}:shoreline_{year}"
          sections:
            - { kind: yearLayers, title: Years, years: { options: [2559, 2558] }, layer: shoreline }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:7:9 variants[0].layers[0]: missing required property "type"',
    ]);
  });

  it('4. unknown property with a did-you-mean hint: `legnd:` (line 11, column 9: the key)', async () => {
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
              legnd: shoreline-years
          sections:
            - { kind: yearLayers, title: Years, years: { options: [2559, 2558] }, layer: shoreline }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:11:9 variants[0].layers[0].legnd: unknown property "legnd" (did you mean "legend"?)',
    ]);
  });

  it('4. a misspelt required key is one mistake, not two: `lable:` for `label:` (line 8, column 9)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          pickers:
            - id: year
              lable: ปี
              source: { options: [2559, 2558] }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:8:9 variants[0].pickers[0].lable: unknown property "lable" (did you mean "label"?)',
    ]);
  });

  it('4. a misspelt key of a `use:` entry names that key, not the picker form (line 8, column 9)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          pickers:
            - use: location
              whith: { page: shoreline }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:8:9 variants[0].pickers[0].whith: unknown property "whith" (did you mean "with"?)',
    ]);
  });

  it('5. wrong type: a place with `zoom: six` (line 12, column 19: the value)', async () => {
    // Line 12 is `          zoom: six`; `six` starts in column 19.
    const text = yaml`
      route: radar
      title: { th: เรดาร์ชายฝั่ง, en: Coastal Radar }
      menu: { order: 11, icon: radar }
      variants:
        - path: ""
          layers:
            - { id: currents, layerId: radar-currents, type: wms, name: กระแสน้ำผิวหน้า, service: wms, layers: "{product}:radar_current", legend: radar-current, auto: true }
          sections:
            - kind: places
              places:
                - center: [100.45, 13.2]
                  zoom: six
                  label: อ่าวไทยตอนบน
    `;
    expect(await topicErrors('radar', text)).toEqual([
      'topics/radar.yaml:12:19 variants[0].sections[0].places[0].zoom: must be a number',
    ]);
  });

  it('a property the kind does not use: `attribution` of a style base map, whose style names its credits (the key)', async () => {
    const real = readFileSync(path.join(CONFIG_DIR, 'app.yaml'), 'utf8');
    const edited = real.replace('    style: /maps/basemap/style.json\n', '    style: /maps/basemap/style.json\n    attribution: "Natural Earth"\n');
    expect(edited).not.toBe(real);
    const line = edited.split('\n').indexOf('    attribution: "Natural Earth"') + 1;
    const { lines } = await loadEdited({ file: 'app.yaml', text: edited });
    expect(lines).toEqual([`app.yaml:${line}:5 basemaps[6].attribution: "attribution" does not apply here: nothing would use it`]);
  });

  it('5. wrong type: `zoom: six` in app.yaml map settings (column 9)', async () => {
    const real = readFileSync(path.join(CONFIG_DIR, 'app.yaml'), 'utf8');
    const line = real.split('\n').indexOf('  zoom: 6') + 1;
    expect(line).toBeGreaterThan(0);
    const { lines } = await loadEdited({ file: 'app.yaml', text: real.replace('\n  zoom: 6\n', '\n  zoom: six\n') });
    expect(lines).toEqual([`app.yaml:${line}:9 map.zoom: must be a number`]);
  });

  it('6. unknown layer `type: wmts` (discriminator over the layer registry) lists the known types (line 8, column 15)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          layers:
            - id: shoreline
              type: wmts
              name: "Shoreline {year}"
              layers: "{product}:shoreline_{year}"
          sections:
            - { kind: yearLayers, title: Years, years: { options: [2559, 2558] }, layer: shoreline }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:8:15 variants[0].layers[0].type: unknown type "wmts"; use one of: wms, wfs, geojson, circle, circlemarker, polygon, polyline, rectangle, group, coastalradar, cctv, routerpoints, yearlines',
    ]);
  });

  it('7. pattern: a route with upper case (line 1, column 8) and a color `#FF00` (line 11, column 16)', async () => {
    const text = yaml`
      route: Shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          layers:
            - id: shoreline
              type: wfs
              name: "Shoreline {year}"
              layers: "{product}:shoreline_{year}"
              color: "#FF00"
          sections:
            - { kind: yearLayers, title: Years, years: { options: [2559, 2558] }, layer: shoreline }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      `topics/shoreline.yaml:1:8 route: "Shoreline" is not valid here: expected a route segment under /maps, e.g. 'cmline-changearea'.`,
      'topics/shoreline.yaml:11:16 variants[0].layers[0].color: "#FF00" is not valid here: expected #RRGGBB or #RRGGBBAA: the colour of a one-colour layer; overrides the legend.',
    ]);
  });

  it('8. section `kind` unknown (discriminator): `kind: legends` (line 13, column 15)', async () => {
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
          sections:
            - { kind: yearLayers, title: Years, years: { options: [2559, 2558] }, layer: shoreline }
            - kind: legends
              legend: shoreline-years
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:13:15 variants[0].sections[1].kind: unknown kind "legends"; use one of: legend, yearLayers, rows, addLayer, chart, download, switches, places, featureList, files, form, note, totals, areaOutline',
    ]);
  });

  it('8. a known `kind` with its own property missing is judged by that kind only (line 13, column 9: the `{`)', async () => {
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
          sections:
            - { kind: yearLayers, title: Years, years: { options: [2559, 2558] }, layer: shoreline }
            - { kind: legend, collapsed: true }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:13:9 variants[0].sections[1]: missing required property "legend"',
    ]);
  });

  it('9. malformed picker `source` (oneOf): one clear sentence per source, never a flood', async () => {
    // line 9:  `router:` without `page` -> the router form was meant: name the missing key (column 27, the `{`)
    // line 12: `optoins:` -> the fixed-options form was meant: did-you-mean at the key (column 19)
    // line 15: both `router` and `asset` -> no form fits better: one sentence naming the forms (column 17)
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          pickers:
            - id: year
              label: ปี
              source: { router: { mode: year } }
            - id: zone
              label: เขต
              source: { optoins: [2559, 2558] }
            - id: cell
              label: หน่วย
              source: { router: { page: cells }, asset: cells.json }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:9:27 variants[0].pickers[0].source.router: missing required property "page"',
      'topics/shoreline.yaml:12:19 variants[0].pickers[1].source.optoins: unknown property "optoins" (did you mean "options"?)',
      'topics/shoreline.yaml:15:17 variants[0].pickers[2].source: must be one of: router call; bundled asset; fixed options; a list declared in the variant; distinct values of a published layer',
    ]);
  });

  it('9. oneOf of types: an option `"2558"` (text) where a year or a mapping goes (line 9, column 35)', async () => {
    // Line 9 `        source: { options: [2559, "2558"] }`: the quoted "2558" starts in column 35.
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          pickers:
            - id: year
              label: ปี
              source: { options: [2559, "2558"] }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:9:35 variants[0].pickers[0].source.options[1]: must be a whole number or a mapping (key: value)',
    ]);
  });

  it('9. oneOf of enum or list: picker `default: latest` keeps the enum sentence (line 9, column 18)', async () => {
    const text = yaml`
      route: shoreline
      title: { th: แนวชายฝั่ง, en: Shoreline }
      menu: { order: 2, icon: shoreline }
      variants:
        - path: ""
          pickers:
            - id: year
              label: ปี
              default: latest
              source: { options: [2559, 2558] }
    `;
    expect(await topicErrors('shoreline', text)).toEqual([
      'topics/shoreline.yaml:9:18 variants[0].pickers[0].default: "latest" is not allowed; use one of: first, last',
    ]);
  });
});

describe('a shared file that fails its schema (DESIGN.md §3)', () => {
  it('17. a broken pickers.yaml reports its own error and no "unknown cascade" in the 16 topics that use it', async () => {
    // Only the first cascade is left, and it is broken (line 9 `lable:`); every topic still says
    // `use: location` / `use: beach-system` / ... but none of them is judged against a broken file.
    const pickers = yaml`
      cascades:
        - id: location
          params: [page]
          pickers:
            - id: province
              label: จังหวัด
              source: { router: { page: "{page}", mode: list, list: province } }
            - id: district
              lable: อำเภอ
              source: { router: { page: "{page}", mode: list, list: amphur }, params: { pv: province } }
    `;
    const { lines } = await loadEdited({ file: 'pickers.yaml', text: pickers });
    expect(lines).toEqual([
      'pickers.yaml:9:9 cascades[0].pickers[1].lable: unknown property "lable" (did you mean "label"?)',
    ]);
  });

  it('17. a broken legends.yaml reports its own error and no "unknown legend" in the topics', async () => {
    // One legend left, with a 5-digit colour on line 6 (`"#2AA7F"` starts in column 53).
    const legends = yaml`
      legends:
        - id: erosion-accretion
          title: การเปลี่ยนแปลงพื้นที่ชายฝั่ง
          type: fill
          items:
            - { label: Accretion, code: accretion, color: "#2AA7F" }
    `;
    const { lines } = await loadEdited({ file: 'legends.yaml', text: legends });
    expect(lines).toEqual([
      'legends.yaml:6:53 legends[0].items[0].color: "#2AA7F" is not valid here: expected #RRGGBB or #RRGGBBAA',
    ]);
  });
});
