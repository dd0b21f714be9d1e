// Change-rate layers (end point rate, m/yr, and its SPEC.md §9 class) for 2565-2567: by beach
// system (per transect), by administrative zone (per sub-district segment), islands and
// Songkhla Lake.

import { ADMIN, ADMIN_TN, col, lit, makeSource, type Column } from './sql.ts';
import type { VectorFeatureType } from './types.ts';

export const RATE_YEARS = [2565, 2566, 2567] as const;

const BASE: readonly Column[] = [
  col('gid', 'int'),
  col('rate_year', 'int'),
  col('epr', 'double'),
  col('rate_class', 'string'),
  col('transects', 'int'),
  col('code_b_m', 'string'),
  col('code_b_c', 'string'),
  col('code_b_s', 'string'),
  col('bed_sed', 'string'),
  ...ADMIN,
  col('pv_th', 'string', 'prv_name'),
  col('ap_th', 'string', 'amp_name'),
  // the survey date of the rate year (31 December, Gregorian)
  col('update', 'date', "make_date(rate_year - 543, 12, 31)"),
];
const ISLAND: readonly Column[] = [...BASE, col('layer', 'string'), col('island', 'string'), col('island_gid', 'int'), ...ADMIN_TN];
const LAKE_ISLAND: readonly Column[] = [...BASE, col('island', 'string'), col('id', 'int', 'lake_island_id'), ...ADMIN_TN];

function rateLayer(name: string, title: string, zone: string, level: 'transect' | 'segment', year: number, columns: readonly Column[]): VectorFeatureType {
  return {
    kind: 'vector',
    name,
    title: `${title} พ.ศ. ${year}`,
    table: 'change_rate',
    geometryColumn: 'geom',
    geometryKind: 'line',
    idColumn: 'gid',
    attributes: columns,
    legend: 'change-rate',
    source: makeSource('change_rate', columns, [`zone = ${lit(zone)}`, `level = ${lit(level)}`, `rate_year = ${lit(year)}`]),
  };
}

export function rateTypes(): VectorFeatureType[] {
  return RATE_YEARS.flatMap((year) => [
    rateLayer(`changerate_beach_${year}`, 'อัตราการเปลี่ยนแปลงชายฝั่ง (ระบบหาด)', 'mainland', 'transect', year, BASE),
    rateLayer(`changerate_land_${year}`, 'อัตราการเปลี่ยนแปลงชายฝั่ง (เขตการปกครอง)', 'mainland', 'segment', year, BASE),
    rateLayer(`changerate_island_${year}`, 'อัตราการเปลี่ยนแปลงชายฝั่งเกาะ', 'island', 'transect', year, ISLAND),
    rateLayer(`changerate_lake_${year}`, 'อัตราการเปลี่ยนแปลงชายฝั่งทะเลสาบสงขลา', 'lake_land', 'transect', year, BASE),
    rateLayer(`changerate_lake_island_${year}`, 'อัตราการเปลี่ยนแปลงชายฝั่งเกาะในทะเลสาบสงขลา', 'lake_island', 'transect', year, LAKE_ISLAND),
  ]);
}
