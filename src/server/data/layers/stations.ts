// Point networks: HF radar stations and current vectors, CCTV cameras (SPEC.md §3 names their
// station properties id, CODE, SITE, BAND).

import { col, makeSource, type Column } from './sql.ts';
import type { VectorFeatureType } from './types.ts';

const CURRENT: readonly Column[] = [
  col('gid', 'int'),
  col('sitename', 'string'),
  col('velocity', 'double'),
  col('direction', 'double'),
  col('latitude', 'double'),
  col('longtitude', 'double'),
  col('time_stamp', 'datetime'),
];
const RADAR: readonly Column[] = [
  col('id', 'int'),
  col('CODE', 'string', 'code'),
  col('SITE', 'string', 'site'),
  col('BAND', 'string', 'band'),
  col('zone_no', 'int'),
  col('zone_name', 'string'),
  col('prv_code', 'string'),
  col('amp_code', 'string'),
  col('tam_code', 'string'),
];
const CCTV: readonly Column[] = [
  col('id', 'int'),
  col('CODE', 'string', 'code'),
  col('SITE', 'string', 'site'),
  col('BAND', 'string', 'band'),
  col('link', 'string'),
  col('prv_code', 'string'),
  col('amp_code', 'string'),
  col('tam_code', 'string'),
];

export function stationTypes(): VectorFeatureType[] {
  return [
    {
      kind: 'vector',
      name: 'radar_current',
      title: 'กระแสน้ำผิวหน้าจากเรดาร์ชายฝั่ง',
      table: 'radar_current',
      geometryColumn: 'geom',
      geometryKind: 'line',
      idColumn: 'gid',
      attributes: CURRENT,
      legend: 'radar-current',
      source: makeSource('radar_current', CURRENT, []),
    },
    {
      kind: 'vector',
      name: 'radar_station',
      title: 'สถานีเรดาร์ชายฝั่ง',
      table: 'radar_station',
      geometryColumn: 'geom',
      geometryKind: 'point',
      idColumn: 'id',
      attributes: RADAR,
      legend: 'stations',
      source: makeSource('radar_station', RADAR, []),
    },
    {
      kind: 'vector',
      name: 'cctv',
      title: 'กล้อง CCTV ชายฝั่ง',
      table: 'cctv',
      geometryColumn: 'geom',
      geometryKind: 'point',
      idColumn: 'id',
      attributes: CCTV,
      legend: 'stations',
      source: makeSource('cctv', CCTV, []),
    },
  ];
}
