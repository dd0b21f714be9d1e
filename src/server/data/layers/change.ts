// Erosion and accretion polygons between two years (SQL views with viewparams): mainland and
// Songkhla Lake shore by administrative code, islands and lake islands by name.

import { ADMIN, ADMIN_TN, adminCodeParam, col, equalsParam, lit, makeSource, type Column } from './sql.ts';
import type { VectorFeatureType } from './types.ts';
import { CODE_YEARS, ISLAND_YEARS } from './viewParams.ts';

const KINDS = { erosion: 'พื้นที่กัดเซาะ', accretion: 'พื้นที่ทับถม' } as const;

const BASE: readonly Column[] = [
  col('gid', 'int'),
  col('kind', 'string'),
  col('start_year', 'int'),
  col('end_year', 'int'),
  col('area', 'double'),
  ...ADMIN,
];
const ISLAND: readonly Column[] = [...BASE, col('island', 'string'), col('island_gid', 'int'), ...ADMIN_TN];
const LAKE_ISLAND: readonly Column[] = [...BASE, col('island', 'string'), col('id', 'int', 'lake_island_id'), ...ADMIN_TN];

const years = [equalsParam('start_year', 'start'), equalsParam('end_year', 'end')];
const islandNames = [equalsParam('island', 'island'), equalsParam('amp_name', 'ap_tn', true), equalsParam('prv_name', 'pv_tn', true)];

function changeLayer(
  name: string,
  title: string,
  dataset: 'cmline' | 'shoreline',
  zone: string,
  kind: keyof typeof KINDS,
  columns: readonly Column[],
  byIsland: boolean,
): VectorFeatureType {
  return {
    kind: 'vector',
    name,
    title,
    table: 'change_area',
    geometryColumn: 'geom',
    geometryKind: 'polygon',
    idColumn: 'gid',
    attributes: columns,
    legend: 'erosion-accretion',
    viewParams: byIsland ? ISLAND_YEARS : CODE_YEARS,
    source: makeSource('change_area', columns, [
      `dataset = ${lit(dataset)}`,
      `zone = ${lit(zone)}`,
      `kind = ${lit(kind)}`,
      ...(byIsland ? islandNames : [adminCodeParam('code')]),
      ...years,
    ]),
  };
}

export function changeTypes(): VectorFeatureType[] {
  const out: VectorFeatureType[] = [];
  for (const kind of ['erosion', 'accretion'] as const) {
    const th = KINDS[kind];
    out.push(changeLayer(`${kind}_area`, th, 'cmline', 'mainland', kind, BASE, false));
    out.push(changeLayer(`${kind}_island`, `${th}เกาะ`, 'cmline', 'island', kind, ISLAND, true));
    out.push(changeLayer(`${kind}_lake`, `${th}ทะเลสาบสงขลา`, 'cmline', 'lake_land', kind, BASE, false));
    out.push(changeLayer(`${kind}_lake_island`, `${th}เกาะในทะเลสาบสงขลา`, 'cmline', 'lake_island', kind, LAKE_ISLAND, true));
    out.push(changeLayer(`shoreline_${kind}_area`, `${th} (แนวชายฝั่งในอดีต)`, 'shoreline', 'mainland', kind, BASE, false));
  }
  return out;
}
