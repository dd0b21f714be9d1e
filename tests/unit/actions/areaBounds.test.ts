// Bounds of a chosen area (issue 11): a beach-filtered layer asks getBBox first (/potentialarea);
// a page without layers maps its shared cascades' pickers to the lookups (/dashboard); the
// drawer's labels of a layer's `fields` come before the shared ones.
import { describe, expect, it } from 'vitest';
import { areaTemplate, areaBounds, wmsLayerBounds } from '../../../src/ui/topic/actions/bounds.ts';
import { formatProperties } from '../../../src/ui/featureInfo/formatProperties.ts';
import { fieldLabeller, rememberFieldLabels } from '../../../src/ui/featureInfo/fieldLabels.ts';
import type { TemplateBase } from '../../../src/layers/types.ts';

const BOX = [100, 7, 101, 8];
const chosen = (code: string) => ({ code, name: code });

describe('area bounds', () => {
  it('a layer filtered by beach system fits the beach system (getBBox) before asking getbound', async () => {
    const calls: Array<Record<string, string>> = [];
    const template = { cql: [{ field: 'code_b_m', picker: 'beach-main' }, { field: 'code_b_c', picker: 'beach-sub' }] };
    const box = await wmsLayerBounds({ id: 'p', options: { layers: 'tcs:potential_1_high' } }, template, { 'beach-main': chosen('T1'), 'beach-sub': chosen('T1.2') }, async (q) => (calls.push(q), { bbox: BOX }));
    expect(box).toEqual(BOX);
    expect(calls).toEqual([{ page: 'beachsystem', mode: 'getBBox', code_b_m: 'T1', code_b_c: 'T1.2' }]);
  });

  it("a page's location or beach pickers become the area's lookups", async () => {
    const template = areaTemplate(['province', 'district', 'subdistrict', 'reports']);
    expect(template.cql.map((t) => t.field)).toEqual(['prv_code', 'amp_code', 'tam_code']);
    const calls: Array<Record<string, string>> = [];
    await areaBounds(template, { province: chosen('90') }, async (q) => (calls.push(q), { data: [{ bbox: BOX }] }), () => undefined);
    expect(calls).toEqual([{ page: 'locations', mode: 'pv-center', 'pv-code': '90' }]);
    expect(areaTemplate(['beach-main', 'beach-sub', 'beach-system']).cql.map((t) => t.field)).toEqual(['code_b_m', 'code_b_c', 'code_b_s']);
  });

  it('a failed lookup is logged and gives null', async () => {
    const warned: string[] = [];
    const box = await areaBounds(areaTemplate(['beach-main']), { 'beach-main': chosen('T1') }, () => Promise.reject(new Error('down')), (m) => warned.push(m));
    expect(box).toBeNull();
    expect(warned).toEqual(['bounds (page=beachsystem&mode=getBBox) failed']);
  });
});

describe('feature drawer labels', () => {
  it("a layer's `fields` name its attributes before the glossary's labels with units (issue 16)", () => {
    const glossary = {
      units: { 'cm-per-s': { th: 'ซม./วินาที', en: 'cm/s' } },
      fields: { gid: { th: 'รหัส', en: 'Id' }, prv_name: { th: 'จังหวัด', en: 'Province' }, velocity: { th: 'ความเร็ว', en: 'Velocity', unit: 'cm-per-s' } },
    };
    rememberFieldLabels('landuse-2558', { id: 'landuse', type: 'wms', name: 'x', fields: { gid: 'ลำดับที่', lu_year: 'ปีข้อมูล (พ.ศ.)' } } as TemplateBase);
    const rows = formatProperties({ gid: 3, lu_year: 2558, prv_name: 'สงขลา', velocity: 12, other: 'x' }, fieldLabeller('landuse-2558', glossary));
    expect(rows.map((r) => r.label)).toEqual(['ลำดับที่', 'ปีข้อมูล (พ.ศ.)', 'จังหวัด', 'ความเร็ว (ซม./วินาที)', 'other']);
  });
});
