// Location lists (SPEC.md §7 `mode=list&list=province|amphur|tambon`): the administrative areas
// that hold data of a page, as `{code, name}` pairs ordered by code. The table and filter come
// from constants below; request values (codes) are bound as parameters.
import type { Queryable } from '../db/types.ts';
import type { RouterContext } from './context.ts';
import { sendData } from './context.ts';
import { bad } from './params.ts';

/** The table whose rows make an area "have data" on a page. */
interface AreaSource {
  table: string;
  /** A constant SQL condition on that table, aliased `s` (no request values). */
  where?: string;
}

export const AREA_SOURCES = {
  coastline: { table: 'cmline' },
  shoreline: { table: 'shoreline' },
  changecoastline: { table: 'change_area', where: "s.dataset = 'cmline'" },
  change: { table: 'change_area', where: "s.dataset = 'shoreline'" },
  landuse: { table: 'landuse' },
  beachsystem: { table: 'coast_segment', where: 's.code_b_s IS NOT NULL' },
} as const satisfies Record<string, AreaSource>;

export type Level = 'province' | 'amphur' | 'tambon';

const LEVELS = {
  province: { table: 'province', code: 'prv_code', name: 'prv_name' },
  amphur: { table: 'district', code: 'amp_code', name: 'amp_name' },
  tambon: { table: 'subdistrict', code: 'tam_code', name: 'tam_name' },
} as const;

interface AreaFilter {
  /** Province codes (one or several). */
  pv?: readonly string[];
  /** One district code. */
  ap?: string;
  /** Extra constant-column equalities on the source table, e.g. code_b_m = $n (column names are constants of the caller). */
  sourceEquals?: ReadonlyArray<readonly [column: string, value: string]>;
}

/** Areas of one level that have rows in `source`; `withId` adds the area row's gid as `id`. */
export async function areaList(db: Queryable, level: Level, source: AreaSource, filter: AreaFilter = {}, withId = false): Promise<Record<string, unknown>[]> {
  const l = LEVELS[level];
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const outer: string[] = [];
  if (filter.pv) outer.push(`a.prv_code = ANY(${bind(filter.pv)}::text[])`);
  if (filter.ap && level === 'tambon') outer.push(`a.amp_code = ${bind(filter.ap)}`);
  const inner = [`s.${l.code} = a.${l.code}`];
  if (source.where) inner.push(source.where);
  for (const [column, value] of filter.sourceEquals ?? []) inner.push(`s.${column} = ${bind(value)}`);
  outer.push(`EXISTS (SELECT 1 FROM ${source.table} s WHERE ${inner.join(' AND ')})`);
  const sql =
    `SELECT ${withId ? 'a.gid AS id, ' : ''}a.${l.code} AS code, a.${l.name} AS name FROM ${l.table} a ` +
    `WHERE ${outer.join(' AND ')} ORDER BY a.${l.code}`;
  const { rows } = await db.query<Record<string, unknown>>(sql, params);
  return rows;
}

/** `list=province|amphur|tambon` with pv (one or several provinces) and ap: the common list handler. */
export async function sendAreaList(ctx: RouterContext, source: AreaSource, extraLists: Record<string, (ctx: RouterContext) => Promise<void>> = {}): Promise<void> {
  const lists = ['province', 'amphur', 'tambon', ...Object.keys(extraLists)];
  const list = ctx.params.oneOf('list', lists, true);
  const extra = Object.hasOwn(extraLists, list) ? extraLists[list] : undefined;
  if (extra) return extra(ctx);
  await sendData(ctx, await areaList(ctx.db, list as Level, source, areaFilter(ctx, list as Level)));
}

/** pv / ap of a list request: a district list needs pv, a sub-district list needs ap. */
export function areaFilter(ctx: RouterContext, level: Level): AreaFilter {
  const pv = ctx.params.codeList('pv', 2, level === 'amphur');
  const ap = ctx.params.code('ap', 4, level === 'tambon');
  if (ap && pv && !pv.includes(ap.slice(0, 2))) throw bad('ap is not a district of pv');
  return { ...(pv ? { pv } : {}), ...(ap ? { ap } : {}) };
}
