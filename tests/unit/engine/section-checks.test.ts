// check:config refuses what no section module implements (issue 9): an unknown section kind, a
// chart or download fed by a layer that offers no data, a featureList whose rows lack the fields
// it shows or the point it fits to. Each message exact, with line and column.
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempConfigs, topicErrors, yaml } from './helpers.ts';

afterAll(cleanupTempConfigs);

const KINDS = 'legend, yearLayers, rows, addLayer, chart, download, switches, places, featureList, files, form, note, totals, areaOutline';

describe('section kinds are the registry\'s (src/sections/definitions.ts)', () => {
  it('an unknown kind lists the known ones (line 7, column 17)', async () => {
    const text = yaml`
      route: radar
      title: { th: เรดาร์, en: Radar }
      menu: { order: 11, icon: radar }
      variants:
        - path: ""
          sections:
            - { kind: x, title: โซน }
    `;
    expect(await topicErrors('radar', text)).toEqual([`topics/radar.yaml:7:17 variants[0].sections[0].kind: unknown kind "x"; use one of: ${KINDS}`]);
  });
});

describe('charts and downloads read a layer that offers data', () => {
  const change = (from: string) => yaml`
    route: change
    title: { th: พื้นที่การเปลี่ยนแปลงแนวชายฝั่ง, en: Shoreline Change Area }
    menu: { order: 5, icon: change }
    variants:
      - path: ""
        layers:
          - { id: coastline, type: wms, name: แนวชายฝั่ง, layers: "{product}:cmline_2567" }
          - { id: erosion, type: wfs, name: พื้นที่กัดเซาะ, layers: "{product}:erosion_area" }
        sections:
          - kind: rows
            rows:
              - { id: line, label: แนวชายฝั่ง, layer: coastline }
              - { id: eroded, label: พื้นที่กัดเซาะ, layer: erosion }
          - kind: chart
            id: chart
            from: ${from}
            title: พื้นที่
            value: { unit: sqm }
            groupBy: [{ fields: [prv_name], label: จังหวัด }]
          - { kind: download, from: ${from}, file: erosion.zip }
  `;

  it('a wms row (line 16, column 15) and a wms layer id (line 20, column 33) are refused', async () => {
    expect(await topicErrors('change', change('line'))).toEqual([
      'topics/change.yaml:16:15 variants[0].sections[1].from: layer "coastline" (type wms) offers no data to chart or download; use a wfs, geojson, coastalradar, cctv or routerpoints layer',
      'topics/change.yaml:20:33 variants[0].sections[2].from: layer "coastline" (type wms) offers no data to chart or download; use a wfs, geojson, coastalradar, cctv or routerpoints layer',
    ]);
    expect(await topicErrors('change', change('coastline'))).toEqual([
      'topics/change.yaml:16:15 variants[0].sections[1].from: layer "coastline" (type wms) offers no data to chart or download; use a wfs, geojson, coastalradar, cctv or routerpoints layer',
      'topics/change.yaml:20:33 variants[0].sections[2].from: layer "coastline" (type wms) offers no data to chart or download; use a wfs, geojson, coastalradar, cctv or routerpoints layer',
    ]);
  });

  it('a wfs row or layer is accepted', async () => {
    expect(await topicErrors('change', change('eroded'))).toEqual([]);
    expect(await topicErrors('change', change('erosion'))).toEqual([]);
  });
});

describe('featureList reads the fields it shows and the point it fits to', () => {
  it('a label field the source does not read (line 7, column 90) and a source without point (line 7, column 38)', async () => {
    const text = yaml`
      route: cctv
      title: { th: กล้อง CCTV ชายฝั่ง, en: Coastal CCTV }
      menu: { order: 14, icon: cctv }
      variants:
        - path: ""
          sections:
            - { kind: featureList, source: { asset: cctv.json, fields: { value: id } }, label: CODE }
    `;
    expect(await topicErrors('cctv', text)).toEqual([
      'topics/cctv.yaml:7:38 variants[0].sections[0].source: a featureList needs each item\'s "point" ([lon, lat]) to fit the map to it; add it to source.fields.extra',
      'topics/cctv.yaml:7:90 variants[0].sections[0].label: field "CODE" is not read from the source; add it to source.fields.extra',
    ]);
  });
});
