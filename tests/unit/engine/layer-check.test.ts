// check:config refuses what no layer module implements (issue 9, "check:config refuses"): each
// case is a copy of the real config/ with one line changed, loaded by the real loader; the
// message is exact, at `file:line:column` of the offending key or value.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { layerTypes } from '../../../src/layers/definitions.ts';
import { CONFIG_DIR, cleanupTempConfigs, loadEdited } from './helpers.ts';

afterAll(cleanupTempConfigs);

interface OneLine {
  /** The edited file's text. */
  text: string;
  /** 1-based line number of the changed line. */
  line: number;
  /** 1-based column of `needle` in the changed line. */
  col(needle: string): number;
}

/** config/<file> with `from` replaced by `to` on the `nth` (1-based) line holding `from`. */
function changeLine(file: string, from: string, to: string, nth = 1): OneLine {
  const lines = readFileSync(path.join(CONFIG_DIR, file), 'utf8').split('\n');
  const hits = lines.flatMap((l, i) => (l.includes(from) ? [i] : []));
  const at = hits[nth - 1];
  if (at === undefined) throw new Error(`${file} has no line #${nth} holding "${from}" (found ${hits.length})`);
  const changed = lines[at]!.replace(from, to);
  lines[at] = changed;
  return {
    text: lines.join('\n'),
    line: at + 1,
    col: (needle) => {
      const i = changed.indexOf(needle);
      if (i < 0) throw new Error(`"${needle}" is not in the changed line`);
      return i + 1;
    },
  };
}

async function errorsOf(file: string, edit: OneLine): Promise<string[]> {
  return (await loadEdited({ file, text: edit.text })).lines;
}

describe('check:config refuses layers no module implements', () => {
  it('the real config loads (the cases below change one line each)', async () => {
    expect((await loadEdited()).lines).toEqual([]);
  });

  it('an unknown layer type names the known ones', async () => {
    const file = 'topics/radar.yaml';
    const edit = changeLine(file, 'type: coastalradar', 'type: radarx');
    expect(layerTypes.join(', ')).toBe('wms, wfs, geojson, circle, circlemarker, polygon, polyline, rectangle, group, coastalradar, cctv, routerpoints, yearlines');
    expect(await errorsOf(file, edit)).toEqual([
      `${file}:${edit.line}:${edit.col('radarx')} variants[0].layers[0].type: unknown type "radarx"; use one of: wms, wfs, geojson, circle, circlemarker, polygon, polyline, rectangle, group, coastalradar, cctv, routerpoints, yearlines`,
    ]);
  });

  it('a WFS layer with `service: wms`', async () => {
    const file = 'topics/cmline-changearea.yaml';
    const edit = changeLine(file, 'service: ows', 'service: wms'); // the first: the mainland erosion layer
    expect(await errorsOf(file, edit)).toEqual([
      `${file}:${edit.line}:${edit.col('wms')} variants[0].layers[1].service: "wms" is not valid here: expected 'wfs' (WFS 2.0.0 with CQL_FILTER), 'ows' (WFS 1.0.0 with viewparams) or an external WFS URL`,
    ]);
  });

  it('a layer key no module reads: `asset` on a wms layer', async () => {
    const file = 'topics/cmline-changearea.yaml';
    const edit = changeLine(file, 'service: wms', 'asset: cctv.json'); // the first: the mainland analysis layer
    expect(await errorsOf(file, edit)).toEqual([`${file}:${edit.line}:${edit.col('asset')} variants[0].layers[0].asset: unknown property "asset"`]);
  });

  it('issue 28: a shared key the type\'s module does not use: `color` on a wms layer (drawn by the server), `fields` on cctv (a popup, not the drawer)', async () => {
    const wms = 'topics/cmline-changearea.yaml';
    const color = changeLine(wms, 'service: wms', 'color: "#FF0000"');
    expect(await errorsOf(wms, color)).toEqual([`${wms}:${color.line}:${color.col('color')} variants[0].layers[0].color: unknown property "color"`]);
    const cctv = 'topics/cctv.yaml';
    const fields = changeLine(cctv, 'auto: true', 'fields: { SITE: ที่ตั้ง }');
    expect(await errorsOf(cctv, fields)).toEqual([`${cctv}:${fields.line}:${fields.col('fields')} variants[0].layers[0].fields: unknown property "fields"`]);
  });

  it('an unknown legendItem names the items of the legend', async () => {
    const file = 'topics/cmline-changearea.yaml';
    const edit = changeLine(file, 'legendItem: erosion', 'legendItem: landslide');
    expect(await errorsOf(file, edit)).toEqual([
      `${file}:${edit.line}:${edit.col('landslide')} variants[0].layers[1].legendItem: unknown item of legend "erosion-accretion" "landslide"; known: erosion, accretion`,
    ]);
  });

  it('a legendItem close to a known one gets a did-you-mean', async () => {
    const file = 'topics/cmline-changearea.yaml';
    const edit = changeLine(file, 'legendItem: erosion', 'legendItem: erosoin');
    expect(await errorsOf(file, edit)).toEqual([
      `${file}:${edit.line}:${edit.col('erosoin')} variants[0].layers[1].legendItem: unknown item of legend "erosion-accretion" "erosoin" (did you mean "erosion"?)`,
    ]);
  });

  it('splitBy a picker no viewparam reads', async () => {
    const file = 'topics/cmline-changearea.yaml';
    const edit = changeLine(file, 'splitBy: islands', 'splitBy: province', 2); // the island erosion layer
    expect(await errorsOf(file, edit)).toEqual([
      `${file}:${edit.line}:${edit.col('province')} variants[1].layers[1].splitBy: no viewparam reads picker "province": splitting would send the same request for every item`,
    ]);
  });

  it('splitBy a picker the variant does not have', async () => {
    const file = 'topics/cmline-changearea.yaml';
    const edit = changeLine(file, 'splitBy: islands', 'splitBy: isles', 2);
    const errors = await errorsOf(file, edit);
    expect(errors[0]).toMatch(new RegExp(`^${file}:${edit.line}:${edit.col('isles')} variants\\[1\\]\\.layers\\[1\\]\\.splitBy: unknown picker "isles"`));
  });

  it('a geojson layer with both asset and url', async () => {
    const file = 'topics/radar.yaml';
    const edit = changeLine(file, 'type: coastalradar, name: สถานีเรดาร์ชายฝั่ง, legend: stations, legendItem: radar,', 'type: geojson, name: สถานีเรดาร์ชายฝั่ง, asset: radar_stations.json, url: /tcs/v2/router,');
    expect(await errorsOf(file, edit)).toEqual([`${file}:${edit.line}:${edit.col('{')} variants[0].layers[0]: a geojson layer needs exactly one of asset or url`]);
  });
});
