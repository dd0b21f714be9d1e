// Coastline layers: monitoring lines by year (mainland, islands, Songkhla Lake), shorelines,
// the two-year comparison lines, islands and analysis areas.

import { ADMIN, ADMIN_TN, col, equalsParam, lit, makeSource, type Column } from './sql.ts';
import type { VectorFeatureType } from './types.ts';
import { ISLAND_ONLY, OPTIONAL_YEARS } from './viewParams.ts';

export const CMLINE_YEARS = [2562, 2563, 2564, 2565, 2566, 2567] as const;
export const SHORELINE_YEARS = [2548, 2554, 2556, 2557, 2558, 2559] as const;

const LENGTHS: readonly Column[] = [col('length_km', 'double'), col('shape_leng', 'double')];
const LINE: readonly Column[] = [col('gid', 'int'), col('line_year', 'int'), ...ADMIN, ...LENGTHS];
const ISLAND_LINE: readonly Column[] = [
  col('gid', 'int', 'island_gid'),
  col('line_year', 'int'),
  col('island', 'string'),
  ...ADMIN,
  ...ADMIN_TN,
  ...LENGTHS,
];
const LAKE_ISLAND_LINE: readonly Column[] = [
  col('gid', 'int'),
  col('id', 'int', 'lake_island_id'),
  col('line_year', 'int'),
  col('island', 'string'),
  ...ADMIN,
  ...ADMIN_TN,
  ...LENGTHS,
];

function lines(name: string, title: string, zone: string, columns: readonly Column[], year: number, idColumn = 'gid'): VectorFeatureType {
  return {
    kind: 'vector',
    name,
    title,
    table: 'cmline',
    geometryColumn: 'geom',
    geometryKind: 'line',
    idColumn,
    attributes: columns,
    legend: 'cmline-years',
    source: makeSource('cmline', columns, [`zone = ${lit(zone)}`, `line_year = ${lit(year)}`]),
  };
}

/** line_year IN (start, end) when both are given, else every year. */
const yearPair = (values: Readonly<Record<string, string | number | undefined>>, bind: (v: unknown) => string) =>
  values.start !== undefined && values.end !== undefined ? `line_year IN (${bind(values.start)}, ${bind(values.end)})` : null;

export function coastlineTypes(): VectorFeatureType[] {
  const out: VectorFeatureType[] = [];
  for (const year of CMLINE_YEARS) {
    out.push(lines(`cmline_${year}`, `แนวชายฝั่ง พ.ศ. ${year}`, 'mainland', LINE, year));
    out.push(lines(`cmline_island_${year}`, `แนวชายฝั่งเกาะ พ.ศ. ${year}`, 'island', ISLAND_LINE, year));
    out.push(lines(`cmline_lake_land_${year}`, `แนวชายฝั่งทะเลสาบสงขลา พ.ศ. ${year}`, 'lake_land', LINE, year));
    out.push(lines(`cmline_lake_island_${year}`, `แนวชายฝั่งเกาะในทะเลสาบสงขลา พ.ศ. ${year}`, 'lake_island', LAKE_ISLAND_LINE, year));
  }
  for (const year of SHORELINE_YEARS) {
    out.push({
      kind: 'vector',
      name: `shoreline_${year}`,
      title: `แนวชายฝั่ง พ.ศ. ${year}`,
      table: 'shoreline',
      geometryColumn: 'geom',
      geometryKind: 'line',
      idColumn: 'gid',
      attributes: LINE,
      legend: 'shoreline-years',
      source: makeSource('shoreline', LINE, [`line_year = ${lit(year)}`]),
    });
  }
  out.push({
    kind: 'vector',
    name: 'cmline_change',
    title: 'แนวชายฝั่งปีเริ่มต้นและปีสิ้นสุด',
    table: 'cmline',
    geometryColumn: 'geom',
    geometryKind: 'line',
    idColumn: 'gid',
    attributes: LINE,
    legend: 'cmline-years',
    viewParams: OPTIONAL_YEARS,
    source: makeSource('cmline', LINE, [`zone = 'mainland'`, yearPair]),
  });
  const islandChange = [col('fid', 'int', 'gid'), ...ISLAND_LINE];
  out.push({
    kind: 'vector',
    name: 'cmline_island_change',
    title: 'แนวชายฝั่งเกาะปีเริ่มต้นและปีสิ้นสุด',
    table: 'cmline',
    geometryColumn: 'geom',
    geometryKind: 'line',
    idColumn: 'fid',
    attributes: islandChange,
    legend: 'cmline-years',
    viewParams: OPTIONAL_YEARS,
    source: makeSource('cmline', islandChange, [`zone = 'island'`, yearPair]),
  });

  const islandFilters = [equalsParam('island', 'island'), equalsParam('amp_name', 'ap_tn', true), equalsParam('prv_name', 'pv_tn', true)];
  const islandPolygon = [col('gid', 'int'), col('island', 'string'), col('island_en', 'string'), ...ADMIN, ...ADMIN_TN, col('area', 'double')];
  out.push({
    kind: 'vector',
    name: 'island_polygon',
    title: 'เกาะ',
    table: 'island',
    geometryColumn: 'geom',
    geometryKind: 'polygon',
    idColumn: 'gid',
    attributes: islandPolygon,
    viewParams: ISLAND_ONLY,
    source: makeSource('island', islandPolygon, islandFilters),
  });
  const analysis = [col('gid', 'int'), col('seg_gid', 'int'), ...ADMIN, col('area', 'double')];
  out.push({
    kind: 'vector',
    name: 'changearea_analysis',
    title: 'พื้นที่วิเคราะห์การเปลี่ยนแปลงชายฝั่ง',
    table: 'analysis_area',
    geometryColumn: 'geom',
    geometryKind: 'polygon',
    idColumn: 'gid',
    attributes: analysis,
    source: makeSource('analysis_area', analysis, [`zone = 'mainland'`]),
  });
  const islandAnalysis = [col('gid', 'int'), col('island_gid', 'int'), col('island', 'string'), ...ADMIN, ...ADMIN_TN, col('area', 'double')];
  out.push({
    kind: 'vector',
    name: 'cmline_island_analysis',
    title: 'พื้นที่วิเคราะห์การเปลี่ยนแปลงชายฝั่งเกาะ',
    table: 'analysis_area',
    geometryColumn: 'geom',
    geometryKind: 'polygon',
    idColumn: 'gid',
    attributes: islandAnalysis,
    viewParams: ISLAND_ONLY,
    source: makeSource('analysis_area', islandAnalysis, [`zone = 'island'`, ...islandFilters]),
  });
  return out;
}
