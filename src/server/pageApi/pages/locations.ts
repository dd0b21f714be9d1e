// page=locations&mode=pv-center (SPEC.md §7): the bounds of a province, district or sub-district
// (the deepest of pv-code, ap-code, tb-code) for fitting the map, with a point inside it.
// Answer: {errors: '', data: [{code, name, level, center: [lon, lat], bbox}], bbox}.
// mode=outline (issue 24: /dashboard draws the chosen area): the same area's boundary as a
// simplified GeoJSON line, {errors: '', data: [{code, name, level, geometry}], bbox}.
import { pageModes, rowBBox, sendData, type RouterContext } from '../context.ts';
import { OUTLINE_COLUMNS, sendOutlines } from '../outline.ts';
import { bad } from '../params.ts';

const LEVELS = {
  province: { table: 'province', code: 'prv_code', name: 'prv_name' },
  amphur: { table: 'district', code: 'amp_code', name: 'amp_name' },
  tambon: { table: 'subdistrict', code: 'tam_code', name: 'tam_name' },
} as const;

/** The deepest area the codes name, checked to nest. */
function chosenArea(ctx: RouterContext): { level: keyof typeof LEVELS; code: string } {
  const pv = ctx.params.code(['pv-code', 'pv_code'], 2);
  const ap = ctx.params.code(['ap-code', 'ap_code'], 4);
  const tb = ctx.params.code(['tb-code', 'tb_code'], 6);
  if (ap && pv && !ap.startsWith(pv)) throw bad('ap-code is not a district of pv-code');
  if (tb && ap && !tb.startsWith(ap)) throw bad('tb-code is not a sub-district of ap-code');
  if (tb && pv && !tb.startsWith(pv)) throw bad('tb-code is not a sub-district of pv-code');
  const [level, code] = tb ? (['tambon', tb] as const) : ap ? (['amphur', ap] as const) : pv ? (['province', pv] as const) : [];
  if (!level) throw bad('missing parameter pv-code');
  return { level, code };
}

async function pvCenter(ctx: RouterContext): Promise<void> {
  const { level, code } = chosenArea(ctx);
  const l = LEVELS[level];
  const { rows } = await ctx.db.query<Record<string, unknown>>(
    `SELECT ${l.code} AS code, ${l.name} AS name,
            ST_X(ST_PointOnSurface(geom)) AS cx, ST_Y(ST_PointOnSurface(geom)) AS cy,
            ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin, ST_XMax(geom) AS xmax, ST_YMax(geom) AS ymax
     FROM ${l.table} WHERE ${l.code} = $1`,
    [code],
  );
  const data = rows.map((r) => ({
    code: r.code,
    name: r.name,
    level,
    center: typeof r.cx === 'number' && typeof r.cy === 'number' ? [r.cx, r.cy] : null,
    bbox: rowBBox(r),
  }));
  await sendData(ctx, data, { bbox: data[0]?.bbox ?? null });
}

async function outline(ctx: RouterContext): Promise<void> {
  const { level, code } = chosenArea(ctx);
  const l = LEVELS[level];
  const { rows } = await ctx.db.query<Record<string, unknown>>(
    `SELECT ${l.code} AS code, ${l.name} AS name, ${OUTLINE_COLUMNS} FROM ${l.table} WHERE ${l.code} = $1`,
    [code],
  );
  await sendOutlines(ctx, rows, level);
}

export const locations = pageModes({ 'pv-center': pvCenter, outline });
