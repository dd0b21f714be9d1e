// page=coastline: location lists of the coastline monitoring lines (SPEC.md §7), plus the
// districts that have islands and the Songkhla Lake islands (SPEC.md §3 lake island record).
import { pageModes, sendData, type RouterContext } from '../context.ts';
import { AREA_SOURCES, sendAreaList } from '../lists.ts';

/** list=amphur-island&pv=..: districts of the province(s) with islands. */
async function amphurIsland(ctx: RouterContext): Promise<void> {
  const pv = ctx.params.codeList('pv', 2, true)!;
  const { rows } = await ctx.db.query(
    `SELECT d.amp_code AS code, d.amp_name AS name FROM district d
     WHERE d.prv_code = ANY($1::text[]) AND EXISTS (SELECT 1 FROM island i WHERE i.amp_code = d.amp_code)
     ORDER BY d.amp_code`,
    [pv],
  );
  await sendData(ctx, rows);
}

/** list=lake-island: id, island, pv_idn, pv_tn, ap_idn, ap_tn, tb_idn, tb_tn (optionally of pv). */
async function lakeIslands(ctx: RouterContext): Promise<void> {
  const pv = ctx.params.codeList('pv', 2);
  const { rows } = await ctx.db.query(
    `SELECT id, island, pv_idn, pv_tn, ap_idn, ap_tn, tb_idn, tb_tn FROM lake_island
     WHERE $1::text[] IS NULL OR pv_idn = ANY($1::text[]) ORDER BY id`,
    [pv ?? null],
  );
  await sendData(ctx, rows);
}

export const coastline = pageModes({
  list: (ctx) => sendAreaList(ctx, AREA_SOURCES.coastline, { 'amphur-island': amphurIsland, 'lake-island': lakeIslands }),
});
