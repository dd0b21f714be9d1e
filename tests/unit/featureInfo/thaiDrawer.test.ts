// Issue 24 defect 4: the feature drawer speaks Thai (SPEC.md §2 Feature drawer, §3 Feature
// properties, §9 "Thai locale with Buddhist-era year for dates"): ISO dates in Buddhist-era Thai,
// coded values as their Thai labels (glossary code sets, legends), internal ids hidden unless the
// layer sets showIds, a field duplicating another and a repeated label shown once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isInternalId, resolveLegends, type LegendSource } from '../../../src/engine/glossary.ts';
import type { Glossary } from '../../../src/engine/types.ts';
import { formatIsoDateText } from '../../../src/engine/units.ts';
import type { TemplateBase } from '../../../src/layers/types.ts';
import { fieldReader, rememberDrawerFields } from '../../../src/ui/featureInfo/fieldLabels.ts';
import { formatProperties, formatValue } from '../../../src/ui/featureInfo/formatProperties.ts';

const CONFIG = path.join(import.meta.dirname, '..', '..', '..', 'config');
const glossary = parse(readFileSync(path.join(CONFIG, 'glossary.yaml'), 'utf8')) as Glossary;
const legends = resolveLegends((parse(readFileSync(path.join(CONFIG, 'legends.yaml'), 'utf8')) as { legends: LegendSource[] }).legends, glossary);

/** The drawer's [label, value] rows of a feature of layer `id` (legend `legend`) with the real config. */
const rows = (properties: Record<string, unknown>, layer: { id?: string; legend?: string } = {}) =>
  formatProperties(properties, fieldReader(layer, glossary, legends)).map((r) => [r.label, r.value]);

describe('dates in Buddhist-era Thai', () => {
  it("an ISO date reads '31 ธ.ค. 2567'; a date-time adds its time (Bangkok time when it has a zone)", () => {
    expect(formatIsoDateText('2024-12-31')).toBe('31 ธ.ค. 2567');
    expect(formatIsoDateText('2024-12-31T07:30:00Z')).toBe('31 ธ.ค. 2567 14:30 น.');
    expect(formatIsoDateText('2024-12-31T20:00:00.000Z')).toBe('1 ม.ค. 2568 03:00 น.');
    expect(formatIsoDateText('2024-12-31 14:30:00')).toBe('31 ธ.ค. 2567 14:30 น.');
    expect(formatIsoDateText('2024-12-31T00:30:00+07:00')).toBe('31 ธ.ค. 2567 00:30 น.');
  });

  it('anything else is no date: years, codes, impossible days', () => {
    for (const text of ['2567', '90', 'T1-02-04', '2024-02-30', '2024-13-01', '31/12/2024', '2024-12-31x']) expect(formatIsoDateText(text), text).toBeUndefined();
  });

  it('the drawer shows the update and the radar time stamp that way, never ISO', () => {
    expect(formatValue('update', '2024-12-31')).toBe('31 ธ.ค. 2567');
    expect(rows({ update: '2024-12-31', time_stamp: '2025-01-15T03:00:00Z' })).toEqual([
      ['ปรับปรุงล่าสุด', '31 ธ.ค. 2567'],
      ['เวลาตรวจวัด', '15 ม.ค. 2568 10:00 น.'],
    ]);
  });
});

