// Topic layers: coastal status, coastal structures, land use, littoral cells, erosion-solution
// lines and potential areas.

import { ADMIN, col, lit, makeSource, type Column } from './sql.ts';
import type { GeometryKind, VectorFeatureType } from './types.ts';

export const STATUS_YEARS = [2566, 2565] as const;
export const STRUCTURE_YEARS = [2566, 2562, 2561, 2560] as const;
export const LANDUSE_YEARS = [2558, 2553, 2549] as const;
export const SUITABILITIES = ['high', 'medium', 'low'] as const;

function layer(
  name: string,
  title: string,
  table: string,
  kind: GeometryKind,
  columns: readonly Column[],
  filters: string[],
  legend: string,
): VectorFeatureType {
  return {
    kind: 'vector',
    name,
    title,
    table,
    geometryColumn: 'geom',
    geometryKind: kind,
    idColumn: 'gid',
    attributes: columns,
    legend,
    source: makeSource(table, columns, filters),
  };
}

const BEACH_CODES = [col('code_b_m', 'string'), col('code_b_c', 'string'), col('code_b_s', 'string')];

const STATUS: readonly Column[] = [
  col('gid', 'int'),
  col('status_year', 'int'),
  col('coastal_s', 'string'),
  col('coastal_t', 'string'),
  col('tumbon_t', 'string'),
  col('amphoe_t', 'string'),
  col('province_t', 'string'),
  col('sub_cell', 'string'),
  col('beach_type', 'string'),
  col('epr', 'double'),
  col('prv_code', 'string'),
  col('amp_code', 'string'),
  col('tam_code', 'string'),
  ...BEACH_CODES,
];
const STRUCTURE: readonly Column[] = [
  col('gid', 'int'),
  col('year', 'int'),
  col('code_stru', 'string'),
  col('name_t', 'string'),
  col('name_e', 'string'),
  col('performanc', 'string'),
  col('effect', 'string'),
  ...ADMIN,
  col('length_m', 'double'),
];
const LANDUSE: readonly Column[] = [col('gid', 'int'), col('lu_year', 'int'), col('lul2_code', 'string'), col('lul2_t', 'string'), ...ADMIN, col('area_rai', 'double')];
const LITTORAL: readonly Column[] = [
  col('gid', 'int'),
  col('layer_kind', 'string'),
  col('littoral_c', 'string'),
  col('name', 'string'),
  col('length_m', 'double'),
  col('total_length_m', 'double'),
  ...BEACH_CODES,
  ...ADMIN,
];
const SOLUTION: readonly Column[] = [
  col('gid', 'int'),
  col('measuregrp', 'int'),
  col('measure', 'string'),
  col('m_bcode', 'string'),
  col('b_name', 'string'),
  col('code_b_m', 'string'),
  col('code_b_c', 'string'),
  ...ADMIN,
];
const POTENTIAL: readonly Column[] = [
  col('gid', 'int'),
  col('grp', 'int'),
  col('suitability', 'string'),
  col('name', 'string'),
  col('area_rai', 'double'),
  ...BEACH_CODES,
  col('prv_code', 'string'),
  col('amp_code', 'string'),
  col('prv_name', 'string'),
  col('amp_name', 'string'),
];

const LITTORAL_KINDS = [
  ['littoral_cell', 'cell', 'หน่วยตะกอนหลัก'],
  ['littoral_subcell', 'sub', 'หน่วยตะกอนย่อย'],
  ['littoral_beach', 'beach', 'ความยาวระบบหาด'],
] as const;

const SUITABILITY_TH = { high: 'สูง', medium: 'ปานกลาง', low: 'ต่ำ' } as const;

export function topicTypes(): VectorFeatureType[] {
  const out: VectorFeatureType[] = [];
  for (const year of STATUS_YEARS) {
    out.push(layer(`coastalstatus_${year}`, `สถานภาพชายฝั่ง พ.ศ. ${year}`, 'coastal_status', 'line', STATUS, [`status_year = ${lit(year)}`], 'coastal-status'));
  }
  for (const year of STRUCTURE_YEARS) {
    out.push(layer(`coastalconstruction_${year}`, `โครงสร้างชายฝั่ง พ.ศ. ${year}`, 'coastal_structure', 'line', STRUCTURE, [`year = ${lit(year)}`], 'coastal-structure'));
  }
  for (const year of LANDUSE_YEARS) {
    out.push(layer(`coastallu_${year}`, `การใช้ประโยชน์ที่ดิน พ.ศ. ${year}`, 'landuse', 'polygon', LANDUSE, [`lu_year = ${lit(year)}`], 'landuse'));
  }
  for (const [name, kind, title] of LITTORAL_KINDS) {
    out.push(layer(name, title, 'littoral', 'line', LITTORAL, [`layer_kind = ${lit(kind)}`], 'littoral'));
  }
  for (const group of [1, 2, 3, 4]) {
    out.push(layer(`erosion_solution_${group}`, `กลุ่มมาตรการที่ ${group}`, 'erosion_solution', 'line', SOLUTION, [`measuregrp = ${lit(group)}`], 'erosion-solution'));
  }
  for (const group of [1, 2, 3]) {
    for (const s of SUITABILITIES) {
      out.push(
        layer(`potential_${group}_${s}`, `พื้นที่ศักยภาพกลุ่มที่ ${group} ความเหมาะสม${SUITABILITY_TH[s]}`, 'potential_area', 'polygon', POTENTIAL,
          [`grp = ${lit(group)}`, `suitability = ${lit(s)}`], 'potential'),
      );
    }
  }
  return out;
}
