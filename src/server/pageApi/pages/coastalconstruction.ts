// page=coastalconstruction&mode=list (SPEC.md §7): the coastal structure types
// {code_stru, name_t, name_e, layout, count}, count = structures of that type in the data.
import { pageModes, sendData } from '../context.ts';

export const coastalconstruction = pageModes({
  list: async (ctx) => {
    const { rows } = await ctx.db.query(
      `SELECT t.code_stru, t.name_t, t.name_e, t.layout,
              (SELECT count(*)::int FROM coastal_structure s WHERE s.code_stru = t.code_stru) AS count
       FROM structure_type t ORDER BY t.gid`,
    );
    await sendData(ctx, rows);
  },
});
