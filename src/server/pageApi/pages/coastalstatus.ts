// page=coastalstatus&mode=list (SPEC.md §7 lists; config/topics/coastalstatus.yaml): the sub
// littoral cells of the coastal status lines, optionally of the province(s) pv, with the Thai
// name of the matching beach sub group: {sub_cell, name}.
import { pageModes, sendData } from '../context.ts';

export const coastalstatus = pageModes({
  list: async (ctx) => {
    const pv = ctx.params.codeList('pv', 2);
    const { rows } = await ctx.db.query(
      `SELECT c.sub_cell, min(b.b_c_thai) AS name FROM coastal_status c
       LEFT JOIN beach_sub b ON b.code_b_c = c.sub_cell
       WHERE c.sub_cell IS NOT NULL AND ($1::text[] IS NULL OR c.prv_code = ANY($1::text[]))
       GROUP BY c.sub_cell ORDER BY c.sub_cell`,
      [pv ?? null],
    );
    await sendData(ctx, rows);
  },
});
