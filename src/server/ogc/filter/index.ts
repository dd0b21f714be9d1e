// Public API of the OGC filter modules: CQL_FILTER, FES FILTER, BBOX and viewparams to
// parameterised PostGIS SQL (DESIGN.md §6). Pure: no database access.
export type { AttributeRef, ComparisonOperator, Envelope, FilterNode, FilterNodeType, Literal, Operand } from './ast.ts';
export { FilterError, type OgcFilterExceptionCode } from './errors.ts';
export { CQL_MAX_DEPTH, CQL_MAX_IN_ITEMS, CQL_MAX_LENGTH, parseCql, parseCqlPerLayer, splitPerLayer, type CqlParseOptions } from './cql.ts';
export { FES_MAX_BYTES, parseFes, type FesParseOptions } from './fes.ts';
export { bboxFilter, parseBbox, type BboxOptions, type ParsedBbox } from './bbox.ts';
export { resolveCrs, type CrsInfo, type CrsKind } from './crs.ts';
export { quoteIdentifier, toSpatialSql, toSql, type ColumnType, type SpatialNode, type SqlFragment, type SqlParam, type ToSqlOptions } from './sql.ts';
export {
  parseViewparams,
  parseViewparamsText,
  splitViewparamsPerLayer,
  type ViewParamSpec,
  type ViewParamsSpec,
  type ViewParamValue,
  type ViewParamValues,
} from './viewparams.ts';

import type { FilterNode } from './ast.ts';
import { parseCql, type CqlParseOptions } from './cql.ts';
import { parseFes, type FesParseOptions } from './fes.ts';
import { toSql, type SqlFragment, type ToSqlOptions } from './sql.ts';

/** parseCql + toSql with the CQL_FILTER locator. */
export function cqlToSql(text: string, options: ToSqlOptions & CqlParseOptions): SqlFragment {
  return toSql(parseCql(text, options), { ...options, locator: options.locator ?? 'CQL_FILTER' });
}

/** parseFes + toSql with the FILTER locator. */
export function fesToSql(xml: string, options: ToSqlOptions & FesParseOptions): SqlFragment {
  return toSql(parseFes(xml, options), { ...options, locator: options.locator ?? 'FILTER' });
}

/** AND of several filters (e.g. BBOX parameter and CQL_FILTER); undefined entries are skipped. */
export function andFilters(...filters: Array<FilterNode | undefined>): FilterNode {
  const present = filters.filter((f): f is FilterNode => f !== undefined);
  if (present.length === 0) return { type: 'include' };
  return present.length === 1 ? (present[0] as FilterNode) : { type: 'and', children: present };
}
