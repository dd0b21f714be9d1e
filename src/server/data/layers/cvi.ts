// CVI layers: cvi_<values>, the selected variable numbers (1-11, physical 1-5, socio-economic
// 6-11) joined by '_', e.g. cvi_1_3_7. Each segment shows the mean of the selected scores
// (cvi_value) and that mean rounded half up to a level 1 very low .. 5 very high (cvi_level).

import type { PublishedFamily } from '../../../engine/catalog.ts';
import { makeSource, type Column } from './sql.ts';
import type { VectorFeatureType } from './types.ts';

const CVI_VARIABLES = 11;
const NAME = /^cvi_(\d{1,2}(?:_\d{1,2}){0,10})$/;

/** The variable numbers of a cvi_ name (distinct, 1-11, sorted), or undefined. */
export function cviVariables(name: string): number[] | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const values = match[1]!.split('_').map(Number);
  if (values.some((v) => v < 1 || v > CVI_VARIABLES) || new Set(values).size !== values.length) return undefined;
  return [...values].sort((a, b) => a - b);
}

/** The cvi_ layer of a name; the catalog's family entry gives the fixed attributes and legend. */
export function cviType(name: string, family: PublishedFamily): VectorFeatureType | undefined {
  const variables = cviVariables(name);
  if (!variables) return undefined;
  const mean = `((${variables.map((v) => `v${v}`).join(' + ')})::double precision / ${variables.length})`;
  const columns: readonly Column[] = [
    ...family.attributes,
    { name: 'cvi_value', type: 'double', expr: `round(${mean}::numeric, 2)::double precision` },
    { name: 'cvi_level', type: 'int', expr: `least(5, greatest(1, floor(${mean} + 0.5)))::integer` },
    ...Array.from({ length: CVI_VARIABLES }, (_, i): Column => ({ name: `v${i + 1}`, type: 'int' })),
  ];
  return {
    kind: 'vector',
    name,
    title: `ดัชนีความเปราะบางชายฝั่ง (${variables.join(', ')})`,
    table: 'cvi',
    geometryColumn: 'geom',
    geometryKind: 'polygon',
    idColumn: 'gid',
    attributes: columns,
    ...(family.legend ? { legend: family.legend } : {}),
    queryable: true,
    source: makeSource('cvi', columns, []),
  };
}

/** The names listed in capabilities: each variable alone and all eleven (any combination resolves). */
export function listedCviNames(): string[] {
  const all = Array.from({ length: CVI_VARIABLES }, (_, i) => i + 1);
  return [...all.map((v) => `cvi_${v}`), `cvi_${all.join('_')}`];
}
