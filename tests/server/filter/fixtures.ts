// Shared feature-type fixture for the filter tests: a coastline-style layer (SPEC.md §3 data
// records: province/district/sub-district codes and Thai names, islands, change rate epr).
import type { ColumnType, ToSqlOptions } from '../../../src/server/ogc/filter/index.ts';

export const columns: Record<string, ColumnType> = {
  gid: 'int',
  prv_code: 'string',
  amp_code: 'string',
  tam_code: 'string',
  prv_name: 'string',
  amp_name: 'string',
  island: 'string',
  code_b_m: 'string',
  epr: 'double',
  shape_leng: 'double',
  year: 'int',
  survey_date: 'date',
  active: 'bool',
  a: 'string',
  b: 'string',
  c: 'string',
};

export const sqlOptions: ToSqlOptions = { columns, geometryColumn: 'geom' };
