// page=change: location lists of the erosion/accretion areas between historical shorelines and
// the shoreline year pairs (newest first).
import { pageModes, sendData } from '../context.ts';
import { AREA_SOURCES, sendAreaList } from '../lists.ts';
import { yearPairs } from '../years.ts';

export const change = pageModes({
  list: (ctx) => sendAreaList(ctx, AREA_SOURCES.change),
  year: async (ctx) => sendData(ctx, await yearPairs(ctx.db, { table: 'shoreline' }, 'newest-first')),
});