describe('coded values as their Thai labels', () => {
  it("a field naming a glossary code set shows the set's Thai term: kind 'erosion' -> 'การกัดเซาะ'", () => {
    expect(rows({ kind: 'erosion' })).toEqual([['ประเภทการเปลี่ยนแปลง', 'การกัดเซาะ']]);
    expect(rows({ kind: 'accretion', layer_kind: 'cell' })).toEqual([
      ['ประเภทการเปลี่ยนแปลง', 'การทับถม'],
      ['ประเภทหน่วยตะกอนชายฝั่ง', 'หน่วยตะกอนชายฝั่ง'],
    ]);
  });

  it('else the label a legend classing by the field gives the code (rate_class by transect-rate, suitability by potential)', () => {
    expect(rows({ rate_class: 'moderate_erosion' })).toEqual([['ระดับการเปลี่ยนแปลง', 'กัดเซาะปานกลาง (-5 ถึง -1)']]);
    expect(rows({ rate_class: 'severe_accretion' })).toEqual([['ระดับการเปลี่ยนแปลง', 'ทับถมมาก (มากกว่า 5)']]);
    expect(rows({ suitability: 'high' }, { id: 'potential-1-high', legend: 'potential' })).toEqual([['ระดับความเหมาะสม', 'ความเหมาะสมสูง']]);
    expect(rows({ cvi_level: 4 })).toEqual([['ระดับความเปราะบาง', 'สูง']]);
  });

  it('a code the legend label only adds words to stays the code; an unknown code stays as it is', () => {
    expect(rows({ line_year: 2567 }, { legend: 'cmline-years' })).toEqual([['ปี พ.ศ.', '2567']]);
    expect(rows({ code_stru: 'GR', lul2_code: 'A2', measuregrp: 1 })).toEqual([['รหัสโครงสร้าง', 'GR'], ['รหัสการใช้ประโยชน์ที่ดิน', 'A2'], ['กลุ่มมาตรการ', '1']]);
    expect(rows({ rate_class: 'unheard_of' })).toEqual([['ระดับการเปลี่ยนแปลง', 'unheard_of']]);
  });
});

describe('internal ids are hidden unless the layer asks for them', () => {
  it('gid, fid, id, *_gid, *_id are internal ids; codes and counts are not', () => {
    for (const name of ['gid', 'fid', 'id', 'ogc_fid', 'OBJECTID', 'island_gid', 'seg_gid', 'lake_island_id']) expect(isInternalId(name), name).toBe(true);
    for (const name of ['prv_code', 'transects', 'grid', 'idx', 'code_b_m', 'valid']) expect(isInternalId(name), name).toBe(false);
  });

  it('the drawer leaves them out; a layer with showIds shows them', () => {
    const feature = { gid: 12, island_gid: 3, fid: 5, island: 'เกาะสมุย' };
    rememberDrawerFields('islands', { id: 'island', type: 'wfs', name: 'เกาะ' } as TemplateBase);
    expect(rows(feature, { id: 'islands' })).toEqual([['เกาะ', 'เกาะสมุย']]);
    rememberDrawerFields('islands-ids', { id: 'island', type: 'wfs', name: 'เกาะ', showIds: true, fields: { island_gid: 'รหัสเกาะ', fid: 'ลำดับ' } } as TemplateBase);
    expect(rows(feature, { id: 'islands-ids' })).toEqual([['ลำดับที่', '12'], ['รหัสเกาะ', '3'], ['ลำดับ', '5'], ['เกาะ', 'เกาะสมุย']]);
  });
});

describe('no field shown twice', () => {
  it('province and district of two spellings (prv_name and pv_th) show once, the first', () => {
    expect(rows({ prv_name: 'สงขลา', amp_name: 'สิงหนคร', pv_th: 'สงขลา', ap_th: 'สิงหนคร', pv_tn: 'สงขลา' })).toEqual([
      ['จังหวัด', 'สงขลา'],
      ['อำเภอ', 'สิงหนคร'],
    ]);
  });

  it('length_km duplicates shape_leng: only shape_leng (SPEC.md §3, 4 decimals) when both have values', () => {
    expect(rows({ length_km: 19.1125, shape_leng: 19112.5 })).toEqual([['ความยาว (กม.)', '19.1125']]);
    expect(rows({ length_km: 19.1125, shape_leng: null })).toEqual([['ความยาว (กม.)', '19.113']]);
  });

  it("the area's label names no unit: its value says ไร่, งาน and ตร.วา", () => {
    expect(rows({ area_rai: 276.4 })).toEqual([['พื้นที่', '276 ไร่ 1 งาน 60.000 ตร.วา']]);
    expect(rows({ area: 2050 })).toEqual([['พื้นที่', '1 ไร่ 1 งาน 12.500 ตร.วา (2,050.000 ตร.ม.)']]);
  });
});
