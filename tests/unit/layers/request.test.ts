// Request building shared by the layer types (src/layers/request.ts, SPEC.md §3, §7): CQL_FILTER
// from the chosen levels joined by ' and ', CQL literals escaped, multi-selects as IN lists with
// one literal per item, GeoServer viewparams (deepest chosen level, separators escaped), template
// variables and service URLs. Ported from tests/unit/runtime/layerInstance.test.ts.
import { describe, expect, it } from 'vitest';
import type { PickerValues } from '../../../src/engine/options.ts';
import {
  assetUrl, baseInstance, buildCql, buildViewparams, cqlLiteral, fill, routerUrl, serviceUrl, templateVars, viewparamEntries, viewparamPicker, viewparamsText, viewparamValue,
} from '../../../src/layers/request.ts';
import { ictx, testApp as app } from './helpers.ts';

const location = [
  { field: 'prv_code', picker: 'province' },
  { field: 'amp_code', picker: 'district' },
  { field: 'tam_code', picker: 'subdistrict' },
];

describe('§3 CQL_FILTER from the chosen levels', () => {
  it('§3 uses only the chosen levels joined by " and "', () => {
    expect(buildCql(location, { province: { code: '90', name: 'สงขลา' } })).toBe("prv_code = '90'");
    expect(buildCql(location, { province: { code: '90', name: 'สงขลา' }, district: { code: '9001', name: 'เมืองสงขลา' } })).toBe("prv_code = '90' and amp_code = '9001'");
    expect(buildCql(location, { province: { code: '90', name: '' }, district: null, subdistrict: { code: '', name: '' } })).toBe("prv_code = '90'");
    expect(buildCql(location, {})).toBeUndefined();
  });

  it('escapes quotes so a value cannot break out of its literal', () => {
    expect(cqlLiteral("x' OR 1=1 --")).toBe("'x'' OR 1=1 --'");
    expect(buildCql([{ field: 'island', picker: 'island.name' }], { island: { code: '1', name: "เกาะ'ยอ" } })).toBe("island = 'เกาะ''ยอ'");
  });

  it('multiselects become IN lists, one literal per item', () => {
    const values: PickerValues = { islands: [{ code: '3', name: 'a' }, { code: '7', name: 'b' }] };
    expect(buildCql([{ field: 'gid', picker: 'islands', op: 'in' }], values)).toBe("gid IN ('3','7')");
    expect(buildCql([{ field: 'island', picker: 'islands.name', op: 'in' }], values)).toBe("island IN ('a','b')");
  });

  it('an island name containing a comma stays one IN literal (arrays end to end, no comma join and split)', () => {
    const values: PickerValues = { islands: [{ code: '1', name: 'เกาะหนู, เกาะแมว' }, { code: '2', name: "O'Neil" }] };
    expect(buildCql([{ field: 'island', picker: 'islands.name', op: 'in' }], values)).toBe("island IN ('เกาะหนู, เกาะแมว','O''Neil')");
    expect(buildCql([{ field: 'island', picker: 'islands.name', op: 'in' }], { islands: [{ code: '1', name: 'a,b' }] })).toBe("island IN ('a,b')");
  });

  it('like wraps the value in % and escapes it', () => {
    expect(buildCql([{ field: 'name', picker: 'q.name', op: 'like' }], { q: { code: '', name: "หาด'" } })).toBe("name LIKE '%หาด''%'");
  });
});

describe('§7 WFS viewparams', () => {
  const vp = [{ key: 'code', deepest: ['province', 'district', 'subdistrict'] }, { key: 'start', picker: 'start' }, { key: 'end', picker: 'end' }];

  it('§7 code is the deepest chosen level; pairs joined by ";"', () => {
    const values: PickerValues = { province: { code: '90', name: '' }, district: { code: '9001', name: '' }, start: { code: '2562', name: '' }, end: { code: '2567', name: '' } };
    expect(buildViewparams(vp, values)).toBe('code:9001;start:2562;end:2567');
    expect(buildViewparams(vp, { ...values, subdistrict: { code: '900101', name: '' } })).toBe('code:900101;start:2562;end:2567');
    expect(buildViewparams(vp, { province: { code: '90', name: '' } })).toBe('code:90');
    expect(buildViewparams(vp, {})).toBeUndefined();
    expect(viewparamPicker(vp[0]!, values)).toBe('district');
  });

  it('escapes the separators inside values', () => {
    expect(buildViewparams([{ key: 'island', picker: 'i.name' }], { i: { code: '1', name: 'a;b:c,d' } })).toBe('island:a\\;b\\:c\\,d');
    expect(viewparamValue('a\\b')).toBe('a\\\\b');
  });

  it('viewparamEntries keeps raw values; viewparamsText escapes them', () => {
    const entries = viewparamEntries([{ key: 'island', picker: 'i.name' }, { key: 'pv_tn', picker: 'i.prv_name' }], { i: { code: '1', name: 'a;b', extra: { prv_name: 'สงขลา' } } });
    expect(entries).toEqual([['island', 'a;b'], ['pv_tn', 'สงขลา']]);
    expect(viewparamsText(entries)).toBe('island:a\\;b;pv_tn:สงขลา');
    expect(viewparamsText([])).toBeUndefined();
  });
});

describe('template variables and URLs', () => {
  it('{product}, every picker (its code; several joined by ","), then vars which win', () => {
    const ctx = ictx(app, { province: { code: '90', name: 'สงขลา' }, islands: [{ code: '3', name: 'a' }, { code: '7', name: 'b' }], none: null }, { year: '2567' });
    expect(templateVars(ctx)).toEqual({ product: 'tcs', province: '90', islands: '3,7', year: '2567' });
    expect(fill('{product}:cmline_{year} {province}', ctx)).toBe('tcs:cmline_2567 90');
    expect(templateVars(ictx(app, {}, { product: 'other' })).product).toBe('other');
  });

  it('service, router and asset URLs', () => {
    expect(serviceUrl(app, 'wms')).toBe('/geoserver/tcs_postgres/wms');
    expect(serviceUrl(app, 'ows')).toBe('/geoserver/tcs_postgres/ows');
    expect(serviceUrl(app, 'https://radar.example/wms')).toBe('https://radar.example/wms');
    expect(routerUrl(app)).toBe('/tcs/v2/router');
    expect(assetUrl(app, 'cctv.json')).toBe('/maps/assets/data/cctv.json');
    expect(assetUrl({ ...app, backend: { ...app.backend, assets: '/static' } }, 'cctv.json')).toBe('/static/cctv.json');
  });

  it('baseInstance: id from layerId (filled), name filled, legend fields only when given', () => {
    const ctx = ictx(app, {}, { year: '2567' });
    expect(baseInstance({ id: 'cmline', layerId: 'cmline-{year}', type: 'wms', name: 'แนวชายฝั่ง พ.ศ. {year}' }, ctx)).toEqual({ id: 'cmline-2567', name: 'แนวชายฝั่ง พ.ศ. 2567', type: 'wms' });
    expect(baseInstance({ id: 'e', type: 'wfs', name: 'e', legend: 'erosion-accretion', legendItem: 'erosion', opacity: 0, fit: true }, ctx)).toEqual({
      id: 'e', name: 'e', type: 'wfs', legend: 'erosion-accretion', legendItem: 'erosion', opacity: 0, fit: true,
    });
  });
});
