// A shown layer reloads when a picker it uses changes (issue 23 item 4): the toggle row compares
// requestKey after each change. A WFS instance holds only its type name (CQL and viewparams are
// built when it loads), so the key must change with the pickers those read too, and must not
// change with a picker the layer does not read.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConfigBundle } from '../../../src/engine/types.ts';
import type { TemplateBase } from '../../../src/layers/types.ts';
import { pickerRefs, requestKey } from '../../../src/ui/topic/reloadOnPickers.ts';
import { realBundle, variantOf } from './helpers.ts';

let bundle: ConfigBundle;
beforeAll(async () => {
  bundle = await realBundle();
}, 120_000);

const y = (year: number) => ({ code: String(year), name: String(year) });
const songkhla = { code: '90', name: 'สงขลา' };
const template = (route: string, id: string): TemplateBase => {
  const t = variantOf(bundle, route).layers.find((l) => l.id === id);
  if (!t) throw new Error(`no layer ${id} in ${route}`);
  return t;
};
const key = (t: TemplateBase, values: Record<string, unknown>, vars: Record<string, string> = {}) =>
  requestKey(t, { app: bundle.app, values: values as never, vars });

describe('the pickers a layer template reads', () => {
  it('viewparams (picker and deepest), cql pickers and {variables} of its texts', () => {
    expect(pickerRefs(template('cmline-changearea', 'erosion'))).toEqual(['district', 'end', 'product', 'province', 'start', 'subdistrict']);
    expect(pickerRefs({ id: 'x', type: 'wfs', name: 'ขยะ พ.ศ. {year}', layers: '{product}:litter', cql: [{ field: 'province', picker: 'islands.pv_tn' }], splitBy: 'zone' } as TemplateBase)).toEqual(['islands.pv_tn', 'product', 'year', 'zone', 'zone.name']);
  });
});

describe('requestKey', () => {
  it('a WFS layer by viewparams: changes with the end year, not with a picker it does not read', () => {
    const erosion = template('cmline-changearea', 'erosion');
    const before = key(erosion, { province: songkhla, start: y(2562), end: y(2567) });
    expect(before).not.toBe('');
    expect(key(erosion, { province: songkhla, start: y(2562), end: y(2566) })).not.toBe(before);
    expect(key(erosion, { province: songkhla, start: y(2562), end: y(2567), unrelated: y(1) })).toBe(before);
  });

  it('a WFS layer by CQL: changes with the province, though its instance (the type name) does not', () => {
    const wfs = { id: 'lines', type: 'wfs', name: 'แนวชายฝั่ง', service: 'wfs', layers: '{product}:cmline_2567', cql: [{ field: 'prv_code', picker: 'province' }] } as TemplateBase;
    expect(key(wfs, { province: songkhla })).not.toBe(key(wfs, { province: { code: '84', name: 'สุราษฎร์ธานี' } }));
    // A restored link chooses the code first and the name once the options load: the same request.
    expect(key(wfs, { province: { code: '90', name: '' } })).toBe(key(wfs, { province: songkhla }));
  });

  it("a year in the type name: the WFS asks for cmline_2566 after the picker's change", () => {
    const wfs = { id: 'lines', type: 'wfs', name: 'แนวชายฝั่ง พ.ศ. {year}', service: 'wfs', layers: '{product}:cmline_{year}' } as TemplateBase;
    expect(key(wfs, { year: y(2567) })).toContain('cmline_2567');
    expect(key(wfs, { year: y(2566) })).toContain('cmline_2566');
  });

  it('a WMS layer: its LAYERS and CQL_FILTER', () => {
    const wms = { id: 'w', type: 'wms', name: 'แนวชายฝั่ง', service: 'wms', layers: '{product}:cmline_{year}', cql: [{ field: 'prv_code', picker: 'province' }] } as TemplateBase;
    const a = JSON.parse(key(wms, { year: y(2567), province: songkhla })) as [{ options: Record<string, string> }];
    expect(a[0].options).toMatchObject({ layers: 'tcs:cmline_2567', CQL_FILTER: "prv_code = '90'" });
  });

  it('a row variable (yearLayers {year}) wins over a picker of that name: the picker does not reload it', () => {
    const wms = { id: 'w', type: 'wms', name: 'แนวชายฝั่ง {year}', service: 'wms', layers: '{product}:cmline_{year}' } as TemplateBase;
    expect(key(wms, { year: y(2566) }, { year: '2567' })).toBe(key(wms, { year: y(2565) }, { year: '2567' }));
  });

  it("'' while a variable it needs is unchosen", () => {
    const wfs = { id: 'lines', type: 'wfs', name: 'แนวชายฝั่ง', service: 'wfs', layers: '{product}:cmline_{year}' } as TemplateBase;
    expect(key(wfs, {})).toBe('');
  });
});
