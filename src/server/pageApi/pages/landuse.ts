// page=landuse (SPEC.md §7): the land-use classes (mode=lul2: {lul2_code, lul2_t}, optionally
// only those present in pv / ap / tb) and the location lists of the land-use data (mode=list).
import { pageModes, sendData } from '../context.ts';
import { AREA_SOURCES, sendAreaList } from '../lists.ts';

export const landuse = pageModes({
  lul2: async (ctx) => {
    const pv = ctx.params.codeList('pv', 2);
    const ap = ctx.params.code('ap', 4);
    const tb = ctx.params.code('tb', 6);
    const { rows } =
      pv || ap || tb
        ? await ctx.db.query(
            `SELECT c.lul2_code, c.lul2_t FROM landuse_class c
             WHERE EXISTS (SELECT 1 FROM landuse l WHERE l.lul2_code = c.lul2_code
               AND ($1::text[] IS NULL OR l.prv_code = ANY($1::text[]))
               AND ($2::text IS NULL OR l.amp_code = $2) AND ($3::text IS NULL OR l.tam_code = $3))
             ORDER BY c.lul2_code`,
            [pv ?? null, ap ?? null, tb ?? null],
          )
        : await ctx.db.query('SELECT lul2_code, lul2_t FROM landuse_class ORDER BY lul2_code');
    await sendData(ctx, rows);
  },
  list: (ctx) => sendAreaList(ctx, AREA_SOURCES.landuse),
});
