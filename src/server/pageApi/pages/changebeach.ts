// page=changebeach&mode=island: the change-rate island list (SPEC.md §3: layer, prv_code,
// amp_code, prv_name, amp_name; the name before the underscore is the island).
import { pageModes, sendData } from '../context.ts';

export const changebeach = pageModes({
  island: async (ctx) => {
    const pv = ctx.params.codeList('pv', 2);
    const ap = ctx.params.code('ap', 4);
    const { rows } = await ctx.db.query(
      `SELECT layer, prv_code, amp_code, prv_name, amp_name FROM changerate_island_list
       WHERE ($1::text[] IS NULL OR prv_code = ANY($1::text[])) AND ($2::text IS NULL OR amp_code = $2)
       ORDER BY prv_code, amp_code, layer`,
      [pv ?? null, ap ?? null],
    );
    await sendData(ctx, rows);
  },
});
