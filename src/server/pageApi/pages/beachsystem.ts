// page=beachsystem (SPEC.md §3, §7): the three beach-system levels with their bounding boxes
// (main groups T1-T8 `beachm`, sub groups `beachc`, systems `beachs`), the bounds of one of
// them (`getBBox`), the outline of one of them (`outline`, issue 24: /dashboard draws it) and
// location lists of the areas along beach systems (`location`).
// Every list answers `{errors: '', data: [...], bbox}`; each row carries its own `bbox`
// [xmin, ymin, xmax, ymax] (EPSG:4326) and the top-level bbox surrounds them all.
import { pageModes, rowBBox, sendData, unionBBox, type RouterContext } from '../context.ts';
import { AREA_SOURCES, areaFilter, areaList, type Level } from '../lists.ts';
import { bad } from '../params.ts';
import { OUTLINE_COLUMNS, sendOutlines } from '../outline.ts';

type Row = Record<string, unknown>;

class Where {
  readonly params: unknown[] = [];
  readonly parts: string[] = [];
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(part: string): void {
    this.parts.push(part);
  }
  toString(): string {
    return this.parts.length ? ` WHERE ${this.parts.join(' AND ')}` : '';
  }
}

/** pv_code / ap_code / tb_code: keep groups with coastline in that area (coast_segment carries both codes). */
function adminFilter(ctx: RouterContext, where: Where, codeColumn: 'code_b_m' | 'code_b_c' | 'code_b_s'): void {
  const pv = ctx.params.code(['pv_code', 'pv-code'], 2);
  const ap = ctx.params.code(['ap_code', 'ap-code'], 4);
  const tb = ctx.params.code(['tb_code', 'tb-code'], 6);
  if (!pv && !ap && !tb) return;
  const conditions = [`s.${codeColumn} = b.${codeColumn}`];
  if (pv) conditions.push(`s.prv_code = ${where.bind(pv)}`);
  if (ap) conditions.push(`s.amp_code = ${where.bind(ap)}`);
  if (tb) conditions.push(`s.tam_code = ${where.bind(tb)}`);
  where.add(`EXISTS (SELECT 1 FROM coast_segment s WHERE ${conditions.join(' AND ')})`);
}

async function sendWithBBox(ctx: RouterContext, sql: string, where: Where, pick: (row: Row) => Row): Promise<void> {
  const { rows } = await ctx.db.query<Row>(sql.replace('{where}', where.toString()), where.params);
  const data = rows.map((row) => ({ ...pick(row), bbox: rowBBox(row) }));
  await sendData(ctx, data, { bbox: unionBBox(data.map((d) => d.bbox)) });
}

const BOX = 'xmin, ymin, xmax, ymax';

const BEACH_LEVELS = [
  { param: 'code_b_s', table: 'beach_system', code: 'code_b_s', name: 'b_s_thai' },
  { param: 'code_b_c', table: 'beach_sub', code: 'code_b_c', name: 'b_c_thai' },
  { param: 'code_b_m', table: 'beach_main', code: 'code_b_m', name: 'b_m_thai' },
] as const;

/** The deepest beach level given (code_b_s, else code_b_c, else code_b_m) and its code. */
function deepestBeach(ctx: RouterContext): { level: (typeof BEACH_LEVELS)[number]; code: string } {
  for (const level of BEACH_LEVELS) {
    const code = ctx.params.beachCode(level.param);
    if (code) return { level, code };
  }
  throw bad('missing parameter code_b_m, code_b_c or code_b_s');
}

export const beachsystem = pageModes({
  beachm: async (ctx) => {
    const where = new Where();
    adminFilter(ctx, where, 'code_b_m');
    await sendWithBBox(ctx, `SELECT code_b_m, b_m_thai, length_m, ${BOX} FROM beach_main_list b{where} ORDER BY code_b_m`, where, (r) => ({
      code_b_m: r.code_b_m,
      b_m_thai: r.b_m_thai,
      length_m: r.length_m,
    }));
  },

  beachc: async (ctx) => {
    const where = new Where();
    const m = ctx.params.beachCode('code_b_m');
    if (m) where.add(`b.code_b_m = ${where.bind(m)}`);
    adminFilter(ctx, where, 'code_b_c');
    await sendWithBBox(ctx, `SELECT code_b_m, code_b_c, b_c_thai, length_m, ${BOX} FROM beach_sub_list b{where} ORDER BY code_b_c`, where, (r) => ({
      code_b_m: r.code_b_m,
      code_b_c: r.code_b_c,
      b_c_thai: r.b_c_thai,
      length_m: r.length_m,
    }));
  },

  beachs: async (ctx) => {
    const where = new Where();
    const m = ctx.params.beachCode('code_b_m');
    const c = ctx.params.beachCode('code_b_c');
    if (m) where.add(`b.code_b_m = ${where.bind(m)}`);
    if (c) where.add(`b.code_b_c = ${where.bind(c)}`);
    adminFilter(ctx, where, 'code_b_s');
    await sendWithBBox(
      ctx,
      `SELECT code_b_m, code_b_c, code_b_s, b_s_thai, length_m, prv_code, amp_code, ${BOX} FROM beach_system_list b{where} ORDER BY code_b_s`,
      where,
      (r) => ({
        code_b_m: r.code_b_m,
        code_b_c: r.code_b_c,
        code_b_s: r.code_b_s,
        b_s_thai: r.b_s_thai,
        length_m: r.length_m,
        prv_code: r.prv_code,
        amp_code: r.amp_code,
      }),
    );
  },

  /** The bounds of the deepest of code_b_s, code_b_c, code_b_m: data [{code, name, bbox}], bbox. */
  getBBox: async (ctx) => {
    const { level, code } = deepestBeach(ctx);
    const where = new Where();
    const sql = `SELECT ${level.code} AS code, ${level.name} AS name, ${BOX} FROM ${level.table}_list b WHERE ${level.code} = ${where.bind(code)}`;
    await sendWithBBox(ctx, sql, where, (r) => ({ code: r.code, name: r.name }));
  },

  /** The outline of the deepest of code_b_s, code_b_c, code_b_m: data [{code, name, level, geometry}], bbox. */
  outline: async (ctx) => {
    const { level, code } = deepestBeach(ctx);
    const { rows } = await ctx.db.query<Row>(`SELECT ${level.code} AS code, ${level.name} AS name, ${OUTLINE_COLUMNS} FROM ${level.table} WHERE ${level.code} = $1`, [code]);
    await sendOutlines(ctx, rows, level.table);
  },

  /** Location lists along beach systems: list=province|amphur|tambon (default province) -> {id, code, name}. */
  location: async (ctx) => {
    const level: Level = ctx.params.oneOf('list', ['province', 'amphur', 'tambon'] as const) ?? 'province';
    const sourceEquals: Array<[string, string]> = [];
    for (const key of ['code_b_m', 'code_b_c', 'code_b_s'] as const) {
      const value = ctx.params.beachCode(key);
      if (value) sourceEquals.push([key, value]);
    }
    const rows = await areaList(ctx.db, level, AREA_SOURCES.beachsystem, { ...areaFilter(ctx, level), sourceEquals }, true);
    await sendData(ctx, rows);
  },
});
