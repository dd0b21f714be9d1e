// page=changecoastline (router or router.php): location lists of the erosion/accretion areas
// computed from the monitoring lines, and the year pairs for mainland, islands and Songkhla Lake.
import { pageModes, sendData, type RouterContext } from '../context.ts';
import { AREA_SOURCES, sendAreaList } from '../lists.ts';
import { yearPairs } from '../years.ts';

async function years(ctx: RouterContext, island: boolean): Promise<void> {
  const lake = ctx.params.oneOf('area', ['lake']) === 'lake';
  const zone = lake ? (island ? 'lake_island' : 'lake_land') : island ? 'island' : 'mainland';
  await sendData(ctx, await yearPairs(ctx.db, { table: 'cmline', zone }, lake ? 'oldest-first' : 'newest-first'));
}

export const changecoastline = pageModes({
  list: (ctx) => sendAreaList(ctx, AREA_SOURCES.changecoastline),
  year: (ctx) => years(ctx, false),
  yearIsland: (ctx) => years(ctx, true),
});
